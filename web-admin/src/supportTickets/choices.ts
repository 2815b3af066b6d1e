import { supportTicketPriorities, supportTicketStatuses } from '@riffline/contracts';
import { enumChoices } from '../common/enums.ts';

export const statusChoices = enumChoices('ticketStatus', supportTicketStatuses);
export const priorityChoices = enumChoices('ticketPriority', supportTicketPriorities);
