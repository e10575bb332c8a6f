import { and, assign, sendTo, stateIn } from 'xstate';
import { failureOf } from './failure';
import { tokenRegion } from './session-refresh';
import { sessionSetup } from './session-setup';
import { activityRegion } from './session-shadow';
import { mfaState, signedOutState } from './session-sign-in';
import type { StoreCommand } from './session-types';

// The machine's public face stays here: importers need not know how its parts are filed.
export { homeOf, ROUTES, safeReturnTo, signInPath } from './session-routes';
export { adoptRefreshed, needsRefresh } from './session-refresh';
export {
  REFRESH_THRESHOLD_MS, RESEND_COOLDOWN_MS,
  type HeldSession, type Restored, type SessionContext, type SessionEmitted, type SessionEvent, type StoreCommand,
} from './session-types';

/**
 * The session (docs/product.md, Sessions and Errors): restoring a stored session, sign-in with the one-time code, the signed-in session
 * with its actions (switch, shadow) and its token refresh side by side, the error catalogue's answers to failed
 * calls, and logout. Its setup and parts live in the session-*.ts modules beside it.
 */
export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: {
    session: null,
    userTokens: {},
    mfa: null,
    returnTo: null,
    error: null,
    info: null,
    resendAvailableAt: null,
    unauthorizedCount: 0,
    refreshError: null,
    refreshingWith: null,
    loggedOutToken: null,
  },
  invoke: { id: 'store', src: 'sessionStore' },
  initial: 'restoring',
  on: {
    'api.succeeded': { actions: 'resetUnauthorized' },
    // Outside a signed-in session only transport failures and the 401 count matter (a second of several simultaneous
    // 401s arrives here, after the first has ended the session); auth calls report their own errors.
    'api.failed': [
      // A page's call already out when the person logged out, refused after the logout's answer: they asked for it.
      { guard: 'isRefusalAfterLogout' },
      { guard: 'isUnauthorized', actions: { type: 'countUnauthorized', params: ({ event }) => ({ failure: failureOf(event) }) } },
      { guard: 'isNetworkOnline', actions: 'goMaintenance' },
      { guard: 'isNetworkOffline', actions: 'noticeOffline' },
    ],
  },
  states: {
    restoring: {
      invoke: {
        id: 'restore',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => ({ restored: event.output }) },
            target: 'signedIn',
            actions: [
              assign(({ event }) => ({
                session: event.output.session,
                userTokens: event.output.userTokens,
                unauthorizedCount: event.output.unauthorizedCount,
              })),
              'announceCompany',
            ],
          },
          { target: 'signedOut', actions: assign(({ event }) => ({ unauthorizedCount: event.output.unauthorizedCount })) },
        ],
        onError: { target: 'signedOut' },
      },
    },
    signedOut: signedOutState,
    mfa: mfaState,
    signedIn: {
      type: 'parallel',
      on: {
        'session.logout': { target: 'loggingOut' },
        'session.adopt': { actions: { type: 'adopt', params: ({ event }) => ({ session: event.session, quiet: true }) } },
        'session.info': {
          actions: [
            assign(({ context, event }) => {
              if (!context.session) return {};
              const basicInfo = { ...context.session.basicInfo, name: event.name, locale: event.locale };
              const session = { ...context.session, basicInfo };
              const userTokens = Object.fromEntries(Object.entries(context.userTokens).map(([k, v]) => [k, { ...v, basicInfo }]));
              return { session, userTokens };
            }),
            'persist',
          ],
        },
        // docs/product.md, Screens and routes: the pathname is stored on every protected visit.
        'route.visited': {
          actions: sendTo('store', ({ event }): StoreCommand => ({ type: 'store.history', path: event.path })),
        },
        // The error handling of docs/product.md, Errors, for a signed-in session; the 401 and 403 rules are this machine's alone.
        'api.failed': [
          { guard: 'isStaleRefusal' },
          {
            guard: and([
              stateIn({ signedIn: { activity: 'exitingShadow' } }),
              { type: 'isRefusalOfAnotherCall', params: { call: '/api/exit-shadow' } },
            ]),
          },
          {
            guard: 'isUnauthorized',
            target: 'signedOut',
            actions: [{ type: 'countUnauthorized', params: ({ event }) => ({ failure: failureOf(event) }) }, 'endSession', 'goSignInReturning'],
          },
          // The action's own onError shows the refusal.
          { guard: 'isSessionActionRefused' },
          // So does the screen that offered a refused write, or asked for what is not there.
          { guard: 'isScreensToShow' },
          { guard: 'isForbidden', target: 'signedOut', actions: ['noticeFailure', 'endSession', 'goSignInReturning'] },
          { guard: 'isNetworkOnline', actions: 'goMaintenance' },
          { guard: 'isNetworkOffline', actions: 'noticeOffline' },
          { guard: 'isNetwork' },
          { actions: 'noticeFailure' },
        ],
      },
      states: {
        activity: activityRegion,
        token: tokenRegion,
      },
    },
    loggingOut: {
      entry: assign({ loggedOutToken: ({ context }) => context.session?.accessToken ?? null }),
      // The server revokes the family before it answers: a page's call refused meanwhile says nothing the person did
      // not ask for (no "session ended" notice, no count). The logout's own failures are reported as anywhere else.
      on: { 'api.failed': { guard: { type: 'isRefusalOfAnotherCall', params: { call: '/api/logout' } } } },
      // The server call only revokes the refresh family; the client signs out whatever it answers.
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'signedOut', actions: ['endSession', 'goSignIn'] },
        onError: { target: 'signedOut', actions: ['endSession', 'goSignIn'] },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
