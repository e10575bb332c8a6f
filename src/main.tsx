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
import { ActorsProvider, type Actors } from './views/actors';
import type { PaletteScope } from './machines/command-palette.machine';
import { App } from './views/app';
import { registerServiceWorker } from './pwa/register';

const app = createActor(appMachine, { input: { domain: location.host, width: window.innerWidth, height: window.innerHeight } });
app.start();
const get = <K extends keyof Actors>(id: K) => app.system.get(id) as Actors[K];
const actors: Actors = {
  session: get('session'),
  loading: get('loading'),
  notices: get('notices'),
  preferences: get('preferences'),
  layout: get('layout'),
  whiteLabel: get('whiteLabel'),
  companies: get('companies'),
  palette: get('palette'),
  stream: get('stream'),
  alertBadge: get('alertBadge'),
  exports: get('exports'),
};

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
actors.session.on('session.changed', (e) => {
  actors.companies.send({ type: 'companies.load' });
  // Each company's token reads its own stream and events; without a company there is nothing live to read.
  if (e.companyId) {
    actors.stream.send({ type: 'stream.start', scope: e.companyId });
    actors.alertBadge.send({ type: 'badge.load' });
    actors.exports.send({ type: 'exports.load' });
  } else {
    actors.stream.send({ type: 'stream.stop' });
    actors.alertBadge.send({ type: 'badge.clear' });
    actors.exports.send({ type: 'exports.clear' });
  }
});
actors.stream.on('alert', () => actors.alertBadge.send({ type: 'badge.changed' }));
actors.stream.on('resumed', () => {
  actors.alertBadge.send({ type: 'badge.changed' });
  actors.exports.send({ type: 'exports.resumed' });
});
actors.stream.on('export', (e) => actors.exports.send({ type: 'exports.update', job: e.job }));
actors.exports.on('notice', (e) => actors.notices.send({ type: 'notice.show', level: e.level, key: e.key, params: e.params }));
actors.session.on('session.started', (e) => actors.preferences.send({ type: 'preferences.suggest', locale: e.locale }));
actors.session.on('session.ended', () => {
  actors.companies.send({ type: 'companies.clear' });
  actors.layout.send({ type: 'layout.clear' });
  actors.stream.send({ type: 'stream.stop' });
  actors.alertBadge.send({ type: 'badge.clear' });
  actors.exports.send({ type: 'exports.clear' });
});

// The palette knows what the app is now (data only); its commands and rules live in the machine.
function paletteScope(): PaletteScope | null {
  const s = actors.session.getSnapshot().context.session;
  if (!s) return null;
  const p = actors.preferences.getSnapshot().context;
  const companies = actors.companies.getSnapshot().context.companies;
  return {
    role: s.role,
    isShadow: s.isShadow,
    canShadow: s.role === 'admin' && !s.isShadow,
    companyId: s.companyId,
    companyCount: companies.length,
    companies: companies.map((c) => ({ id: c.id, name: c.name })),
    locale: p.locale,
    mode: p.mode,
    theme: { sidebar: p.sidebarTheme, topbar: p.topbarTheme, background: p.backgroundTheme },
  };
}
const sendScope = () => actors.palette.send({ type: 'palette.scope', scope: paletteScope() });
actors.session.subscribe(sendScope);
actors.preferences.subscribe(sendScope);
actors.companies.subscribe(sendScope);
sendScope();
// Each command's intent goes to the actor that owns it.
actors.palette.on('palette.run', ({ intent }) => {
  switch (intent.type) {
    case 'navigate':
      return navigate(intent.path);
    case 'page':
      return actors.palette.send({ type: 'palette.open', page: intent.page });
    case 'company.switch':
    case 'shadow.user':
    case 'shadow.company':
    case 'shadow.exit':
    case 'session.logout':
      return actors.session.send(intent);
    case 'preferences.language':
    case 'preferences.theme':
    case 'preferences.mode':
      return actors.preferences.send(intent);
    case 'modal.show':
      return actors.layout.send(intent);
  }
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

// SPEC §7: the app-offline event, when the service-worker check finds no network, becomes the offline warning.
void registerServiceWorker({ onOffline: () => actors.notices.send({ type: 'notice.show', level: 'warning', key: 'session.offline' }) });

// Exported for tests that reach the running actors from the page (never used by the app itself).
export type AppActor = ActorRefFrom<typeof appMachine>;
