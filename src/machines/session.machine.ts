import { assign, emit, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { Session, LoginResponse } from '../api/contract/auth';
// The api layer (ky and the zod contract) loads with the first call, not with the start-up bundle.
const authApi = () => import('../api/auth.api');
import type { I18nKey } from '../i18n';
import { NETWORK_ERROR } from '../api/bindings';
import { clearStoredSession, readStoredSession, storeSession, writeHistoryPathname, writeUnauthorizedCount } from '../storage/browser-storage';

/** SPEC §9: refresh when the access token expires within this many milliseconds. */
export const REFRESH_THRESHOLD_MS = 5000;
export const RESEND_COOLDOWN_MS = 30_000;

export const ROUTES = {
  signIn: '/Identity/Account/Login',
  mfa: '/Identity/Account/multi-factor-verify',
  home: '/',
  adminHome: '/admin-dashboard',
  maintenance: '/maintenance',
} as const;

/**
 * The sign-in page that returns to `returnTo` afterwards (path, query and hash). Only a path on this site is kept:
 * anything else would make sign-in an open redirect.
 */
export function signInPath(returnTo: string | null | undefined): string {
  const safe = safeReturnTo(returnTo);
  const pointless = !safe || safe === ROUTES.home || safe.startsWith(ROUTES.signIn) || safe.startsWith(ROUTES.mfa);
  return pointless ? ROUTES.signIn : `${ROUTES.signIn}?returnUrl=${encodeURIComponent(safe)}`;
}

/** `value` when it is a path on this site (not `//host` or `/\\host`, which browsers read as another origin), else null. */
export function safeReturnTo(value: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not pass
  return value && /^\/(?![/\\])/.test(value) && !/[\u0000-\u001f]/.test(value) ? value : null;
}

/** Where a session starts: a platform admin without a company on the Admin Dashboard, everyone else on theirs. */
export const homeOf = (s: Session | null): string => (s?.role === 'admin' && !s.isShadow && s.companyId === null ? ROUTES.adminHome : ROUTES.home);

/**
 * The session's own calls: a refusal of one of them (403: that company or user may not be taken) answers the action,
 * not the session, so it becomes a notice instead of the 403 logout.
 */
const SESSION_ACTION_CALLS: readonly string[] = ['/api/switch-company', '/api/shadow-company', '/api/shadow-user', '/api/exit-shadow'];

/** A session as held by the client: the server's session stamped with loggedTime (SPEC §3). */
export type HeldSession = Session & { loggedTime: number };

/** A failure as the machine keeps it: plain data, safe to persist or render. */
export interface ErrorInfo {
  status: number;
  code: string;
  message: string;
}

export interface SessionContext {
  /** The session in use, or null when signed out. */
  session: HeldSession | null;
  /** SPEC §3 userTokens: sessions keyed by company id, so switching back costs no call. */
  userTokens: Record<string, HeldSession>;
  /** SPEC §3 multiFactorVerify: kept between sign-in and code verification. */
  mfa: { mfaToken: string; email: string; rememberMe: boolean } | null;
  /** Where to go after signing in (the location a visitor was sent away from). */
  returnTo: string | null;
  /** The last failure of a form-level action (sign-in, code, switch, shadow), for the view to show. */
  error: ErrorInfo | null;
  /** A short confirmation for the view (e.g. a code was resent). */
  info: I18nKey | null;
  /** When Resend becomes available again (epoch ms). */
  resendAvailableAt: number | null;
  /** SPEC §8: consecutive authorization failures, mirrored to local storage. */
  unauthorizedCount: number;
  /** The last refresh failure, cleared when a refresh starts (SPEC §4). */
  refreshError: ErrorInfo | null;
  /** The refresh token the pending refresh presented: its answer replaces only the session that held it. */
  refreshingWith: string | null;
}

export type SessionEvent =
  | { type: 'session.login'; email: string; password: string; rememberMe: boolean; returnTo?: string | null }
  | { type: 'session.verify'; code: string }
  | { type: 'session.resend' }
  | { type: 'session.cancel' }
  | { type: 'session.logout' }
  | { type: 'company.switch'; companyId: string }
  | { type: 'shadow.company'; companyId: string }
  | { type: 'shadow.user'; userId: string }
  | { type: 'shadow.exit' }
  | { type: 'token.refresh' }
  /** `path` is the page the app is on; `call` the API path that failed. */
  | { type: 'api.failed'; status: number; code: string; message: string; online: boolean; path: string; call?: string }
  | { type: 'api.succeeded' }
  | { type: 'route.visited'; path: string }
  /** A call outside this machine answered a new session (a password change): adopt it. */
  | { type: 'session.adopt'; session: Session }
  /** An external sign-in finished elsewhere (OpenID Connect callback): sign in with its session. */
  | { type: 'session.establish'; session: Session; returnTo?: string | null }
  /** An external sign-in of an account with MFA on: our one-time code was mailed, ask for it. */
  | { type: 'session.challenge'; mfaToken: string; email: string; rememberMe: boolean; returnTo?: string | null }
  /** The profile was saved: the session's basic info follows without waiting for a refresh. */
  | { type: 'session.info'; name: string; locale: Session['basicInfo']['locale'] };

export type SessionEmitted =
  /** `returnHere`: go to sign-in carrying the current location (path, query, hash), to come back after signing in. */
  | { type: 'navigate'; to: string; returnHere?: boolean }
  | { type: 'notice'; level: 'error' | 'warning' | 'info'; message?: string; key?: I18nKey }
  | { type: 'session.ended' }
  /** The session in use changed (sign-in, switch, shadow, exit): the company and role a page now reads with. */
  | { type: 'session.changed'; companyId: string | null; role: Session['role'] | null }
  /** A fresh sign-in (not a restore): the account's language, for a browser that has not chosen one. */
  | { type: 'session.started'; locale: Session['basicInfo']['locale'] };

export interface Restored {
  session: HeldSession | null;
  userTokens: Record<string, HeldSession>;
  unauthorizedCount: number;
}

export type StoreCommand =
  | { type: 'store.save'; session: HeldSession; userTokens: Record<string, HeldSession> }
  | { type: 'store.clear' }
  | { type: 'store.count'; count: number }
  | { type: 'store.history'; path: string };

const toErrorInfo = (e: unknown): ErrorInfo => {
  const x = e as Partial<ErrorInfo> | null;
  return {
    status: typeof x?.status === 'number' ? x.status : 0,
    code: typeof x?.code === 'string' ? x.code : 'unknown_error',
    message: typeof x?.message === 'string' ? x.message : String(e),
  };
};

const isAuthStatus = (e: unknown) => {
  const status = toErrorInfo(e).status;
  return status === 401 || status === 403;
};

const hold = (s: Session): HeldSession => ({ ...s, loggedTime: Date.now() });

const withToken = (tokens: Record<string, HeldSession>, s: HeldSession) =>
  s.companyId ? { ...tokens, [s.companyId]: s } : tokens;

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

/** The stored-session side (src/storage/browser-storage.ts): encrypted root for Auth, plain keys of SPEC §7 for the rest. */
const sessionStore = fromCallback<StoreCommand>(({ receive }) => {
  receive((cmd) => {
    if (cmd.type === 'store.count') writeUnauthorizedCount(cmd.count);
    else if (cmd.type === 'store.history') writeHistoryPathname(cmd.path);
    else if (cmd.type === 'store.clear') clearStoredSession();
    else storeSession(cmd.session, cmd.userTokens);
  });
});

const restoreSession = fromPromise<Restored>(async () => {
  const { auth, unauthorizedCount } = await readStoredSession();
  return {
    session: (auth?.session as HeldSession | undefined) ?? null,
    userTokens: (auth?.userTokens as Record<string, HeldSession> | undefined) ?? {},
    unauthorizedCount,
  };
});

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    sessionStore,
    restoreSession,
    login: fromPromise<LoginResponse, { email: string; password: string; rememberMe: boolean }>(async ({ input }) => (await authApi()).login(input)),
    verifyOtp: fromPromise<Session, { mfaToken: string; code: string }>(async ({ input }) => (await authApi()).verifyOtp(input)),
    resendOtp: fromPromise<{ sent: true }, { mfaToken: string }>(async ({ input }) => (await authApi()).resendOtp(input)),
    refreshToken: fromPromise<Session, { refreshToken: string; companyId: string | null }>(async ({ input }) => (await authApi()).refreshToken(input)),
    switchCompany: fromPromise<Session, { companyId: string }>(async ({ input }) => (await authApi()).switchCompany(input.companyId)),
    startShadow: fromPromise<Session, { kind: 'company' | 'user'; id: string }>(async ({ input }) =>
      input.kind === 'company' ? (await authApi()).shadowCompany(input.id) : (await authApi()).shadowUser(input.id),
    ),
    exitShadow: fromPromise<Session>(async () => (await authApi()).exitShadow()),
    logout: fromPromise<unknown>(async () => (await authApi()).logout()),
  },
  actions: {
    persist: sendTo('store', ({ context }): StoreCommand =>
      context.session ? { type: 'store.save', session: context.session, userTokens: context.userTokens } : { type: 'store.clear' },
    ),
    clearFeedback: assign({ error: null, info: null }),
    assignError: assign({ error: (_, params: { error: unknown }) => toErrorInfo(params.error) }),
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
    /** Clears session, stored session and (through session.ended) the menu (SPEC §4); the caller says where to go. */
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
      const error = toErrorInfo(params.error);
      enqueue.assign({ error });
      enqueue.emit({ type: 'notice', level: 'error', message: error.message });
    }),
    /**
     * SPEC §8, 401: count, and on the first failure also the 403 notice. A refused refresh is such a failure too: the
     * calls waiting on it may have been cancelled with the page, and the person must still learn why they are out.
     */
    countUnauthorized: enqueueActions(({ context, enqueue }, { message }: { message: string }) => {
      const count = context.unauthorizedCount + 1;
      enqueue.assign({ unauthorizedCount: count });
      enqueue.sendTo('store', { type: 'store.count', count } satisfies StoreCommand);
      if (count <= 1) enqueue.emit({ type: 'notice', level: 'error', message });
    }),
    noticeForbidden: emit(({ event }) => ({
      type: 'notice' as const,
      level: 'error' as const,
      message: event.type === 'api.failed' ? event.message : undefined,
    })),
    goHome: emit(({ context }) => ({ type: 'navigate' as const, to: homeOf(context.session) })),
    goMaintenance: emit({ type: 'navigate', to: ROUTES.maintenance }),
    noticeOffline: emit({ type: 'notice', level: 'warning', key: 'session.offline' }),
    noticeError: emit(({ event }) => ({
      type: 'notice' as const,
      level: 'error' as const,
      message: event.type === 'api.failed' ? event.message : undefined,
    })),
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
    isCurrentCompany: ({ context, event }) => event.type === 'company.switch' && context.session?.companyId === event.companyId,
    holdsCompanyToken: ({ context, event }) => event.type === 'company.switch' && event.companyId in context.userTokens,
    hasRefreshToken: ({ context }) => Boolean(context.session?.refreshToken),
    refreshRefusedForSessionInUse: ({ context }, params: { error: unknown }) =>
      isAuthStatus(params.error) && context.refreshingWith !== null && context.session?.refreshToken === context.refreshingWith,
    canResend: ({ context }) => context.resendAvailableAt === null || Date.now() >= context.resendAvailableAt,
    isUnauthorized: ({ event }) => event.type === 'api.failed' && event.status === 401,
    isForbidden: ({ event }) => event.type === 'api.failed' && event.status === 403,
    isSessionActionRefused: ({ event }) => event.type === 'api.failed' && event.status === 403 && SESSION_ACTION_CALLS.includes(event.call ?? ''),
    // Only a request that got no answer at all is a network error (SPEC §8); timeouts and odd answers are "any other".
    isNetworkOnline: ({ event }) => event.type === 'api.failed' && event.code === NETWORK_ERROR && event.online && event.path !== ROUTES.maintenance,
    isNetworkOffline: ({ event }) => event.type === 'api.failed' && event.code === NETWORK_ERROR && !event.online,
    isNetwork: ({ event }) => event.type === 'api.failed' && event.code === NETWORK_ERROR,
    isAuthFailure: (_, params: { error: unknown }) => isAuthStatus(params.error),
  },
}).createMachine({
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
  },
  invoke: { id: 'store', src: 'sessionStore' },
  initial: 'restoring',
  on: {
    'api.succeeded': { actions: 'resetUnauthorized' },
    // Outside a signed-in session only transport failures and the 401 count matter (a second of several simultaneous
    // 401s arrives here, after the first has ended the session); auth calls report their own errors.
    'api.failed': [
      { guard: 'isUnauthorized', actions: { type: 'countUnauthorized', params: ({ event }) => ({ message: event.message }) } },
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
    signedOut: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.establish': {
              target: '#session.signedIn',
              actions: [
                assign(({ event }) => ({ mfa: null, error: null, returnTo: event.returnTo ?? null })),
                { type: 'adopt', params: ({ event }) => ({ session: event.session }) },
                'navigateAfterSignIn',
              ],
            },
            'session.challenge': {
              target: '#session.mfa',
              actions: [
                assign(({ event }) => ({
                  mfa: { mfaToken: event.mfaToken, email: event.email, rememberMe: event.rememberMe },
                  returnTo: event.returnTo ?? null,
                  error: null,
                  resendAvailableAt: Date.now() + RESEND_COOLDOWN_MS,
                })),
                emit({ type: 'navigate', to: ROUTES.mfa }),
              ],
            },
            'session.login': {
              target: 'authenticating',
              actions: assign(({ event }) => ({
                returnTo: event.returnTo ?? null,
                mfa: { mfaToken: '', email: event.email, rememberMe: event.rememberMe },
              })),
            },
          },
        },
        authenticating: {
          entry: 'clearFeedback',
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              if (event.type !== 'session.login') throw new Error('authenticating entered without session.login');
              return { email: event.email, password: event.password, rememberMe: event.rememberMe };
            },
            onDone: [
              {
                guard: ({ event }) => event.output.requireMFV,
                target: '#session.mfa',
                actions: [
                  assign(({ context, event }) => ({
                    mfa: {
                      mfaToken: event.output.requireMFV ? event.output.mfaToken : '',
                      email: context.mfa?.email ?? '',
                      rememberMe: context.mfa?.rememberMe ?? false,
                    },
                    resendAvailableAt: Date.now() + RESEND_COOLDOWN_MS,
                  })),
                  emit({ type: 'navigate', to: ROUTES.mfa }),
                ],
              },
              {
                target: '#session.signedIn',
                actions: [
                  assign({ mfa: null }),
                  { type: 'adopt', params: ({ event }) => ({ session: event.output as Session }) },
                  'navigateAfterSignIn',
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, assign({ mfa: null })],
            },
          },
        },
      },
    },
    mfa: {
      initial: 'idle',
      on: {
        'session.cancel': {
          target: 'signedOut',
          actions: [assign({ mfa: null, error: null, info: null, resendAvailableAt: null }), emit({ type: 'navigate', to: ROUTES.signIn })],
        },
      },
      states: {
        idle: {
          on: {
            'session.verify': { target: 'verifying' },
            'session.resend': { guard: 'canResend', target: 'resending' },
          },
        },
        verifying: {
          entry: 'clearFeedback',
          invoke: {
            id: 'verify',
            src: 'verifyOtp',
            input: ({ context, event }) => ({
              mfaToken: context.mfa?.mfaToken ?? '',
              code: event.type === 'session.verify' ? event.code : '',
            }),
            onDone: {
              target: '#session.signedIn',
              actions: [
                assign({ mfa: null, resendAvailableAt: null }),
                { type: 'adopt', params: ({ event }) => ({ session: event.output }) },
                'navigateAfterSignIn',
              ],
            },
            onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        resending: {
          entry: 'clearFeedback',
          invoke: {
            id: 'resend',
            src: 'resendOtp',
            input: ({ context }) => ({ mfaToken: context.mfa?.mfaToken ?? '' }),
            onDone: { target: 'idle', actions: assign({ info: 'mfa.resent', resendAvailableAt: () => Date.now() + RESEND_COOLDOWN_MS }) },
            onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
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
        // SPEC §2: the pathname is stored on every protected visit.
        'route.visited': {
          actions: sendTo('store', ({ event }): StoreCommand => ({ type: 'store.history', path: event.type === 'route.visited' ? event.path : '/' })),
        },
        'api.failed': [
          {
            guard: 'isUnauthorized',
            target: 'signedOut',
            actions: [{ type: 'countUnauthorized', params: ({ event }) => ({ message: event.message }) }, 'endSession', 'goSignInReturning'],
          },
          // The action's own onError shows the refusal.
          { guard: 'isSessionActionRefused' },
          { guard: 'isForbidden', target: 'signedOut', actions: ['noticeForbidden', 'endSession', 'goSignInReturning'] },
          { guard: 'isNetworkOnline', actions: 'goMaintenance' },
          { guard: 'isNetworkOffline', actions: 'noticeOffline' },
          { guard: 'isNetwork' },
          { actions: 'noticeError' },
        ],
      },
      states: {
        activity: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'company.switch': [
                  { guard: 'isCurrentCompany' },
                  {
                    guard: 'holdsCompanyToken',
                    actions: [
                      assign(({ context, event }) => ({ session: context.userTokens[event.companyId] ?? context.session })),
                      'persist',
                      'announceCompany',
                    ],
                  },
                  { target: 'switching' },
                ],
                'shadow.company': { guard: 'isAdminNotShadowing', target: 'shadowing' },
                'shadow.user': { guard: 'isAdminNotShadowing', target: 'shadowing' },
                'shadow.exit': { guard: 'isShadow', target: 'exitingShadow' },
              },
            },
            switching: {
              entry: 'clearFeedback',
              invoke: {
                id: 'switch',
                src: 'switchCompany',
                input: ({ event }) => ({ companyId: event.type === 'company.switch' ? event.companyId : '' }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'adopt', params: ({ event }) => ({ session: event.output, keepTokens: true }) },
                },
                onError: { target: 'idle', actions: { type: 'actionFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            shadowing: {
              entry: 'clearFeedback',
              invoke: {
                id: 'shadow',
                src: 'startShadow',
                input: ({ event }) =>
                  event.type === 'shadow.user' ? { kind: 'user' as const, id: event.userId } : { kind: 'company' as const, id: event.type === 'shadow.company' ? event.companyId : '' },
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'adopt', params: ({ event }) => ({ session: event.output }) }, 'goHome'],
                },
                onError: { target: 'idle', actions: { type: 'actionFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            exitingShadow: {
              entry: 'clearFeedback',
              invoke: {
                id: 'exitShadow',
                src: 'exitShadow',
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'adopt', params: ({ event }) => ({ session: event.output }) }, 'goHome'],
                },
                onError: { target: 'idle', actions: { type: 'actionFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        token: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'token.refresh': { guard: 'hasRefreshToken', target: 'refreshing' } },
            },
            // Single flight: while here, further token.refresh events are ignored and callers wait for the result.
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
                      assign({ refreshError: ({ event }) => toErrorInfo(event.error) }),
                      { type: 'countUnauthorized', params: ({ event }) => ({ message: toErrorInfo(event.error).message }) },
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
                  { target: 'idle', actions: assign({ refreshError: ({ event }) => toErrorInfo(event.error), refreshingWith: null }) },
                ],
              },
            },
          },
        },
      },
    },
    loggingOut: {
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
