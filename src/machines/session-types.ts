import type { Session } from '../api/contract/auth';
import type { I18nKey } from '../i18n';
import { failureOf, type Failure } from './failure';

/** docs/product.md, Sessions: refresh when the access token expires within this many milliseconds. */
export const REFRESH_THRESHOLD_MS = 5000;
export const RESEND_COOLDOWN_MS = 30_000;

/**
 * The session's own calls: a refusal of one of them (403: that company or user may not be taken) answers the action,
 * not the session, so it becomes a notice instead of the 403 logout.
 */
export const SESSION_ACTION_CALLS: readonly string[] = ['/api/switch-company', '/api/shadow-company', '/api/shadow-user', '/api/exit-shadow'];

/** A session as held by the client: the server's session stamped with loggedTime (docs/product.md, Sessions). */
export type HeldSession = Session & { loggedTime: number };

export interface SessionContext {
  /** The session in use, or null when signed out. */
  session: HeldSession | null;
  /** userTokens (docs/product.md, Sessions): sessions keyed by company id, so switching back costs no call. */
  userTokens: Record<string, HeldSession>;
  /** multiFactorVerify (docs/product.md, Sessions): kept between sign-in and code verification. */
  mfa: { mfaToken: string; email: string; rememberMe: boolean } | null;
  /** Where to go after signing in (the location a visitor was sent away from). */
  returnTo: string | null;
  /** The last failure of a form-level action (sign-in, code, switch, shadow), as a code and its dictionary key. */
  error: Failure | null;
  /** A short confirmation for the view (e.g. a code was resent). */
  info: I18nKey | null;
  /** When Resend becomes available again (epoch ms). */
  resendAvailableAt: number | null;
  /** docs/product.md, Errors: consecutive authorization failures, mirrored to local storage. */
  unauthorizedCount: number;
  /** The last refresh failure, cleared when a refresh starts (docs/product.md, Sessions). */
  refreshError: Failure | null;
  /** The refresh token the pending refresh presented: its answer replaces only the session that held it. */
  refreshingWith: string | null;
  /** The access token of the session the person logged out of: its calls refused after the logout say nothing. */
  loggedOutToken: string | null;
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
  /** `path` is the page the app is on; `call` the API path that failed, `method` its HTTP method. */
  /** `token`: the access token the failed call carried (none when it never got one). */
  | { type: 'api.failed'; status: number; code: string; online: boolean; path: string; call?: string; method?: string; token?: string | null }
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
  /** Always a dictionary key: a failure's code became it in failureOf, never the server's English text. */
  | { type: 'notice'; level: 'error' | 'warning' | 'info'; key: I18nKey; params?: Failure['params'] }
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

export const isAuthStatus = (e: unknown) => {
  const status = failureOf(e).status;
  return status === 401 || status === 403;
};

/** The notice of a failure: its key, and its values when it has any. */
export const noticeOf = (f: Failure): Extract<SessionEmitted, { type: 'notice' }> => ({ type: 'notice', level: 'error', key: f.key, ...(f.params ? { params: f.params } : {}) });

export const hold = (s: Session): HeldSession => ({ ...s, loggedTime: Date.now() });

export const withToken = (tokens: Record<string, HeldSession>, s: HeldSession) => (s.companyId ? { ...tokens, [s.companyId]: s } : tokens);
