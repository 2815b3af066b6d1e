import { ReleaseBody, ReleaseUpdateBody, uuidParam } from '@riffline/contracts';
import { z } from 'zod';

export const ListReleasesSchema = z.object({
  query: z.object({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be between 1 and 200')
      .max(200, 'limit must be between 1 and 200')
      .default(100),
    offset: z.coerce
      .number({ error: 'offset must be a number' })
      .int('offset must be a whole number')
      .min(0, 'offset must be 0 or more')
      .max(1_000_000, 'offset is too large')
      .default(0),
  }),
});
export type ListReleasesInput = z.infer<typeof ListReleasesSchema>;

export const CreateReleaseSchema = z.object({ body: ReleaseBody });
export type CreateReleaseInput = z.infer<typeof CreateReleaseSchema>;

export const ReleaseIdSchema = z.object({ params: uuidParam });
export type ReleaseIdInput = z.infer<typeof ReleaseIdSchema>;

export const UpdateReleaseSchema = z.object({ params: uuidParam, body: ReleaseUpdateBody });
export type UpdateReleaseInput = z.infer<typeof UpdateReleaseSchema>;
