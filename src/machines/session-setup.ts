import { assertEvent, assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import type { Session } from '../api/contract/auth';
import { NETWORK_ERROR } from '../api/bindings';
import { failureOf, type Failure } from './failure';
import { sessionActors } from './session-actors';
import { homeOf, ROUTES, safeReturnTo } from './session-routes';
import {
  hold, isAuthStatus, noticeOf, SESSION_ACTION_CALLS, withToken,
  type Restored, type SessionContext, type SessionEmitted, type SessionEvent, type StoreCommand,
} from './session-types';

/** The failed call an `api.failed` guard reads: those guards sit only on that event's transitions. */
const failed = (event: SessionEvent) => {
  assertEvent(event, 'api.failed');
  return event;
};

const isRefusal = (status: number) => status === 401 || status === 403;

/**
 * The session machine's setup: its types, actors, named actions and guards. It lives apart from session.machine.ts so
 * the machine's parts (sign-in, the session actions, the token refresh) can be typed state configs of their own
 * modules (`createStateConfig`), which session.machine.ts puts together into the one machine.
 */
export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: sessionActors,
  actions: {
    persist: sendTo('store', ({ context }): StoreCommand =>
      context.session ? { type: 'store.save', session: context.session, userTokens: context.userTokens } : { type: 'store.clear' },
    ),
    clearFeedback: assign({ error: null, info: null }),
    assignError: assign({ error: (_, params: { error: unknown }) => failureOf(params.error) }),
    navigateAfterSignIn: enqueueActions(({ context, enqueue }) => {
      if (context.session) enqueue.emit({ type: 'session.started', locale: context.session.basicInfo.locale });
      enqueue.emit({ type: 'navigate', to: safeReturnTo(context.returnTo) ?? homeOf(context.session) });
      enqueue.assign({ returnTo: null });
    }),
    /**
     * Takes a session the server answered as the one in use: stamped, held under its company (with the other
     * companies' tokens when `keepTokens`, a switch; alone otherwise, a new identity), stored, and announced unless
     * `quiet` (the same identity and company, e.g. after a password change).
     */
    adopt: enqueueActions(({ context, enqueue }, params: { session: Session; keepTokens?: boolean; quiet?: boolean }) => {
      const session = hold(params.session);
      const userTokens = withToken(params.keepTokens ? context.userTokens : {}, session);
      enqueue.assign({ session, userTokens });
      enqueue.sendTo('store', { type: 'store.save', session, userTokens } satisfies StoreCommand);
      if (!params.quiet) enqueue.emit({ type: 'session.changed', companyId: session.companyId, role: session.role });
    }),
    announceCompany: emit(({ context }) => ({ type: 'session.changed' as const, companyId: context.session?.companyId ?? null, role: context.session?.role ?? null })),
    /** Clears session, stored session and (through session.ended) the menu (docs/product.md, Sessions); the caller says where to go. */
    endSession: enqueueActions(({ enqueue }) => {
      enqueue.assign({ session: null, userTokens: {}, mfa: null, resendAvailableAt: null, refreshingWith: null });
      enqueue.sendTo('store', { type: 'store.clear' } satisfies StoreCommand);
      enqueue.emit({ type: 'session.ended' });
    }),
    /** Logout asked for: the sign-in page, with no way back to where the user was. */
    goSignIn: emit({ type: 'navigate', to: ROUTES.signIn }),
    /** The session ended on its own (expired, refused, revoked): sign-in, then back to the same location. */
    goSignInReturning: emit({ type: 'navigate', to: ROUTES.signIn, returnHere: true }),
    /** A refused session action (switch, shadow, exit) is kept for the view and shown as a notice; the session goes on. */
    actionFailed: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      const error = failureOf(params.error);
      enqueue.assign({ error });
      enqueue.emit(noticeOf(error));
    }),
    /**
     * docs/product.md, Errors (401): count, and on the first failure also the 403 notice. A refused refresh is such a failure too: the
     * calls waiting on it may have been cancelled with the page, and the person must still learn why they are out.
     */
    countUnauthorized: enqueueActions(({ context, enqueue }, { failure }: { failure: Failure }) => {
      const count = context.unauthorizedCount + 1;
      enqueue.assign({ unauthorizedCount: count });
      enqueue.sendTo('store', { type: 'store.count', count } satisfies StoreCommand);
      if (count <= 1) enqueue.emit(noticeOf(failure));
    }),
    /** The "server message" of docs/product.md, Errors is the failure's text in the user's language: the code read through failureOf. */
    noticeFailure: emit(({ event }) => noticeOf(failureOf(event))),
    goHome: emit(({ context }) => ({ type: 'navigate' as const, to: homeOf(context.session) })),
    goMaintenance: emit({ type: 'navigate', to: ROUTES.maintenance }),
    noticeOffline: emit({ type: 'notice', level: 'warning', key: 'session.offline' }),
    resetUnauthorized: enqueueActions(({ context, enqueue }) => {
      if (context.unauthorizedCount === 0) return;
      enqueue.assign({ unauthorizedCount: 0 });
      enqueue.sendTo('store', { type: 'store.count', count: 0 } satisfies StoreCommand);
    }),
  },
  guards: {
    hasSession: (_, params: { restored: Restored }) => params.restored.session !== null,
    isAdminNotShadowing: ({ context }) => context.session?.role === 'admin' && !context.session.isShadow,
    isShadow: ({ context }) => Boolean(context.session?.isShadow),
    isCurrentCompany: ({ context, event }) => {
      assertEvent(event, 'company.switch');
      return context.session?.companyId === event.companyId;
    },
    holdsCompanyToken: ({ context, event }) => {
      assertEvent(event, 'company.switch');
      return event.companyId in context.userTokens;
    },
    hasRefreshToken: ({ context }) => Boolean(context.session?.refreshToken),
    refreshRefusedForSessionInUse: ({ context }, params: { error: unknown }) =>
      isAuthStatus(params.error) && context.refreshingWith !== null && context.session?.refreshToken === context.refreshingWith,
    canResend: ({ context }) => context.resendAvailableAt === null || Date.now() >= context.resendAvailableAt,
    isUnauthorized: ({ event }) => failed(event).status === 401,
    /**
     * A 401 or 403 for a token the session no longer uses (a call sent with the shadow token as the shadow ended, whose
     * family the exit revoked; a token replaced by a refresh): it says nothing of the session held now.
     */
    isStaleRefusal: ({ context, event }) => {
      const { status, token } = failed(event);
      return isRefusal(status) && token != null && token !== context.session?.accessToken;
    },
    /**
     * Checked only while an exit or a logout is out: the server revokes the family before it answers, so a page's call
     * can be refused before that answer arrives. The exit or logout decides; its own refusal is reported as ever.
     */
    isRefusalOfAnotherCall: ({ event }, params: { call: string }) => {
      const { status, call } = failed(event);
      return isRefusal(status) && call !== params.call;
    },
    isRefusalAfterLogout: ({ context, event }) => {
      const { status, token } = failed(event);
      return isRefusal(status) && token != null && token === context.loggedOutToken;
    },
    isForbidden: ({ event }) => failed(event).status === 403,
    isSessionActionRefused: ({ event }) => {
      const { status, call } = failed(event);
      return status === 403 && SESSION_ACTION_CALLS.includes(call ?? '');
    },
    /**
     * A refusal that belongs to the screen that asked, which shows it in its own words and offers what it can:
     * a write the screen offered that the server refused (403 — a role the screen misjudged, or a right
     * lost meanwhile; signing out would lose what was typed, and the next refused read still ends the session, docs/product.md, Errors),
     * and anything not found (404 — the screen says so, or offers the person's other company that has it). A notice
     * beside the screen's own message would only repeat it, or contradict it.
     */
    isScreensToShow: ({ event }) => {
      const { status, method } = failed(event);
      return (status === 403 && method !== undefined && method !== 'GET') || status === 404;
    },
    // Only a request that got no answer at all is a network error (docs/product.md, Errors); timeouts and odd answers are "any other".
    isNetworkOnline: ({ event }) => {
      const { code, online, path } = failed(event);
      return code === NETWORK_ERROR && online && path !== ROUTES.maintenance;
    },
    isNetworkOffline: ({ event }) => {
      const { code, online } = failed(event);
      return code === NETWORK_ERROR && !online;
    },
    isNetwork: ({ event }) => failed(event).code === NETWORK_ERROR,
    isAuthFailure: (_, params: { error: unknown }) => isAuthStatus(params.error),
  },
});
