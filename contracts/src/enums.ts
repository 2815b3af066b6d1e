/**
 * Enumerated values of SPEC §3-§5 and §9, defined once for every package. A migration keeps its own literal
 * copy of what it constrained (it never imports these), so changing a list here needs a new migration.
 */
export const roles = ['artist', 'admin'] as const;
export const currencies = ['USD', 'EUR', 'GBP', 'INR', 'JPY', 'CAD', 'AUD', 'CNY', 'BRL', 'MXN'] as const;
export const applicationStatuses = ['pending', 'approved', 'rejected'] as const;
export const applicationGenres = [
  'hip-hop',
  'pop',
  'r&b',
  'electronic',
  'rock',
  'indie',
  'latin',
  'afrobeats',
  'country',
  'jazz',
  'other',
] as const;
export const releaseStatuses = ['draft', 'processing', 'live', 'rejected'] as const;
export const releaseTypes = ['single', 'ep', 'album'] as const;
export const releaseGenres = [
  'alternative',
  'pop',
  'hip-hop',
  'rock',
  'electronic',
  'r&b',
  'jazz',
  'country',
  'classical',
  'reggae',
  'blues',
  'folk',
  'soul',
  'funk',
  'gospel',
  'latin',
  'metal',
  'punk',
  'other',
] as const;
export const pricingTiers = ['budget', 'mid', 'premium'] as const;
export const storeDistributions = ['all', 'downloads', 'streaming', 'custom'] as const;
export const trackTypes = ['vocal', 'instrumental'] as const;
export const royaltyStatuses = ['pending', 'paid', 'unpaid'] as const;
export const supportTicketStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
export const supportTicketPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export const contactMessageStatuses = ['new', 'read', 'replied'] as const;
export const paymentMethodTypes = ['upi', 'paypal', 'bank_transfer'] as const;
export const withdrawalRequestStatuses = [
  'pending',
  'approved',
  'declined',
  'processing',
  'completed',
] as const;
export const transactionTypes = ['recharge', 'distribution_fee'] as const;
export const transactionStatuses = ['pending', 'completed', 'failed', 'expired'] as const;

/** The help center's categories (SPEC §2 Support). */
export const helpCategorySlugs = ['uploading-music', 'royalties-payments', 'getting-started'] as const;
/** A ticket's category: a help-center category or one of the two artist-profile services of the landing page. */
export const supportTicketCategories = [
  ...helpCategorySlugs,
  'video-channel-claim',
  'store-verification',
] as const;
export const supportTicketCategoryLabels: Record<SupportTicketCategory, string> = {
  'uploading-music': 'Uploading music',
  'royalties-payments': 'Royalties & payments',
  'getting-started': 'Getting started',
  'video-channel-claim': 'Claim my official video channel',
  'store-verification': 'Verify my streaming-store artist profile',
};

export const RECORD_LABEL = 'Riffline Records';
export const DEFAULT_COPYRIGHT_YEAR = 2025;

export type Role = (typeof roles)[number];
export type Currency = (typeof currencies)[number];
export type ApplicationStatus = (typeof applicationStatuses)[number];
export type ApplicationGenre = (typeof applicationGenres)[number];
export type ReleaseGenre = (typeof releaseGenres)[number];
export type ReleaseStatus = (typeof releaseStatuses)[number];
export type ReleaseType = (typeof releaseTypes)[number];
export type PricingTier = (typeof pricingTiers)[number];
export type StoreDistribution = (typeof storeDistributions)[number];
export type TrackType = (typeof trackTypes)[number];
export type RoyaltyStatus = (typeof royaltyStatuses)[number];
export type SupportTicketStatus = (typeof supportTicketStatuses)[number];
export type SupportTicketPriority = (typeof supportTicketPriorities)[number];
export type ContactMessageStatus = (typeof contactMessageStatuses)[number];
export type PaymentMethodType = (typeof paymentMethodTypes)[number];
export type WithdrawalRequestStatus = (typeof withdrawalRequestStatuses)[number];
export type TransactionType = (typeof transactionTypes)[number];
export type TransactionStatus = (typeof transactionStatuses)[number];
export type HelpCategorySlug = (typeof helpCategorySlugs)[number];
export type SupportTicketCategory = (typeof supportTicketCategories)[number];

/** The 19 release genres as people read them (stored in lower case, SPEC §5): the wizard and the console. */
export const releaseGenreLabels: Record<ReleaseGenre, string> = {
  alternative: 'Alternative',
  pop: 'Pop',
  'hip-hop': 'Hip-Hop',
  rock: 'Rock',
  electronic: 'Electronic',
  'r&b': 'R&B',
  jazz: 'Jazz',
  country: 'Country',
  classical: 'Classical',
  reggae: 'Reggae',
  blues: 'Blues',
  folk: 'Folk',
  soul: 'Soul',
  funk: 'Funk',
  gospel: 'Gospel',
  latin: 'Latin',
  metal: 'Metal',
  punk: 'Punk',
  other: 'Other',
};
