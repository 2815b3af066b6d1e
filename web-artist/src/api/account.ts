import { queryOptions } from '@tanstack/react-query';
import type {
  AnalyticsResponse,
  AnalyticsTimeframe,
  Currency,
  DashboardGrowthResponse,
  NotificationSettingsBody,
  NotificationSettingsResponse,
  PasswordChangeBody,
  RoyaltiesResponse,
  UserResponse,
} from '@riffline/contracts';
import { api } from './client.ts';

/** SPEC §7: the preferred currency every amount is shown in. */
export const changeCurrency = (currency: Currency) =>
  api<UserResponse>('/api/auth/user/currency', { method: 'PATCH', body: { currency } });

export const notificationsQuery = queryOptions({
  queryKey: ['user', 'notifications'],
  queryFn: () => api<NotificationSettingsResponse>('/api/user/notifications'),
});

export const updateNotifications = (body: NotificationSettingsBody) =>
  api<NotificationSettingsResponse>('/api/user/notifications', { method: 'PATCH', body });

/** Embedded-provider accounts only; ends the user's other sessions. */
export const changePassword = (body: PasswordChangeBody) =>
  api<unknown>('/api/auth/password', { method: 'POST', body });

/** Royalties in USD, converted for display with the contracts' rates (SPEC §9). */
export const royaltiesQuery = queryOptions({
  queryKey: ['royalties'],
  queryFn: () => api<RoyaltiesResponse>('/api/royalties'),
});

export const analyticsQuery = (days: AnalyticsTimeframe = 30) =>
  queryOptions({
    queryKey: ['analytics', days],
    queryFn: () => api<AnalyticsResponse>(`/api/analytics?days=${days}`),
  });

/** SPEC §2: the dashboard's growth badges, as the admins set them in the platform settings. */
export const dashboardGrowthQuery = queryOptions({
  queryKey: ['dashboard', 'growth'],
  queryFn: () => api<DashboardGrowthResponse>('/api/dashboard/growth'),
});
