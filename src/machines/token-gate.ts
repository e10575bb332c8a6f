import { type ActorRefFrom, waitFor } from 'xstate';
import { TokenUnavailableError } from '../api/bindings';
import { needsRefresh, type SessionMachine } from './session.machine';
import type { Failure } from './failure';

/**
 * The refresh before a call failed; the api layer reports the call as failing with the refresh's status and code. The
 * text is for logs: what the person reads comes from the code (failureOf).
 */
export class RefreshFailedError extends TokenUnavailableError {
  constructor(readonly info: Failure) {
    super({ status: info.status, code: info.code, message: `The token refresh failed (${info.status} ${info.code})` });
    this.name = 'RefreshFailedError';
  }
}

/** A switch while refreshing can hand over another company's token that is itself due; bounded so it never spins. */
const MAX_REFRESH_ROUNDS = 3;

/**
 * The access token to send with a call (docs/product.md, Sessions): when a refresh token exists and the access token expires within
 * 5000 ms, a refresh runs first. The session machine ignores token.refresh while it is refreshing, so every caller
 * that arrives meanwhile waits on the same refresh and shares its result or its error.
 */
export async function freshAccessToken(session: ActorRefFrom<SessionMachine>, now: () => number = Date.now): Promise<string | null> {
  let snap = session.getSnapshot();
  if (!snap.context.session) return null;
  for (let round = 0; round < MAX_REFRESH_ROUNDS && needsRefresh(snap.context.session, now()); round++) {
    session.send({ type: 'token.refresh' });
    snap = await waitFor(session, (s) => !s.matches({ signedIn: { token: 'refreshing' } }));
    if (snap.context.refreshError) throw new RefreshFailedError(snap.context.refreshError);
    // The refresh answers for the session it was asked for; a switch meanwhile leaves the caller on the new company.
  }
  return snap.context.session?.accessToken ?? null;
}
