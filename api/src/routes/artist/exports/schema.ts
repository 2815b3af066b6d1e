import { uuidParam } from '@riffline/contracts';
import { z } from 'zod';

export const ExportPageSchema = z.object({ params: uuidParam });
export type ExportPageInput = z.infer<typeof ExportPageSchema>;
