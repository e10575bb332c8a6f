import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session.machine';
import type { loadingMachine } from '../machines/loading.machine';
import type { noticesMachine } from '../machines/notices.machine';
import type { preferencesMachine } from '../machines/preferences.machine';
import type { layoutMachine } from '../machines/layout.machine';
import type { whiteLabelMachine } from '../machines/white-label.machine';
import type { companiesMachine } from '../machines/companies.machine';
import type { commandPaletteMachine } from '../machines/command-palette.machine';
import type { streamMachine } from '../machines/stream.machine';
import type { alertBadgeMachine } from '../machines/alert-badge.machine';
import type { exportsMachine } from '../machines/exports.machine';

/** The global actors of the running app, reached by views through context (never as module singletons). */
export interface Actors {
  session: ActorRefFrom<SessionMachine>;
  loading: ActorRefFrom<typeof loadingMachine>;
  notices: ActorRefFrom<typeof noticesMachine>;
  preferences: ActorRefFrom<typeof preferencesMachine>;
  layout: ActorRefFrom<typeof layoutMachine>;
  whiteLabel: ActorRefFrom<typeof whiteLabelMachine>;
  companies: ActorRefFrom<typeof companiesMachine>;
  palette: ActorRefFrom<typeof commandPaletteMachine>;
  /** The live stream: pages hear its messages through live-watch.ts. */
  stream: ActorRefFrom<typeof streamMachine>;
  alertBadge: ActorRefFrom<typeof alertBadgeMachine>;
  /** The user's export jobs (SPEC §4). */
  exports: ActorRefFrom<typeof exportsMachine>;
}

const ActorsContext = createContext<Actors | null>(null);
export const ActorsProvider = ActorsContext.Provider;

export function useActors(): Actors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useActors outside <ActorsProvider>');
  return actors;
}
