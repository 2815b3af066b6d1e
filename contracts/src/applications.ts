import { applicationGenres, applicationStatuses } from './enums.ts';
import { z } from 'zod';
import { optionalText, optionalWebUrl, requiredText, webUrl } from './common.ts';

/** POST /api/applications (SPEC §5). The terms checkbox stays in the browser: not sent, not stored. */
export const ApplicationBody = z.object({
  legalName: requiredText('Legal name'),
  phone: optionalText('Phone', 40),
  artistName: requiredText('Artist name'),
  age: z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v.trim()) : v,
    z
      .number({ error: (issue) => (issue.input === undefined ? 'Age is required' : 'Age must be a number') })
      .int('Age must be a whole number')
      .min(13, 'Must be at least 13 years old')
      .max(120, 'Age must be at most 120'),
  ),
  genre: z.enum(applicationGenres, { error: `Genre must be one of ${applicationGenres.join(', ')}` }),
  demoLinks: optionalText('Demo links', 2000),
  artistStory: requiredText('Artist story', 5000),
  // `instagram.com/name` is taken as https://instagram.com/name.
  instagram: webUrl('Instagram'),
  youtube: webUrl('YouTube'),
  spotify: optionalWebUrl('Spotify'),
});
export type ApplicationBody = z.infer<typeof ApplicationBody>;

export const ApplicationResponse = z.object({
  id: z.string(),
  userId: z.string(),
  legalName: z.string(),
  phone: z.string().nullable(),
  artistName: z.string(),
  age: z.number(),
  genre: z.enum(applicationGenres),
  demoLinks: z.string().nullable(),
  artistStory: z.string(),
  instagram: z.string(),
  youtube: z.string(),
  spotify: z.string().nullable(),
  status: z.enum(applicationStatuses),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Why it was rejected, when the admin said so. */
  rejectionReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export type ApplicationResponse = z.infer<typeof ApplicationResponse>;

export const AdminApplicationResponse = ApplicationResponse.extend({
  user: z.object({ email: z.string().nullable(), username: z.string().nullable() }),
});
export type AdminApplicationResponse = z.infer<typeof AdminApplicationResponse>;

/** PATCH /api/admin/applications/{id}: the reason, optional, goes with a rejection only. */
export const ReviewBody = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    reason: optionalText('Reason', 2000),
  })
  .refine((b) => b.status === 'rejected' || !b.reason, {
    message: 'A reason goes with a rejection only',
    path: ['reason'],
  });
export type ReviewBody = z.output<typeof ReviewBody>;
