import Router from '@koa/router';
import type { ApiDeps } from '../context.ts';
import { openApiRoutes } from '../openapi/routes.ts';
import { adminAnalyticsRoutes } from './admin/analytics/index.ts';
import { adminApplicationRoutes } from './admin/applications/index.ts';
import { adminContactMessageRoutes } from './admin/contactMessages/index.ts';
import { adminExportRoutes } from './admin/exports/index.ts';
import { adminEventRoutes } from './admin/events/index.ts';
import { adminFailedEventRoutes } from './admin/failedEvents/index.ts';
import { adminNewsletterSubscriptionRoutes } from './admin/newsletterSubscriptions/index.ts';
import { adminPayeeRoutes } from './admin/payees/index.ts';
import { adminSettingRoutes } from './admin/settings/index.ts';
import { adminSmartLinkRoutes } from './admin/smartlinks/index.ts';
import { adminStoreTargetRoutes } from './admin/storeTargets/index.ts';
import { adminDeliveryRoutes } from './admin/deliveries/index.ts';
import { adminReleaseChangeRoutes } from './admin/releaseChanges/index.ts';
import { adminReleaseRoutes } from './admin/releases/index.ts';
import { adminStoreReportRoutes } from './admin/storeReports/index.ts';
import { adminRoyaltyRoutes } from './admin/royalties/index.ts';
import { adminStatsRoutes } from './admin/stats/index.ts';
import { adminSupportTicketRoutes } from './admin/supportTickets/index.ts';
import { adminUserRoutes } from './admin/users/index.ts';
import { analyticsRoutes } from './artist/analytics/index.ts';
import { applicationRoutes } from './artist/applications/index.ts';
import { dashboardRoutes } from './artist/dashboard/index.ts';
import { exportRoutes } from './artist/exports/index.ts';
import { mediaRoutes } from './artist/media/index.ts';
import { notificationRoutes } from './artist/notifications/index.ts';
import { paymentRoutes } from './artist/payment/index.ts';
import { paymentMethodRoutes } from './artist/paymentMethods/index.ts';
import { releaseRoutes } from './artist/releases/index.ts';
import { royaltyRoutes } from './artist/royalties/index.ts';
import { smartLinkRoutes } from './artist/smartlinks/index.ts';
import { splitRoutes } from './artist/splits/index.ts';
import { deliveryRoutes } from './artist/deliveries/index.ts';
import { statementRoutes } from './artist/statements/index.ts';
import { withdrawalRequestRoutes } from './artist/withdrawalRequests/index.ts';
import { adminWithdrawalRequestRoutes } from './admin/withdrawalRequests/index.ts';
import { supportTicketRoutes } from './artist/supportTickets/index.ts';
import { trackRoutes } from './artist/tracks/index.ts';
import { userRoutes } from './artist/user/index.ts';
import { authRoutes } from './auth/index.ts';
import { devMailRoutes } from './dev/mail/index.ts';
import { contactMessageRoutes } from './public/contactMessages/index.ts';
import { fileRoutes } from './public/files/index.ts';
import { healthRoutes } from './public/health/index.ts';
import { helpRoutes } from './public/help/index.ts';
import { inviteRoutes } from './public/invites/index.ts';
import { newsletterSubscriptionRoutes } from './public/newsletterSubscriptions/index.ts';
import { paymentWebhookRoutes } from './public/payment/index.ts';
import { indexRouteMatching } from './indexedMatch.ts';
import { mountRoutes, type RouteDef } from './route.ts';

/** Every route of the API, by area: the table of contents of the API and of its OpenAPI document. */
export function allRoutes(): RouteDef[] {
  const routes = [
    ...healthRoutes,
    ...authRoutes,
    ...helpRoutes,
    ...contactMessageRoutes,
    ...newsletterSubscriptionRoutes,
    ...applicationRoutes,
    ...supportTicketRoutes,
    ...userRoutes,
    ...notificationRoutes,
    ...paymentMethodRoutes,
    ...paymentRoutes,
    ...paymentWebhookRoutes,
    ...royaltyRoutes,
    ...statementRoutes,
    ...analyticsRoutes,
    ...dashboardRoutes,
    ...withdrawalRequestRoutes,
    ...releaseRoutes,
    ...splitRoutes,
    ...deliveryRoutes,
    ...smartLinkRoutes,
    ...inviteRoutes,
    ...exportRoutes,
    ...trackRoutes,
    ...mediaRoutes,
    ...fileRoutes,
    ...adminApplicationRoutes,
    ...adminSupportTicketRoutes,
    ...adminUserRoutes,
    ...adminStatsRoutes,
    ...adminReleaseRoutes,
    ...adminExportRoutes,
    ...adminWithdrawalRequestRoutes,
    ...adminFailedEventRoutes,
    ...adminStoreReportRoutes,
    ...adminRoyaltyRoutes,
    ...adminPayeeRoutes,
    ...adminAnalyticsRoutes,
    ...adminSettingRoutes,
    ...adminStoreTargetRoutes,
    ...adminDeliveryRoutes,
    ...adminReleaseChangeRoutes,
    ...adminSmartLinkRoutes,
    ...adminContactMessageRoutes,
    ...adminNewsletterSubscriptionRoutes,
    ...adminEventRoutes,
    ...devMailRoutes,
  ];
  return [...routes, ...openApiRoutes(() => routes)];
}

export function apiRouter(deps: ApiDeps): Router {
  const api = new Router({ prefix: '/api' });
  mountRoutes(api, allRoutes(), deps);
  indexRouteMatching(api);
  return api;
}
