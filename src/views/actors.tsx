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

/**
 * The global actors of the running app, reached by views through context (never as module singletons). The
 * SignedInActors run once loadSignedIn has resolved; only the signed-in frame and its pages may read them.
 */
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
  /** The user's export jobs: queued from the site dashboard, followed in the top bar's exports list. */
  exports: ActorRefFrom<typeof exportsMachine>;
}

/** The actors that start with the signed-in pages (src/signed-in.ts), not with the app. */
export type SignedInActors = Pick<Actors, 'palette' | 'stream' | 'alertBadge' | 'exports'>;

const ActorsContext = createContext<Actors | null>(null);
export const ActorsProvider = ActorsContext.Provider;

export function useActors(): Actors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useActors outside <ActorsProvider>');
  return actors;
}

let startSignedIn: (() => Promise<void>) | null = null;
let signedIn: Promise<void> | null = null;

/** main.tsx, which owns the actors, says how the signed-in actors start (as bindApi binds the api layer). */
export function bindSignedIn(start: () => Promise<void>): void {
  startSignedIn = start;
}

/**
 * Starts the signed-in actors once, and with them the rest of the dictionary: the signed-in frame waits for this; a
 * public page that has shown, or a signed-in route while its session is restored, asks ahead. A failed load is tried
 * again by the next caller.
 */
export function loadSignedIn(): Promise<void> {
  if (!startSignedIn) return Promise.reject(new Error('bindSignedIn was never called'));
  signedIn ??= startSignedIn().catch((e: unknown) => {
    signedIn = null;
    throw e;
  });
  return signedIn;
}
