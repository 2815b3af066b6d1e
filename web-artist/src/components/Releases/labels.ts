import {
  releaseGenreLabels,
  type PricingTier,
  type StoreDistribution,
  type TrackType,
} from '@riffline/contracts';

/** The 19 genres as the artist reads them (stored in lower case, SPEC §5). */
export const genreLabels = releaseGenreLabels;

export const pricingLabels: Record<PricingTier, string> = {
  budget: 'Budget',
  mid: 'Mid',
  premium: 'Premium',
};

export const distributionLabels: Record<StoreDistribution, string> = {
  all: 'All stores',
  downloads: 'Download stores only',
  streaming: 'Streaming services only',
  custom: 'Custom selection',
};

export const trackTypeLabels: Record<TrackType, string> = {
  vocal: 'Vocal',
  instrumental: 'Instrumental',
};

export const releaseTypeNames = { single: 'Single', ep: 'EP', album: 'Album' } as const;

/** "2027-03-01" as "March 1, 2027" (a calendar date: no time zone shift). */
export const formatDate = (day: string | null | undefined): string => {
  if (!day) return '';
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
};
