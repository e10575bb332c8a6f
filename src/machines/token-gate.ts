import { type ActorRefFrom, waitFor } from 'xstate';
import { needsRefresh, type ErrorInfo, type SessionMachine } from './session.machine';

export class RefreshFailedError extends Error {
  constructor(readonly info: ErrorInfo) {
    super(info.message);
    this.name = 'RefreshFailedError';
  }
}

/**
 * The access token to send with a call (SPEC §4): when a refresh token exists and the access token expires within
 * 5000 ms, a refresh runs first. The session machine ignores token.refresh while it is refreshing, so every caller
 * that arrives meanwhile waits on the same refresh and shares its result or its error.
 */
export async function freshAccessToken(session: ActorRefFrom<SessionMachine>, now: () => number = Date.now): Promise<string | null> {
  let snap = session.getSnapshot();
  if (!snap.context.session) return null;
  if (needsRefresh(snap.context.session, now())) {
    session.send({ type: 'token.refresh' });
    snap = await waitFor(session, (s) => !s.matches({ signedIn: { token: 'refreshing' } }));
    if (snap.context.refreshError) throw new RefreshFailedError(snap.context.refreshError);
  }
  return snap.context.session?.accessToken ?? null;
}
