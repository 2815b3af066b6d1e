import { z } from 'zod';
import { ApplicationBody } from '@riffline/contracts';

export const SubmitApplicationSchema = z.object({ body: ApplicationBody });
export type SubmitApplicationInput = z.infer<typeof SubmitApplicationSchema>;
