import type { AdminStats } from '@riffline/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';

/** Same-origin JSON calls to the API; its `{message}` error body becomes react-admin's error message. */
export const httpClient = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, credentials: 'same-origin' });

const rest = simpleRestProvider('/api/admin', httpClient);

/** ra-data-simple-rest unchanged, plus the admin calls of SPEC §7 that are not CRUD. */
export const dataProvider: DataProvider & { getStats(): Promise<AdminStats> } = {
  ...rest,
  async getStats() {
    const { json } = await httpClient('/api/admin/stats');
    return json as AdminStats;
  },
};
