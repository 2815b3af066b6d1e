import { z } from 'zod';
import { SupportTicketBody } from '@riffline/contracts';

export const OpenSupportTicketSchema = z.object({ body: SupportTicketBody });
export type OpenSupportTicketInput = z.infer<typeof OpenSupportTicketSchema>;
