import { reportLineStatuses, reportStatuses, uuidParam } from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

export const FORCE_MESSAGE = 'force must be true or false';

/** POST /api/admin/reports?force=true: the file travels as the multipart body, read by the handler. */
export const UploadReportSchema = z.object({
  query: z.object({
    force: z
      .enum(['true', 'false'], { error: FORCE_MESSAGE })
      .optional()
      .transform((v) => v === 'true'),
  }),
});
export type UploadReportInput = z.output<typeof UploadReportSchema>;

export const ListReportsSchema = z.object({
  query: listQuery(['createdAt', 'completedAt', 'status', 'filename', 'size'], {
    status: z.enum(reportStatuses, { error: `status must be one of ${reportStatuses.join(', ')}` }),
    q: z.string().trim().max(200, 'Search must be at most 200 characters'),
  }),
});
export type ListReportsInput = z.infer<typeof ListReportsSchema>;

export const ReportIdSchema = z.object({ params: uuidParam });
export type ReportIdInput = z.infer<typeof ReportIdSchema>;

/** A line's id in the list: `<report id>:<line number>`. */
const lineId = z.string().regex(/^[0-9a-f-]{36}:\d{1,9}$/i, 'Invalid line id');

export const ReportLinesSchema = z.object({
  params: uuidParam,
  query: listQuery(
    ['lineNumber'],
    {
      status: z.enum(reportLineStatuses, {
        error: `status must be one of ${reportLineStatuses.join(', ')}`,
      }),
    },
    { id: lineId },
  ),
});
export type ReportLinesInput = z.infer<typeof ReportLinesSchema>;
