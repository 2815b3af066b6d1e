import { z } from 'zod';

/** A signed file URL: `/api/files/<key>?expires=…&signature=…` (with the name and type it was signed for). */
export const FileSchema = z.object({
  params: z.object({
    key: z.string().min(1, 'File key is required').max(1024, 'File key must be at most 1,024 characters'),
  }),
  query: z.object({
    expires: z
      .string({ error: 'expires is required' })
      .regex(/^\d{1,12}$/, 'expires must be a time in seconds')
      .transform(Number),
    signature: z
      .string({ error: 'signature is required' })
      .regex(/^[A-Za-z0-9_-]{43}$/, 'signature must be 43 base64url characters'),
    filename: z.string().min(1).max(255, 'filename must be at most 255 characters').optional(),
    type: z
      .string()
      .regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'type must be a media type')
      .max(100, 'type must be at most 100 characters')
      .optional(),
  }),
});
export type FileInput = z.infer<typeof FileSchema>;
