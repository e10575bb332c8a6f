import { setup } from 'xstate';
import { sessionMachine } from './session.machine';
import { loadingMachine } from './loading.machine';
import { noticesMachine } from './notices.machine';

/** The root actor: it spawns the global actors under their systemIds so others reach them by name. */
export const appMachine = setup({
  actors: { session: sessionMachine, loading: loadingMachine, notices: noticesMachine },
}).createMachine({
  id: 'app',
  invoke: [
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'loading', systemId: 'loading', src: 'loading' },
    { id: 'notices', systemId: 'notices', src: 'notices' },
  ],
});
