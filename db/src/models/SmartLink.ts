import { TimestampedModel } from './BaseModel.ts';

/** A release's public page at `/l/{slug}` (docs/smartlinks.md). */
export class SmartLink extends TimestampedModel {
  static override tableName = 'smartlinks';

  id!: string;
  releaseId!: string;
  /** The release's owner: the fans it gathers are theirs. */
  userId!: string;
  slug!: string;
  /** Whether the page also offers a general opt-in to hear from the artist. */
  collectEmails!: boolean;
  disabledAt!: Date | null;
  disabledReason!: string | null;
  disabledBy!: string | null;
}
