import { exportKinds, exportScopes, exportStatuses, uuidParam } from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

export const ListExportsSchema = z.object({
  query: listQuery(['createdAt', 'completedAt', 'status', 'kind', 'totalReleases'], {
    status: oneOf('status', exportStatuses),
    kind: oneOf('kind', exportKinds),
    scope: oneOf('scope', exportScopes),
    releaseId: z.uuid('releaseId must be a release id'),
    requestedBy: z.string().trim().min(1).max(255, 'requestedBy must be at most 255 characters'),
  }),
});
export type ListExportsInput = z.infer<typeof ListExportsSchema>;

export const ExportIdSchema = z.object({ params: uuidParam });
export type ExportIdInput = z.infer<typeof ExportIdSchema>;
