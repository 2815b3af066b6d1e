import { BaseModel } from './BaseModel.ts';

/** A reply in a ticket's conversation: the artist's (`fromTeam` false) or the team's. */
export class TicketMessage extends BaseModel {
  static override tableName = 'ticket_messages';

  id!: string;
  ticketId!: string;
  authorId!: string | null;
  fromTeam!: boolean;
  body!: string;
  createdAt!: Date;
}
