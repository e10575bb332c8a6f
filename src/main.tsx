import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, type ActorRefFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import './views/theme/global.css';
import { appMachine } from './machines/app.machine';
import type { SessionMachine } from './machines/session.machine';
import type { loadingMachine } from './machines/loading.machine';
import type { noticesMachine } from './machines/notices.machine';
import { freshAccessToken } from './machines/token-gate';
import { bindApi } from './api/client';
import { ActorsProvider, type Actors } from './views/actors';
import { App } from './views/app';

const app = createActor(appMachine);
app.start();
const actors: Actors = {
  session: app.system.get('session') as ActorRefFrom<SessionMachine>,
  loading: app.system.get('loading') as ActorRefFrom<typeof loadingMachine>,
  notices: app.system.get('notices') as ActorRefFrom<typeof noticesMachine>,
};

// The api layer reports; the machines decide.
bindApi({
  getAccessToken: () => freshAccessToken(actors.session),
  onStart: (m) => actors.loading.send({ type: 'loading.start', ignoreLoading: m.ignoreLoading }),
  onEnd: (m) => actors.loading.send({ type: 'loading.stop', ignoreLoading: m.ignoreLoading }),
  onSuccess: () => actors.session.send({ type: 'api.succeeded' }),
  onFailure: (e) =>
    actors.session.send({ type: 'api.failed', status: e.status, code: e.code, message: e.message, online: navigator.onLine, path: location.pathname }),
});
actors.session.on('navigate', (e) => navigate(e.to, { replace: e.to === '/maintenance' }));
actors.session.on('notice', (e) => actors.notices.send({ type: 'notice.show', level: e.level, message: e.message, key: e.key }));

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <ActorsProvider value={actors}>
      <App />
    </ActorsProvider>
  </StrictMode>,
);
