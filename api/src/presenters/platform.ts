import type {
  AdminContactMessageResponse,
  AdminEventResponse,
  AdminNewsletterSubscriptionResponse,
  AdminSettingResponse,
} from '@riffline/contracts';
import type { ContactMessage, Event, NewsletterSubscription, PlatformSetting } from '@riffline/db';

const iso = (date: Date | string) => new Date(date).toISOString();

export const presentSetting = (row: PlatformSetting): AdminSettingResponse => ({
  id: row.id,
  settingKey: row.settingKey,
  settingValue: row.settingValue,
  updatedBy: row.updatedBy,
  updatedAt: iso(row.updatedAt),
});

export const presentContactMessage = (row: ContactMessage): AdminContactMessageResponse => ({
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  status: row.status,
  createdAt: iso(row.createdAt),
  handledBy: row.handledBy ?? null,
  handledAt: row.handledAt ? iso(row.handledAt) : null,
  reply: row.reply ?? null,
  repliedAt: row.repliedAt ? iso(row.repliedAt) : null,
});

export const presentNewsletterSubscription = (
  row: NewsletterSubscription,
): AdminNewsletterSubscriptionResponse => ({
  id: row.id,
  email: row.email,
  isActive: row.isActive,
  createdAt: iso(row.createdAt),
});

export const presentEvent = (row: Event): AdminEventResponse => ({
  id: String(row.id),
  type: row.type,
  aggregateType: row.aggregateType,
  aggregateId: row.aggregateId,
  actorId: row.actorId,
  payload: row.payload,
  occurredAt: iso(row.occurredAt),
  position: row.position === null ? null : String(row.position),
  publishedAt: row.publishedAt === null ? null : iso(row.publishedAt),
});
