import { z } from 'zod';
import { TicketBody } from '@riffline/contracts';

export const OpenSupportTicketSchema = z.object({ body: TicketBody });
export type OpenSupportTicketInput = z.infer<typeof OpenSupportTicketSchema>;
