import type { RelationMappings } from 'objection';
import type { AudioState, TrackType } from '@riffline/contracts';
import { TimestampedModel } from './BaseModel.ts';
import { belongsTo } from './relations.ts';
import { Release } from './Release.ts';

export class Track extends TimestampedModel {
  static override tableName = 'tracks';

  id!: string;
  releaseId!: string;
  title!: string;
  trackNumber!: number;
  audioFileUrl!: string | null;
  duration!: number | null;
  isExplicit!: boolean;
  primaryArtists!: string[];
  featuringArtists!: string[];
  producer!: string | null;
  lyricist!: string | null;
  composer!: string | null;
  trackType!: TrackType;
  isrc!: string | null;
  audioState!: AudioState;
  audioKey!: string | null;
  /** bigint: a string from pg, a number from PGlite; see `Number(track.audioSize)`. */
  audioSize!: number | string | null;
  audioSha256!: string | null;
  audioFormat!: 'wav' | 'mp3' | null;
  audioError!: string | null;

  static override get relationMappings(): RelationMappings {
    return { release: belongsTo(Release, 'tracks.releaseId', 'releases.id') };
  }
}
