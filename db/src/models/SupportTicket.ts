import type { RelationMappings } from 'objection';
import type { SupportTicketCategory, SupportTicketPriority, SupportTicketStatus } from '@riffline/contracts';
import { TimestampedModel } from './BaseModel.ts';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class SupportTicket extends TimestampedModel {
  static override tableName = 'support_tickets';

  id!: string;
  userId!: string;
  subject!: string;
  message!: string;
  category!: SupportTicketCategory | null;
  status!: SupportTicketStatus;
  priority!: SupportTicketPriority;
  assignedTo!: string | null;

  static override get relationMappings(): RelationMappings {
    return {
      user: belongsTo(User, 'support_tickets.userId', 'users.id'),
      assignee: belongsTo(User, 'support_tickets.assignedTo', 'users.id'),
    };
  }
}
