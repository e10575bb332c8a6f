import { assign } from 'xstate';
import { failureOf } from './failure';
import { sessionSetup } from './session-setup';
import { hold, REFRESH_THRESHOLD_MS, type HeldSession, type SessionContext } from './session-types';

/**
 * A refresh answer replaces only what held the refresh token it presented: the session in use if it still does, and
 * that company's entry of userTokens. A switch, a shadow or an exit while the refresh was on its way therefore wins,
 * and an answer for a session that is gone altogether is dropped.
 */
export function adoptRefreshed(
  context: Pick<SessionContext, 'session' | 'userTokens' | 'refreshingWith'>,
  fresh: HeldSession,
): Pick<SessionContext, 'session' | 'userTokens'> {
  const sent = context.refreshingWith;
  const session = sent !== null && context.session?.refreshToken === sent ? fresh : context.session;
  const heldFor = fresh.companyId !== null ? context.userTokens[fresh.companyId] : undefined;
  const userTokens = sent !== null && heldFor?.refreshToken === sent ? { ...context.userTokens, [fresh.companyId as string]: fresh } : context.userTokens;
  return { session, userTokens };
}

/** True when the session's access token expires within the threshold and a refresh token exists. */
export function needsRefresh(session: HeldSession | null, now: number): boolean {
  if (!session?.refreshToken) return false;
  return session.loggedTime + session.expiresIn * 1000 - now < REFRESH_THRESHOLD_MS;
}

/**
 * The signed-in session's token region: the single-flight refresh (token-gate.ts waits on it). While `refreshing`,
 * further token.refresh events are ignored and every caller waits for that one answer.
 */
export const tokenRegion = sessionSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: { 'token.refresh': { guard: 'hasRefreshToken', target: 'refreshing' } },
    },
    refreshing: {
      entry: assign({ refreshError: null, refreshingWith: ({ context }) => context.session?.refreshToken ?? null }),
      invoke: {
        id: 'refresh',
        src: 'refreshToken',
        input: ({ context }) => ({ refreshToken: context.session?.refreshToken ?? '', companyId: context.session?.companyId ?? null }),
        onDone: {
          target: 'idle',
          actions: [assign(({ context, event }) => ({ ...adoptRefreshed(context, hold(event.output)), refreshingWith: null })), 'persist'],
        },
        onError: [
          {
            guard: { type: 'refreshRefusedForSessionInUse', params: ({ event }) => ({ error: event.error }) },
            target: '#session.signedOut',
            actions: [
              assign({ refreshError: ({ event }) => failureOf(event.error) }),
              { type: 'countUnauthorized', params: ({ event }) => ({ failure: failureOf(event.error) }) },
              'endSession',
              'goSignInReturning',
            ],
          },
          // A refused refresh of a company token no longer in use (a switch won meanwhile) only drops that token;
          // waiting callers go on with the session in use.
          {
            guard: { type: 'isAuthFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: assign(({ context }) => ({
              userTokens: Object.fromEntries(Object.entries(context.userTokens).filter(([, v]) => v.refreshToken !== context.refreshingWith)),
              refreshingWith: null,
            })),
          },
          { target: 'idle', actions: assign({ refreshError: ({ event }) => failureOf(event.error), refreshingWith: null }) },
        ],
      },
    },
  },
});
