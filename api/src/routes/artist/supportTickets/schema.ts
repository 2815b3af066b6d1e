import { z } from 'zod';
import { TicketBody } from '@riffline/contracts';

export const OpenTicketSchema = z.object({ body: TicketBody });
export type OpenTicketInput = z.infer<typeof OpenTicketSchema>;
