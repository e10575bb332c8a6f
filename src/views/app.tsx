import { useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useActors } from './actors';
import { SignInView } from './sign-in/sign-in-view';
import { MfaView } from './mfa/mfa-view';
import { HomeView } from './home/home-view';
import { MaintenanceView, NotFoundView } from './errors/error-pages';
import { LoadingIndicator, NoticesView } from './shell/notices-view';
import { t } from '../i18n';
import * as sh from './shell/shell.css';

/** Signed-in routes: a visitor without a session goes to sign-in, carrying the attempted location. */
function Protected({ children }: { children: ReactNode }) {
  const { session } = useActors();
  const restoring = useSelector(session, (st) => st.matches('restoring'));
  const signedIn = useSelector(session, (st) => st.matches('signedIn'));
  const [location] = useLocation();
  useEffect(() => {
    if (signedIn) session.send({ type: 'route.visited', path: location });
  }, [session, signedIn, location]);
  if (restoring) return <div className={sh.splash} role="status">{t('session.restoring')}</div>;
  if (!signedIn) return <Redirect to={`/Identity/Account/Login?returnUrl=${encodeURIComponent(location)}`} replace />;
  return <>{children}</>;
}

export function App() {
  return (
    <>
      <LoadingIndicator />
      <NoticesView />
      <Switch>
        <Route path="/Identity/Account/Login" component={SignInView} />
        <Route path="/Identity/Account/multi-factor-verify" component={MfaView} />
        <Route path="/maintenance" component={MaintenanceView} />
        <Route path="/404" component={NotFoundView} />
        <Route path="/">
          <Protected>
            <HomeView />
          </Protected>
        </Route>
        <Route component={NotFoundView} />
      </Switch>
    </>
  );
}
