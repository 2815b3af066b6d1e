import { ReleaseReviewBody, ReleasesExportBody, releaseStatuses, uuidParam } from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

export const ListAdminReleasesSchema = z.object({
  query: listQuery(['id', 'createdAt', 'releaseDate', 'title', 'status'], {
    status: z.enum(releaseStatuses, { error: `status must be one of ${releaseStatuses.join(', ')}` }),
    userId: z.string().trim().min(1).max(255, 'userId must be at most 255 characters'),
    q: z.string().trim().max(200, 'Search must be at most 200 characters'),
  }),
});
export type ListAdminReleasesInput = z.infer<typeof ListAdminReleasesSchema>;

export const AdminReleaseIdSchema = z.object({ params: uuidParam });
export type AdminReleaseIdInput = z.infer<typeof AdminReleaseIdSchema>;

export const ReviewReleaseSchema = z.object({ params: uuidParam, body: ReleaseReviewBody });
export type ReviewReleaseInput = z.infer<typeof ReviewReleaseSchema>;

export const ExportReleasesSchema = z.object({ body: ReleasesExportBody });
export type ExportReleasesInput = z.infer<typeof ExportReleasesSchema>;
