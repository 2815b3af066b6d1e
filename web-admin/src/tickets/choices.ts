import { ticketPriorities, ticketStatuses } from '@riffline/contracts';

const choice = (id: string) => ({ id, name: id.replace('_', ' ') });
export const statusChoices = ticketStatuses.map(choice);
export const priorityChoices = ticketPriorities.map(choice);
