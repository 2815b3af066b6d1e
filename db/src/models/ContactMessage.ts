import type { ContactMessageStatus } from '@riffline/contracts';
import { BaseModel } from './BaseModel.ts';

export class ContactMessage extends BaseModel {
  static override tableName = 'contact_messages';

  id!: string;
  name!: string;
  email!: string;
  subject!: string;
  message!: string;
  status!: ContactMessageStatus;
  handledBy!: string | null;
  handledAt!: Date | null;
  reply!: string | null;
  repliedAt!: Date | null;
  createdAt!: Date;
}
