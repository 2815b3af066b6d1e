import type { RelationMappings } from 'objection';
import type { ApplicationGenre, ApplicationStatus } from '@riffline/contracts';
import { TimestampedModel } from './BaseModel.ts';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class Application extends TimestampedModel {
  static override tableName = 'applications';

  id!: string;
  userId!: string;
  legalName!: string;
  phone!: string | null;
  artistName!: string;
  age!: number;
  genre!: ApplicationGenre;
  demoLinks!: string | null;
  artistStory!: string;
  instagram!: string;
  youtube!: string;
  spotify!: string | null;
  status!: ApplicationStatus;
  reviewedBy!: string | null;
  reviewedAt!: Date | null;
  /** The admin's words when rejecting, shown to the artist. */
  rejectionReason!: string | null;

  static override get relationMappings(): RelationMappings {
    return {
      user: belongsTo(User, 'applications.userId', 'users.id'),
      reviewer: belongsTo(User, 'applications.reviewedBy', 'users.id'),
    };
  }

  static override modifiers = {
    pending: (query: ReturnType<typeof Application.query>) => query.where('status', 'pending'),
  };
}
