import { z } from 'zod';
import { ApplicationBody } from '../../../contracts/applications.ts';

export const SubmitApplicationSchema = z.object({ body: ApplicationBody });
export type SubmitApplicationInput = z.infer<typeof SubmitApplicationSchema>;
