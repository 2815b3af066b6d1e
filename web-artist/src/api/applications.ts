import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApplicationBody, ApplicationResponse } from '@riffline/contracts';
import { api } from './client.ts';

export type Application = ApplicationResponse;
export type ApplicationInput = z.input<typeof ApplicationBody>;

export const myApplicationQuery = queryOptions({
  queryKey: ['applications', 'mine'],
  queryFn: () => api<{ application: Application | null }>('/api/applications/mine'),
});

export const submitApplication = (body: ApplicationInput) =>
  api<Application>('/api/applications', { method: 'POST', body });
