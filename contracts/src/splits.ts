import { z } from 'zod';
import { DecimalAmount, email, optionalText } from './common.ts';

/**
 * Collaborator splits (issue 35, docs/splits.md): a release's earnings shared between its owner and the
 * collaborators they name, by versions that each apply from a sale month on.
 */

/** A payee: the owner themself, a collaborator invited by email, one who accepted, or an invite taken back. */
export const payeeStatuses = ['owner', 'invited', 'accepted', 'withdrawn'] as const;
export type PayeeStatus = (typeof payeeStatuses)[number];

/** A split has at most this many payees (the owner included). */
export const MAX_SPLIT_PAYEES = 10;

const SALE_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
export const PERCENT_MESSAGE =
  'A percentage must be a number above 0 and at most 100, with at most 2 decimals';

/** "12.5" → 1250n (hundredths of a percent), or null for anything that is not such a percentage. */
export function percentHundredths(text: string): bigint | null {
  if (!PERCENT.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

const hundredthsText = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

/** A share's percentage as a JSON number or decimal string: above 0, at most 100, 2 decimals; "50.00". */
const percent = z.union([z.number(), z.string()], { error: PERCENT_MESSAGE }).transform((v, ctx) => {
  const value = percentHundredths(typeof v === 'number' ? String(v) : v.trim());
  if (value === null || value <= 0n || value > 10_000n) {
    ctx.addIssue({ code: 'custom', message: PERCENT_MESSAGE });
    return z.NEVER;
  }
  return hundredthsText(value);
});

/** One share: the owner's own (`owner: true`, or their own email) or a collaborator's, by email. */
export const SplitShareInput = z
  .object({
    owner: z.literal(true, { error: 'owner must be true (your own share) or left out' }).optional(),
    email: email('Each collaborator needs a valid email address').optional(),
    name: optionalText('Name', 100),
    percent,
  })
  .refine((share) => (share.owner ? !share.email : Boolean(share.email)), {
    message: 'Each share needs an email address, or owner: true for your own share',
  });
export type SplitShareInput = z.output<typeof SplitShareInput>;

export const splitTotalMessage = (hundredths: bigint) =>
  `The shares must add up to 100%: they add up to ${hundredthsText(hundredths)}%.`;
export const emailTwiceMessage = (address: string) =>
  `${address} is named twice: give each collaborator one share.`;
export const OWNER_TWICE_MESSAGE = 'Your own share is named twice: give it once.';

/**
 * POST /api/releases/:id/splits: a new version of the release's split, from a sale month on; with
 * `trackId`, of that track's own split, which overrides the release's for the track's earnings.
 */
export const CreateSplitBody = z.object({
  trackId: z.uuid({ error: 'trackId must be the id of a track of this release' }).nullish(),
  effectiveFrom: z
    .string({ error: 'effectiveFrom must be a sale month, YYYY-MM' })
    .regex(SALE_MONTH, 'effectiveFrom must be a sale month, YYYY-MM'),
  shares: z
    .array(SplitShareInput, { error: 'shares must be a list' })
    .min(1, 'A split needs at least one share')
    .max(MAX_SPLIT_PAYEES, `A split has at most ${MAX_SPLIT_PAYEES} payees`)
    .superRefine((shares, ctx) => {
      const seen = new Set<string>();
      let owners = 0;
      shares.forEach((share, index) => {
        if (share.owner && ++owners === 2) {
          ctx.addIssue({ code: 'custom', path: [index, 'owner'], message: OWNER_TWICE_MESSAGE });
        }
        if (share.email && seen.has(share.email)) {
          ctx.addIssue({ code: 'custom', path: [index, 'email'], message: emailTwiceMessage(share.email) });
        }
        if (share.email) seen.add(share.email);
      });
      const total = shares.reduce((sum, share) => sum + percentHundredths(share.percent)!, 0n);
      if (total !== 10_000n) ctx.addIssue({ code: 'custom', message: splitTotalMessage(total) });
    }),
});
export type CreateSplitBody = z.output<typeof CreateSplitBody>;

/** What a payee got from a release, in USD rounded down to the cent: earned (theirs) and held (not accepted). */
const amounts = {
  earned: DecimalAmount.describe('USD credited to the payee (an owner or a collaborator who accepted)'),
  held: DecimalAmount.describe('USD kept for the payee until they accept: in no one’s balance'),
};

const payee = {
  payeeId: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  status: z.enum(payeeStatuses),
};

/** One version of a release's split: its shares, and what each share was credited under it. */
export const SplitVersionResponse = z.object({
  id: z.string(),
  /** The track this version is the split of, or null for the whole release's. */
  trackId: z.string().nullable(),
  trackTitle: z.string().nullable(),
  /** The first sale month (`YYYY-MM`) this version applies to. */
  effectiveFrom: z.string(),
  createdAt: z.iso.datetime(),
  shares: z.array(z.object({ ...payee, percent: z.string().describe('e.g. "30.00"'), ...amounts })),
});
export type SplitVersionResponse = z.infer<typeof SplitVersionResponse>;

/**
 * GET /api/releases/:id/splits: the versions newest first (the release's, then each track's), and each
 * payee's amounts over all of them.
 */
export const SplitsResponse = z.object({
  releaseId: z.string(),
  versions: z.array(SplitVersionResponse),
  payees: z.array(z.object({ ...payee, ...amounts })),
});
export type SplitsResponse = z.infer<typeof SplitsResponse>;

/** An invite link works this many days after it was mailed; re-sending mails a fresh one. */
export const INVITE_LINK_DAYS = 14;

export const INVITE_NOT_VALID_MESSAGE = 'This invite link is not valid.';
export const ALREADY_ACCEPTED_MESSAGE = 'You have already accepted this invite.';
export const inviteExpiredMessage = (ownerName: string) =>
  `This invite link has expired: ask ${ownerName} to send it again.`;
export const OWN_INVITE_MESSAGE = 'This invite is from you: your own share is already yours.';
export const alreadyPayeeMessage = (ownerName: string) =>
  `You have already accepted a share from ${ownerName} under another email address.`;
export const NOT_INVITED_MESSAGE = 'Only an invite that is not accepted yet can be sent again or withdrawn.';

/** GET /api/invites/:token: what accepting gives, for the person the link was mailed to. */
export const InviteResponse = z.object({
  ownerName: z.string(),
  email: z.string(),
  /** The invite's releases, each with this payee's share in its latest version. */
  releases: z.array(z.object({ releaseId: z.string(), title: z.string(), percent: z.string() })),
  held: DecimalAmount.describe('USD held for this payee so far, rounded down to the cent'),
  /** Until when the link can be accepted; null once it was. */
  expiresAt: z.iso.datetime().nullable(),
  expired: z.boolean(),
  /** When the invite was accepted (the link then only shows that), else null. */
  acceptedAt: z.iso.datetime().nullable(),
});
export type InviteResponse = z.infer<typeof InviteResponse>;

/** POST /api/invites/:token/acceptance: the share is the caller's; what was held for them is now theirs. */
export const InviteAcceptanceResponse = z.object({
  payeeId: z.string(),
  ownerName: z.string(),
  released: DecimalAmount.describe('USD that was held and is now the caller’s, rounded down to the cent'),
});
export type InviteAcceptanceResponse = z.infer<typeof InviteAcceptanceResponse>;
