import type { ChipProps } from '@mui/material';
import type { enumLabels } from '../i18n/enums.ts';

export type EnumName = keyof typeof enumLabels;
type ChipColor = NonNullable<ChipProps['color']>;

/** `SelectInput` choices for some of an enumeration's values, labelled through i18n. */
export const enumChoices = (name: EnumName, values: readonly string[]) =>
  values.map((id) => ({ id, name: `riffline.enums.${name}.${id}` }));

/** The i18n key of one value's label. */
export const enumLabelKey = (name: EnumName, value: unknown) => `riffline.enums.${name}.${String(value)}`;

/** 'in_progress' → 'In progress': what a value without a label reads as. */
export const humanize = (value: unknown) => {
  const text = String(value ?? '').replace(/[_-]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** Status chips: waiting on an admin is amber, done is green, refused is red. */
export const chipColors: Partial<Record<EnumName, Record<string, ChipColor>>> = {
  applicationStatus: { pending: 'warning', approved: 'success', rejected: 'error' },
  releaseStatus: { draft: 'default', processing: 'warning', live: 'success', rejected: 'error' },
  releaseChangeStatus: { pending: 'warning', approved: 'success', rejected: 'error', withdrawn: 'default' },
  withdrawalStatus: {
    pending: 'warning',
    approved: 'info',
    processing: 'info',
    completed: 'success',
    declined: 'error',
  },
  ticketStatus: { open: 'warning', in_progress: 'info', resolved: 'success', closed: 'default' },
  ticketPriority: { low: 'default', medium: 'default', high: 'warning', urgent: 'error' },
  contactStatus: { new: 'warning', read: 'default', replied: 'success' },
  subscription: { true: 'success', false: 'default' },
  failedEventStatus: { retrying: 'warning', parked: 'error', replay_requested: 'info', replayed: 'success' },
  audioState: { none: 'default', uploading: 'info', ready: 'success', failed: 'error' },
  royaltyStatus: { pending: 'success', paid: 'success', unpaid: 'default' },
  payeeStatus: { owner: 'primary', invited: 'warning', accepted: 'success', withdrawn: 'default' },
  reportStatus: {
    pending: 'default',
    running: 'info',
    waiting: 'info',
    held: 'warning',
    completed: 'success',
    failed: 'error',
  },
  reportLineStatus: { matched: 'success', unmatched: 'warning', invalid: 'error' },
  storeMode: { test: 'default', live: 'success' },
  storeEnabled: { true: 'success', false: 'default' },
  smartLinkStatus: { active: 'success', disabled: 'error' },
  smartLinkMode: { presave: 'info', live: 'success' },
  deliveryStatus: {
    queued: 'default',
    sending: 'info',
    delivered: 'info',
    ingested: 'success',
    error: 'error',
    live: 'success',
    taken_down: 'default',
  },
};
