import { storeReportLineStatuses, storeReportStatuses, uuidParam } from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

export const FORCE_MESSAGE = 'force must be true or false';

/** POST /api/admin/reports?force=true: the file travels as the multipart body, read by the handler. */
export const UploadStoreReportSchema = z.object({
  query: z.object({
    force: z
      .enum(['true', 'false'], { error: FORCE_MESSAGE })
      .optional()
      .transform((v) => v === 'true'),
  }),
});
export type UploadStoreReportInput = z.output<typeof UploadStoreReportSchema>;

export const ListStoreReportsSchema = z.object({
  query: listQuery(['createdAt', 'completedAt', 'status', 'filename', 'size'], {
    status: z.enum(storeReportStatuses, { error: `status must be one of ${storeReportStatuses.join(', ')}` }),
    q: z.string().trim().max(200, 'Search must be at most 200 characters'),
  }),
});
export type ListStoreReportsInput = z.infer<typeof ListStoreReportsSchema>;

export const StoreReportIdSchema = z.object({ params: uuidParam });
export type StoreReportIdInput = z.infer<typeof StoreReportIdSchema>;

/** A line's id in the list: `<report id>:<file number>:<line number>`. */
const lineId = z.string().regex(/^[0-9a-f-]{36}:\d{1,4}:\d{1,9}$/i, 'Invalid line id');

export const StoreReportLinesSchema = z.object({
  params: uuidParam,
  query: listQuery(
    ['lineNumber'],
    {
      status: z.enum(storeReportLineStatuses, {
        error: `status must be one of ${storeReportLineStatuses.join(', ')}`,
      }),
    },
    { id: lineId },
  ),
});
export type StoreReportLinesInput = z.infer<typeof StoreReportLinesSchema>;
