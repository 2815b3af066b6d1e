import type { FanStatus } from '@riffline/contracts';
import { BaseModel, TimestampedModel } from './BaseModel.ts';

/** Someone who pre-saved an artist's release (docs/smartlinks.md): the artist's, with the consent they gave. */
export class Fan extends TimestampedModel {
  static override tableName = 'fans';

  id!: string;
  /** The artist the fan belongs to. */
  userId!: string;
  /** Lower case: one row per address and artist. */
  email!: string;
  status!: FanStatus;
  artistOptIn!: boolean;
  /** What the fan agreed to, word for word, when, and from which address. */
  consentText!: string;
  consentedAt!: Date;
  consentIp!: string | null;
  sourceSmartlinkId!: string | null;
  confirmedAt!: Date | null;
  unsubscribedAt!: Date | null;
}

/** A fan's pre-save of one release (its SmartLink). */
export class Presave extends BaseModel {
  static override tableName = 'presaves';

  id!: string;
  smartlinkId!: string;
  fanId!: string;
  createdAt!: Date;
}
