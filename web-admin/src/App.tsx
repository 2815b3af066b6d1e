import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import analytics from './analytics/index.ts';
import applications from './applications/index.ts';
import { AccessGate } from './auth/AccessGate.tsx';
import { authProvider } from './auth/authProvider.ts';
import contactMessages from './contactMessages/index.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { dataProvider } from './dataProvider.ts';
import deliveries from './deliveries/index.ts';
import deliveryAcknowledgements from './deliveryAcknowledgements/index.ts';
import events from './events/index.ts';
import failedEvents from './failedEvents/index.ts';
import { i18nProvider } from './i18n/index.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { AppNotification } from './layout/AppNotification.tsx';
import { darkTheme, lightTheme } from './layout/theme.ts';
import newsletterSubscriptions from './newsletterSubscriptions/index.ts';
import payees from './payees/index.ts';
import releaseChanges from './releaseChanges/index.ts';
import releases from './releases/index.ts';
import royalties from './royalties/index.ts';
import settings from './settings/index.ts';
import smartlinks from './smartlinks/index.ts';
import storeReports from './storeReports/index.ts';
import storeTargets from './storeTargets/index.ts';
import supportTickets from './supportTickets/index.ts';
import { TeamPage } from './team/TeamPage.tsx';
import users from './users/index.ts';
import withdrawalRequests from './withdrawalRequests/index.ts';

/** The admin console at /admin: its table of contents (SPEC §2's sections, then System and the inboxes). */
export function App() {
  return (
    <AccessGate>
      {/* Real paths under /admin (react-admin would otherwise route by the URL's hash). */}
      <BrowserRouter basename="/admin">
        <Admin
          title="Riffline Admin"
          dataProvider={dataProvider}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          dashboard={Dashboard}
          layout={AppLayout}
          theme={lightTheme}
          darkTheme={darkTheme}
          notification={AppNotification}
          loginPage={false}
          requireAuth
          disableTelemetry
        >
          <Resource name="applications" {...applications} />
          <Resource name="users" {...users} />
          <Resource name="releases" {...releases} />
          <Resource name="release-changes" {...releaseChanges} />
          <Resource name="smartlinks" {...smartlinks} />
          <Resource name="royalties" {...royalties} />
          <Resource name="payees" {...payees} />
          <Resource name="reports" {...storeReports} />
          <Resource name="withdrawal-requests" {...withdrawalRequests} />
          <Resource name="tickets" {...supportTickets} />
          <Resource name="analytics" {...analytics} />
          <Resource name="settings" {...settings} />
          <Resource name="store-targets" {...storeTargets} />
          <Resource name="deliveries" {...deliveries} />
          <Resource name="delivery-acknowledgements" {...deliveryAcknowledgements} />
          <Resource name="events" {...events} />
          <Resource name="failed-events" {...failedEvents} />
          <Resource name="contact-messages" {...contactMessages} />
          <Resource name="newsletter-subscriptions" {...newsletterSubscriptions} />
          <CustomRoutes>
            <Route path="/team" element={<TeamPage />} />
          </CustomRoutes>
        </Admin>
      </BrowserRouter>
    </AccessGate>
  );
}
