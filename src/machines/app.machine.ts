import { enqueueActions, setup } from 'xstate';
import { sessionMachine } from './session.machine';
import { loadingMachine } from './loading.machine';
import { noticesMachine } from './notices.machine';
import { preferencesMachine } from './preferences.machine';
import { layoutMachine } from './layout.machine';
import { whiteLabelMachine } from './white-label.machine';
import { companiesMachine } from './companies.machine';
import type { commandPaletteMachine } from './command-palette.machine';
import type { documentKeyboard } from './document-keyboard';
import type { streamMachine } from './stream.machine';
import type { alertBadgeMachine } from './alert-badge.machine';
import type { exportsMachine } from './exports.machine';

export interface AppInput {
  /** The host name white-label settings are fetched for. */
  domain: string;
  width?: number;
  height?: number;
}

/** The actors only signed-in pages use; src/signed-in.ts brings them after the first paint (see the decisions). */
export interface SignedInLogic {
  palette: typeof commandPaletteMachine;
  keyboard: typeof documentKeyboard;
  stream: typeof streamMachine;
  alertBadge: typeof alertBadgeMachine;
  exports: typeof exportsMachine;
}

interface AppContext extends AppInput {
  /** The signed-in actors run (they start once and live as long as the app). */
  signedIn: boolean;
}

/** The root actor: it spawns the global actors under their systemIds so others reach them by name. */
export const appMachine = setup({
  types: {
    input: {} as AppInput | undefined,
    context: {} as AppContext,
    events: {} as { type: 'signedIn.start'; logic: SignedInLogic },
  },
  actors: {
    session: sessionMachine,
    loading: loadingMachine,
    notices: noticesMachine,
    preferences: preferencesMachine,
    layout: layoutMachine,
    whiteLabel: whiteLabelMachine,
    companies: companiesMachine,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ domain: input?.domain ?? 'localhost', width: input?.width, height: input?.height, signedIn: false }),
  invoke: [
    { id: 'preferences', systemId: 'preferences', src: 'preferences' },
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'loading', systemId: 'loading', src: 'loading' },
    { id: 'notices', systemId: 'notices', src: 'notices' },
    { id: 'layout', systemId: 'layout', src: 'layout', input: ({ context }) => ({ width: context.width, height: context.height }) },
    { id: 'whiteLabel', systemId: 'whiteLabel', src: 'whiteLabel', input: ({ context }) => ({ domain: context.domain }) },
    { id: 'companies', systemId: 'companies', src: 'companies' },
  ],
  on: {
    'signedIn.start': {
      guard: ({ context }) => !context.signedIn,
      actions: enqueueActions(({ enqueue, event }) => {
        enqueue.assign({ signedIn: true });
        enqueue.spawnChild(event.logic.palette, { systemId: 'palette' });
        // The live stream (docs/product.md, Live updates) and the top bar's count of open alert events; signed-in.ts starts both with a session.
        enqueue.spawnChild(event.logic.stream, { systemId: 'stream', input: {} });
        enqueue.spawnChild(event.logic.alertBadge, { systemId: 'alertBadge' });
        // The user's export jobs, moved by the stream; a job ends with a notice wherever the user is.
        enqueue.spawnChild(event.logic.exports, { systemId: 'exports' });
        // Ctrl+K, ?, /, j/k and chords: the document's keys go to the palette (see document-keyboard.ts).
        enqueue.spawnChild(event.logic.keyboard);
      }),
    },
  },
});
