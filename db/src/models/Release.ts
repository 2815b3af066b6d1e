import type { RelationMappings } from 'objection';
import type {
  PricingTier,
  ReleaseGenre,
  ReleaseStatus,
  ReleaseType,
  StoreDistribution,
} from '@riffline/contracts';
import { Analytics } from './Analytics.ts';
import { TimestampedModel } from './BaseModel.ts';
import { belongsTo, hasMany } from './relations.ts';
import { Track } from './Track.ts';
import { User } from './User.ts';

export class Release extends TimestampedModel {
  static override tableName = 'releases';

  id!: string;
  userId!: string;
  title!: string;
  artist!: string;
  albumArt!: string | null;
  releaseDate!: string | null;
  genre!: ReleaseGenre;
  secondaryGenre!: ReleaseGenre | null;
  status!: ReleaseStatus;
  platforms!: string[];
  copyrightHolder!: string | null;
  copyrightYear!: number;
  productionHolder!: string | null;
  productionYear!: number;
  recordLabel!: string;
  releaseArtists!: string[];
  releaseType!: ReleaseType;
  explicitContentLabeled!: boolean;
  authorizedToDistribute!: boolean;
  noUnauthorizedArtistName!: boolean;
  copyrightDocumentation!: string | null;
  releaseTime!: string | null;
  hasCountryRestrictions!: boolean;
  restrictedCountries!: string[];
  previouslyReleased!: boolean;
  originalReleaseDate!: string | null;
  pricingTier!: PricingTier;
  storeDistribution!: StoreDistribution;
  selectedStores!: string[];
  autoDistributeToNewStores!: boolean;
  upc!: string | null;
  rejectionReason!: string | null;
  submittedAt!: Date | null;
  reviewedBy!: string | null;
  reviewedAt!: Date | null;
  artworkKey!: string | null;
  artworkSize!: number | null;
  artworkFormat!: 'jpeg' | 'png' | null;
  artworkWidth!: number | null;
  artworkHeight!: number | null;
  tracks?: Track[];

  static override get relationMappings(): RelationMappings {
    return {
      user: belongsTo(User, 'releases.userId', 'users.id'),
      tracks: hasMany(Track, 'releases.id', 'tracks.releaseId'),
      analytics: hasMany(Analytics, 'releases.id', 'analytics.releaseId'),
    };
  }

  static override modifiers = {
    deletable: (query: ReturnType<typeof Release.query>) => query.whereIn('status', ['draft', 'rejected']),
  };
}
