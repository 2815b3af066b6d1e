import { BaseModel } from './BaseModel.ts';

export class NewsletterSubscription extends BaseModel {
  static override tableName = 'newsletter_subscriptions';

  id!: string;
  email!: string;
  isActive!: boolean;
  createdAt!: Date;
}
