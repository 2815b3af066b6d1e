import { ticketPriorities, ticketStatuses } from '@riffline/contracts';
import { enumChoices } from '../common/enums.ts';

export const statusChoices = enumChoices('ticketStatus', ticketStatuses);
export const priorityChoices = enumChoices('ticketPriority', ticketPriorities);
