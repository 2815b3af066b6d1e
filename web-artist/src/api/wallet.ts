import { queryOptions } from '@tanstack/react-query';
import type { CoinsResponse } from '@riffline/contracts';
import { api } from './client.ts';

/** Only requested for approved users (SPEC §4). */
export const coinsQuery = queryOptions({
  queryKey: ['user', 'coins'],
  queryFn: () => api<CoinsResponse>('/api/user/coins'),
});
