import { queryOptions } from '@tanstack/react-query';
import { api } from './client.ts';

/** Only requested for approved users (SPEC §4). */
export const coinsQuery = queryOptions({
  queryKey: ['user', 'coins'],
  queryFn: () => api<{ coins: string }>('/api/user/coins'),
});
