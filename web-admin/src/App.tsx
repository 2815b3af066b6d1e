import { Admin, Resource } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import applications from './applications/index.ts';
import { AccessGate } from './auth/AccessGate.tsx';
import { authProvider } from './auth/authProvider.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { dataProvider } from './dataProvider.ts';
import { i18nProvider } from './i18n.ts';
import tickets from './tickets/index.ts';
import users from './users/index.ts';

/** The admin console at /admin: its table of contents. */
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
          loginPage={false}
          requireAuth
          disableTelemetry
        >
          <Resource name="applications" {...applications} />
          <Resource name="users" {...users} />
          <Resource name="tickets" {...tickets} />
        </Admin>
      </BrowserRouter>
    </AccessGate>
  );
}
