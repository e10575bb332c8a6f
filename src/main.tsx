import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, type ActorRefFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import './views/theme/global.css';
import './views/theme/themes.css';
import { appMachine } from './machines/app.machine';
import { freshAccessToken } from './machines/token-gate';
import { signInPath } from './machines/session.machine';
import { bindApi } from './api/bindings';
import { loadEnglish } from './i18n/load';
import { ActorsProvider, bindSignedIn, type Actors, type SignedInActors } from './views/actors';
import { App } from './views/app';

const app = createActor(appMachine, { input: { domain: location.host, width: window.innerWidth, height: window.innerHeight } });
app.start();
const get = <K extends keyof Actors>(id: K) => app.system.get(id) as Actors[K];
/** A signed-in actor: there once src/signed-in.ts has started it; read before that, it is the reader's bug. */
function signedInActor<K extends keyof SignedInActors>(id: K): Actors[K] {
  const actor = get(id) as Actors[K] | undefined;
  if (!actor) throw new Error(`the ${id} actor starts with the signed-in pages (loadSignedIn)`);
  return actor;
}
const actors: Actors = {
  session: get('session'),
  loading: get('loading'),
  notices: get('notices'),
  preferences: get('preferences'),
  layout: get('layout'),
  whiteLabel: get('whiteLabel'),
  companies: get('companies'),
  get palette() {
    return signedInActor('palette');
  },
  get stream() {
    return signedInActor('stream');
  },
  get alertBadge() {
    return signedInActor('alertBadge');
  },
  get exports() {
    return signedInActor('exports');
  },
};
// The signed-in pages' actors and the rest of English are not part of the start-up (docs/decisions.md, start-up size).
bindSignedIn(() => Promise.all([import('./signed-in'), loadEnglish()]).then(([m]) => m.startSignedIn(app, actors)));

// The api layer reports; the machines decide.
bindApi({
  getAccessToken: () => freshAccessToken(actors.session),
  onStart: (m) => actors.loading.send({ type: 'loading.start', ignoreLoading: m.ignoreLoading }),
  onEnd: (m) => actors.loading.send({ type: 'loading.stop', ignoreLoading: m.ignoreLoading }),
  onSuccess: () => actors.session.send({ type: 'api.succeeded' }),
  onFailure: (e, m) =>
    actors.session.send({ type: 'api.failed', status: e.status, code: e.code, online: navigator.onLine, path: location.pathname, call: m.path, method: m.method, token: m.token }),
});
actors.session.on('navigate', (e) =>
  e.returnHere
    ? navigate(signInPath(location.pathname + location.search + location.hash), { replace: true })
    : navigate(e.to, { replace: e.to === '/maintenance' }),
);
actors.session.on('notice', (e) => actors.notices.send({ type: 'notice.show', level: e.level, key: e.key, params: e.params }));
// The live stream, the alert count and the exports follow the session in src/signed-in.ts.
actors.session.on('session.changed', () => actors.companies.send({ type: 'companies.load' }));
actors.session.on('session.started', (e) => actors.preferences.send({ type: 'preferences.suggest', locale: e.locale }));
actors.session.on('session.ended', () => {
  actors.companies.send({ type: 'companies.clear' });
  actors.layout.send({ type: 'layout.clear' });
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <ActorsProvider value={actors}>
      <App />
    </ActorsProvider>
  </StrictMode>,
);

// docs/product.md, Loading and offline: the app-offline event, when the service-worker check finds no network, becomes the offline warning. The
// check waits for the page's load, so its module is not part of the start-up either.
window.addEventListener(
  'load',
  () =>
    void import('./pwa/register').then((m) =>
      m.registerServiceWorker({ onOffline: () => actors.notices.send({ type: 'notice.show', level: 'warning', key: 'session.offline' }) }),
    ),
  { once: true },
);

// Exported for tests that reach the running actors from the page (never used by the app itself).
export type AppActor = ActorRefFrom<typeof appMachine>;
