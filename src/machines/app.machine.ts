import { setup } from 'xstate';
import { sessionMachine } from './session.machine';
import { loadingMachine } from './loading.machine';
import { noticesMachine } from './notices.machine';
import { preferencesMachine } from './preferences.machine';
import { layoutMachine } from './layout.machine';
import { whiteLabelMachine } from './white-label.machine';
import { companiesMachine } from './companies.machine';
import { commandPaletteMachine } from './command-palette.machine';
import { documentKeyboard } from './document-keyboard';
import { streamMachine } from './stream.machine';
import { alertBadgeMachine } from './alert-badge.machine';
import { exportsMachine } from './exports.machine';

export interface AppInput {
  /** The host name white-label settings are fetched for. */
  domain: string;
  width?: number;
  height?: number;
}

/** The root actor: it spawns the global actors under their systemIds so others reach them by name. */
export const appMachine = setup({
  types: {
    input: {} as AppInput | undefined,
    context: {} as AppInput,
  },
  actors: {
    session: sessionMachine,
    loading: loadingMachine,
    notices: noticesMachine,
    preferences: preferencesMachine,
    layout: layoutMachine,
    whiteLabel: whiteLabelMachine,
    companies: companiesMachine,
    palette: commandPaletteMachine,
    keyboard: documentKeyboard,
    stream: streamMachine,
    alertBadge: alertBadgeMachine,
    exports: exportsMachine,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ domain: input?.domain ?? 'localhost', width: input?.width, height: input?.height }),
  invoke: [
    { id: 'preferences', systemId: 'preferences', src: 'preferences' },
    { id: 'session', systemId: 'session', src: 'session' },
    { id: 'loading', systemId: 'loading', src: 'loading' },
    { id: 'notices', systemId: 'notices', src: 'notices' },
    { id: 'layout', systemId: 'layout', src: 'layout', input: ({ context }) => ({ width: context.width, height: context.height }) },
    { id: 'whiteLabel', systemId: 'whiteLabel', src: 'whiteLabel', input: ({ context }) => ({ domain: context.domain }) },
    { id: 'companies', systemId: 'companies', src: 'companies' },
    { id: 'palette', systemId: 'palette', src: 'palette' },
    // The live stream (DESIGN §6) and the top bar's count of open alert events; main.tsx starts both with a session.
    { id: 'stream', systemId: 'stream', src: 'stream', input: {} },
    { id: 'alertBadge', systemId: 'alertBadge', src: 'alertBadge' },
    // The user's export jobs, moved by the stream; a job ends with a notice wherever the user is.
    { id: 'exports', systemId: 'exports', src: 'exports' },
    // Ctrl+K, ?, /, j/k and chords: the document's keys go to the palette (see document-keyboard.ts).
    { id: 'keyboard', src: 'keyboard' },
  ],
});
