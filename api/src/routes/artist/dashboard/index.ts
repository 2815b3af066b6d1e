import { DashboardGrowthResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import * as handlers from './growth.ts';

export const dashboardRoutes = [
  defineRoute({
    method: 'get',
    path: '/dashboard/growth',
    summary:
      "The growth badges of the artist dashboard's Total Streams and Total Earnings cards: the artist's own streams and revenue over the last 30 days against the days before (null where there is nothing to compare), and the platform's growth as admins set it in the platform settings (12.50 and 8.20 while unset)",
    tag: 'Dashboard',
    audience: 'approved',
    response: DashboardGrowthResponse,
    handler: handlers.show,
  }),
];
