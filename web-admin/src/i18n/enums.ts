import { platformSettings, releaseGenreLabels, supportTicketCategoryLabels } from '@riffline/contracts';

/**
 * Human labels for the API's enumerations (`In progress`, never `in_progress`), as
 * `riffline.enums.<enumeration>.<value>`; the ones the contracts already name come from there.
 */
export const enumLabels = {
  applicationStatus: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
  applicationGenre: {
    'hip-hop': 'Hip-Hop',
    pop: 'Pop',
    'r&b': 'R&B',
    electronic: 'Electronic',
    rock: 'Rock',
    indie: 'Indie',
    latin: 'Latin',
    afrobeats: 'Afrobeats',
    country: 'Country',
    jazz: 'Jazz',
    other: 'Other',
  },
  releaseStatus: { draft: 'Draft', processing: 'Processing', live: 'Live', rejected: 'Rejected' },
  releaseType: { single: 'Single', ep: 'EP', album: 'Album' },
  releaseGenre: releaseGenreLabels,
  pricingTier: { budget: 'Budget', mid: 'Mid', premium: 'Premium' },
  storeDistribution: {
    all: 'All stores',
    downloads: 'Download stores',
    streaming: 'Streaming stores',
    custom: 'Selected stores',
  },
  trackType: { vocal: 'Vocal', instrumental: 'Instrumental' },
  audioState: { none: 'No audio', uploading: 'Uploading', ready: 'Ready', failed: 'Failed' },
  withdrawalStatus: {
    pending: 'Pending',
    approved: 'Approved',
    declined: 'Declined',
    processing: 'Processing',
    completed: 'Completed',
  },
  paymentMethodType: { upi: 'UPI', paypal: 'PayPal', bank_transfer: 'Bank transfer' },
  // A ledger row is credited (and counts as available to withdraw) from its import on: docs/payments.md.
  royaltyStatus: { pending: 'Credited', paid: 'Paid', unpaid: 'Unpaid' },
  payeeStatus: { owner: 'Owner', invited: 'Invited', accepted: 'Accepted', withdrawn: 'Withdrawn' },
  reportStatus: {
    pending: 'Waiting',
    running: 'Importing',
    waiting: 'Awaiting its other parts',
    held: 'Held',
    completed: 'Imported',
    failed: 'Failed',
  },
  reportLineStatus: { matched: 'Matched', unmatched: 'Unmatched', invalid: 'Invalid' },
  reportFormat: { dsr: 'DSR', csv: 'CSV', distrokid: 'DistroKid export' },
  ticketStatus: { open: 'Open', in_progress: 'In progress', resolved: 'Resolved', closed: 'Closed' },
  ticketPriority: { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' },
  ticketCategory: supportTicketCategoryLabels,
  role: { artist: 'Artist', admin: 'Admin' },
  contactStatus: { new: 'New', read: 'Handled', replied: 'Replied' },
  subscription: { true: 'Subscribed', false: 'Unsubscribed' },
  failedEventStatus: {
    retrying: 'Retrying',
    parked: 'Parked',
    replay_requested: 'Replay requested',
    replayed: 'Replayed',
  },
  // The stores' drop boxes and their deliveries (docs/delivery.md).
  storeProtocol: { sftp: 'SFTP', s3: 'S3' },
  storeProfile: { batch: 'Batch', release: 'Release by release' },
  storeMode: { test: 'Test', live: 'Live' },
  storeEnabled: { true: 'On', false: 'Off' },
  storeCredential: {
    privateKey: 'private key',
    password: 'password',
    accessKeyId: 'access key id',
    secretAccessKey: 'secret access key',
  },
  deliveryKind: { new: 'New release', update: 'Update', takedown: 'Takedown', purge: 'Purge' },
  releaseChangeKind: { takedown: 'Takedown', purge: 'Purge', correction: 'Correction' },
  releaseChangeStatus: {
    pending: 'Pending',
    approved: 'Approved',
    rejected: 'Rejected',
    withdrawn: 'Withdrawn',
  },
  deliveryStatus: {
    queued: 'Queued',
    sending: 'Sending',
    delivered: 'Delivered',
    ingested: 'Ingested',
    error: 'Error',
    live: 'Live',
    taken_down: 'Taken down',
  },
  // SmartLinks (issue 37): a page an admin disabled for abuse says it is unavailable.
  smartLinkStatus: { active: 'Active', disabled: 'Disabled' },
  smartLinkMode: { presave: 'Pre-save', live: 'Live' },
  settingKey: Object.fromEntries(Object.entries(platformSettings).map(([key, { label }]) => [key, label])),
};
