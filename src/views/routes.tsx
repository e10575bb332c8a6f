import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { useActors } from './actors';
import { t } from '../i18n';
import { AppFrame } from './shell/app-frame';
import { CommandPalette } from './command-palette/command-palette';
// The error pages are tiny and needed when loading fails, so they are part of the entry chunk.
import { LoadBoundary, MaintenanceView as Maintenance, NotFoundView, ServerErrorView as ServerError } from './errors/error-pages';
import { NAV_COMMANDS, type Screen } from '../machines/commands';
import { signInPath } from '../machines/session.machine';
import type { SessionRole } from '../api/contract/common';
import * as sh from './shell/shell.css';

/** Every page is loaded on demand (SPEC §2). */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const SignIn = page(() => import('./sign-in/sign-in-view'), 'SignInView');
const Mfa = page(() => import('./mfa/mfa-view'), 'MfaView');
const SignUp = page(() => import('./sign-up/sign-up-view'), 'SignUpView');
const Forgot = page(() => import('./password/forgot-password-view'), 'ForgotPasswordView');
const Reset = page(() => import('./password/reset-password-view'), 'ResetPasswordView');
const VerifyEmail = page(() => import('./sign-up/verify-email-view'), 'VerifyEmailView');
const ExternalCallback = page(() => import('./external-login/external-callback-view'), 'ExternalCallbackView');
const Home = page(() => import('./dashboard/dashboard-view'), 'DashboardView');
const SiteDashboard = page(() => import('./site-dashboard/site-dashboard-view'), 'SiteDashboardView');
const AdminDashboard = page(() => import('./admin-dashboard/admin-dashboard-view'), 'AdminDashboardView');
const PlexusPage = page(() => import('./plexus/plexus-view'), 'PlexusView');
const Companies = page(() => import('./companies/companies-view'), 'CompaniesView');
const MyCompanies = page(() => import('./companies/my-companies-view'), 'MyCompaniesView');
const Profile = page(() => import('./profile/profile-view'), 'ProfileView');
const Management = page(() => import('./management/management-view'), 'ManagementView');
const NodeTags = page(() => import('./node-tags/node-tags-view'), 'NodeTagsView');
const Users = page(() => import('./users/users-view'), 'UsersView');
const Sites = page(() => import('./sites/sites-view'), 'SitesView');
const Feeds = page(() => import('./feeds/feeds-view'), 'FeedsView');
const SignalTypes = page(() => import('./signal-types/signal-types-view'), 'SignalTypesView');
const Hubs = page(() => import('./hubs/hubs-view'), 'HubsView');
const Nodes = page(() => import('./nodes/nodes-view'), 'NodesView');
const AlertEvents = page(() => import('./alert-events/alert-events-view'), 'AlertEventsView');
const MessagesManager = page(() => import('./messages-manager/messages-manager-view'), 'MessagesManagerView');
const Alerts = page(() => import('./alerts/alerts-view'), 'AlertsView');
const Reports = page(() => import('./reports/reports-view'), 'ReportsView');
const SharedDashboard = page(() => import('./site-dashboard/shared-dashboard-view'), 'SharedDashboardView');

/** Signed-in pages by screen (commands.ts SCREENS, the one switch): each existing entry has exactly one page. */
const SIGNED_IN: Record<Screen, ComponentType> = {
  dashboard: Home,
  'site-dashboard': SiteDashboard,
  'admin-dashboard': AdminDashboard,
  plexus: PlexusPage,
  companies: Companies,
  'my-companies': MyCompanies,
  'my-profile': Profile,
  management: Management,
  'node-tags': NodeTags,
  users: Users,
  sites: Sites,
  feeds: Feeds,
  'signal-types': SignalTypes,
  hubs: Hubs,
  nodes: Nodes,
  'alert-events': AlertEvents,
  'messages-manager': MessagesManager,
  alerts: Alerts,
  reports: Reports,
};

function Splash() {
  return <div className={sh.splash} role="status">{t('app.loading')}</div>;
}

/** Signed-in routes: a visitor without a session goes to sign-in, carrying the attempted location. */
function Protected({ children, allowed }: { children: ReactNode; allowed?: (role: SessionRole) => boolean }) {
  const { session } = useActors();
  const restoring = useSelector(session, (st) => st.matches('restoring'));
  const signedIn = useSelector(session, (st) => st.matches('signedIn'));
  const role = useSelector(session, (st) => st.context.session?.role ?? 'viewer');
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (signedIn) session.send({ type: 'route.visited', path: location });
  }, [session, signedIn, location]);
  if (restoring) return <div className={sh.splash} role="status">{t('session.restoring')}</div>;
  // The whole location (path, query, hash) comes back after sign-in; wouter tracks no hash, the address bar has it.
  if (!signedIn) return <Redirect to={signInPath(`${location}${search ? `?${search}` : ''}${window.location.hash}`)} replace />;
  // SPEC §2: the not-found page opens without the dashboard frame, also for a page the role may not see.
  if (allowed && !allowed(role)) return <Bare><NotFoundView /></Bare>;
  return (
    <AppFrame overlay={<CommandPalette />}>
      <LoadBoundary>
        <Suspense fallback={<Splash />}>{children}</Suspense>
      </LoadBoundary>
    </AppFrame>
  );
}

/** Public pages open without the dashboard frame. */
function Bare({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary>
      <Suspense fallback={<Splash />}>{children}</Suspense>
    </LoadBoundary>
  );
}

export function Routes() {
  return (
    <Switch>
      <Route path="/Identity/Account/Login"><Bare><SignIn /></Bare></Route>
      <Route path="/Identity/Account/multi-factor-verify"><Bare><Mfa /></Bare></Route>
      <Route path="/signup"><Bare><SignUp /></Bare></Route>
      <Route path="/forgotpassword"><Bare><Forgot /></Bare></Route>
      <Route path="/resetpassword"><Bare><Reset /></Bare></Route>
      <Route path="/verify-email"><Bare><VerifyEmail /></Bare></Route>
      <Route path="/auth0loginCallback"><Bare><ExternalCallback /></Bare></Route>
      {/* A shared site dashboard (DESIGN §6): the link's token is its only key, so it opens without sign-in. */}
      <Route path="/site-dashboard-export/site/:id"><Bare><SharedDashboard /></Bare></Route>
      <Route path="/404"><Bare><NotFoundView /></Bare></Route>
      <Route path="/500"><Bare><ServerError /></Bare></Route>
      <Route path="/maintenance"><Bare><Maintenance /></Bare></Route>
      {NAV_COMMANDS.filter((c) => c.available).map((c) => {
        const Page = SIGNED_IN[c.id as Screen];
        return (
          <Route key={c.id} path={c.path}>
            <Protected allowed={c.visible}>
              <Page />
            </Protected>
          </Route>
        );
      })}
      <Route>
        <Bare>
          <NotFoundView />
        </Bare>
      </Route>
    </Switch>
  );
}
