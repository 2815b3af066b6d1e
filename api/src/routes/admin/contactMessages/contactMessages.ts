import { ContactMessage } from '@riffline/db';
import {
  replyToContactMessage,
  setContactMessageStatus,
} from '../../../commands/contactMessages/contactMessageHandler.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentContactMessage } from '../../../presenters/platform.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type {
  ContactMessageIdInput,
  ListContactMessagesInput,
  ReplyToContactMessageInput,
  UpdateContactMessageStatusInput,
} from './schema.ts';

export const list: Handler<ListContactMessagesInput> = async (ctx, { db }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const query = ContactMessage.query(db);
  if (filter.status) query.where('status', filter.status);
  if (filter.q) {
    const like = containsPattern(filter.q);
    query.where((q) => q.whereILike('name', like).orWhereILike('email', like).orWhereILike('subject', like));
  }
  const rows = await pageOf(
    ctx,
    'contact-messages',
    query,
    { sort, range, filter, dates },
    { field: 'createdAt', order: 'desc' },
  );
  return rows.map(presentContactMessage);
};

export const show: Handler<ContactMessageIdInput> = async (ctx, { db }) => {
  const row = await ContactMessage.query(db).findById(ctx.state.input.params.id);
  if (!row) throw NotFoundError('Contact message not found');
  return presentContactMessage(row);
};

export const updateStatus: Handler<UpdateContactMessageStatusInput> = async (ctx, { db, clock }) => {
  const { params, body } = ctx.state.input;
  return presentContactMessage(await setContactMessageStatus(db, ctx.state.user!, params.id, body, clock()));
};

export const reply: Handler<ReplyToContactMessageInput> = async (ctx, { db, clock }) => {
  const { params, body } = ctx.state.input;
  const replied = await replyToContactMessage(db, ctx.state.user!, params.id, body.message, clock());
  return presentContactMessage(replied);
};
