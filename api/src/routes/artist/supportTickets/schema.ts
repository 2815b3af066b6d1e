import { z } from 'zod';
import { TicketBody } from '../../../contracts/support.ts';

export const OpenTicketSchema = z.object({ body: TicketBody });
export type OpenTicketInput = z.infer<typeof OpenTicketSchema>;
