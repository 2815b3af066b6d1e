import { uuidParam } from '@riffline/contracts';
import { z } from 'zod';

/** An upload names what it is for; its body is the file itself (not JSON), read by the handler. */
export const UploadSchema = z.object({ params: uuidParam });
export type UploadInput = z.infer<typeof UploadSchema>;
