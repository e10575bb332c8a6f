import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { loadSignedIn, useActors } from './actors';
import { t } from '../i18n';
import { loadEnglish } from '../i18n/load';
import { CommandPalette } from './command-palette/command-palette';
// The error pages are tiny and needed when loading fails, so they are part of the entry chunk.
import { LoadBoundary, MaintenanceView as Maintenance, NotFoundView, ServerErrorView as ServerError } from './errors/error-pages';
import { COMPANY_DASHBOARD_ROUTE, NAV_COMMANDS, type Screen } from '../machines/commands';
import { signInPath } from '../machines/session.machine';
import type { SessionRole } from '../api/contract/common';
import * as sh from './shell/shell.css';

/**
 * Every page is loaded on demand (docs/decisions.md, start-up size), with the rest of the English dictionary; the sign-in page makes do with
 * the start-up's part (i18n/en-start.ts), so that the first page of a visit waits for nothing more.
 */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, words: () => Promise<void> = loadEnglish) =>
  lazy(async () => ({ default: (await Promise.all([load(), words()]))[0][name] }));
const startUpWords = () => Promise.resolve();

/** The dashboard frame, once the signed-in actors run: the frame and its pages read them. */
const AppFrame = lazy(async () => ({ default: (await Promise.all([import('./shell/app-frame'), loadSignedIn()]))[0].AppFrame }));

const SignIn = page(() => import('./sign-in/sign-in-view'), 'SignInView', startUpWords);
const Mfa = page(() => import('./mfa/mfa-view'), 'MfaView');
const SignUp = page(() => import('./sign-up/sign-up-view'), 'SignUpView');
const Forgot = page(() => import('./password/forgot-password-view'), 'ForgotPasswordView');
const Reset = page(() => import('./password/reset-password-view'), 'ResetPasswordView');
const VerifyEmail = page(() => import('./sign-up/verify-email-view'), 'VerifyEmailView');
const ExternalCallback = page(() => import('./external-login/external-callback-view'), 'ExternalCallbackView');
const Home = page(() => import('./dashboard/dashboard-view'), 'DashboardView');
const CompanyDashboard = page(() => import('./dashboard/dashboard-view'), 'AdminCompanyDashboardView');
const SiteDashboard = page(() => import('./site-dashboard/site-dashboard-view'), 'SiteDashboardView');
const AdminDashboard = page(() => import('./admin-dashboard/admin-dashboard-view'), 'AdminDashboardView');
const PlexusPage = page(() => import('./plexus/plexus-view'), 'PlexusView');
const Companies = page(() => import('./companies/companies-view'), 'CompaniesView');
const MyCompanies = page(() => import('./companies/my-companies-view'), 'MyCompaniesView');
const Profile = page(() => import('./profile/profile-view'), 'ProfileView');
const Management = page(() => import('./management/management-view'), 'ManagementView');
const NodeTags = page(() => import('./node-tags/node-tags-view'), 'NodeTagsView');
const Displays = page(() => import('./displays/displays-view'), 'DisplaysView');
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
const Wall = page(() => import('./wall/wall-view'), 'WallView');

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
  displays: Displays,
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
  // While a session is restored, the frame's actors load beside it; a failure shows when the frame asks.
  useEffect(() => void loadSignedIn().catch(() => {}), []);
  if (restoring) return <div className={sh.splash} role="status">{t('session.restoring')}</div>;
  // The whole location (path, query, hash) comes back after sign-in; wouter tracks no hash, the address bar has it.
  if (!signedIn) return <Redirect to={signInPath(`${location}${search ? `?${search}` : ''}${window.location.hash}`)} replace />;
  // The not-found page opens without the dashboard frame, also for a page the role may not see: it does not tell
  // a role which pages exist beyond it.
  if (allowed && !allowed(role)) return <Bare><NotFoundView /></Bare>;
  return (
    <LoadBoundary>
      <Suspense fallback={<Splash />}>
        <AppFrame overlay={<CommandPalette />}>
          <LoadBoundary>
            <Suspense fallback={<Splash />}>{children}</Suspense>
          </LoadBoundary>
        </AppFrame>
      </Suspense>
    </LoadBoundary>
  );
}

/** Public pages open without the dashboard frame; a wall display never signs in, so it loads nothing for it. */
function Bare({ children, signsIn = true }: { children: ReactNode; signsIn?: boolean }) {
  return (
    <LoadBoundary>
      <Suspense fallback={<Splash />}>
        {children}
        {signsIn && <ThenSignedIn />}
      </Suspense>
    </LoadBoundary>
  );
}

/** Once a public page shows (the sign-in form), what the signed-in pages need loads meanwhile, not before it. */
function ThenSignedIn() {
  useEffect(() => void loadSignedIn().catch(() => {}), []);
  return null;
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
      {/* A shared site dashboard (docs/product.md, Share links): the link's token is its only key, so it opens without sign-in. */}
      <Route path="/site-dashboard-export/site/:id"><Bare><SharedDashboard /></Bare></Route>
      {/* A wall display (docs/product.md, Wall displays): its key in the address, no session. */}
      <Route path="/wall"><Bare signsIn={false}><Wall /></Bare></Route>
      <Route path="/404"><Bare><NotFoundView /></Bare></Route>
      <Route path="/500"><Bare><ServerError /></Bare></Route>
      <Route path="/maintenance"><Bare><Maintenance /></Bare></Route>
      {/* An admin's read-only look at one company's dashboard; the page itself tells anyone else it is for admins. */}
      <Route path={COMPANY_DASHBOARD_ROUTE}>
        <Protected>
          <CompanyDashboard />
        </Protected>
      </Route>
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
