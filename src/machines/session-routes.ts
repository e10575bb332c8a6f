import type { Session } from '../api/contract/auth';

/** Where the session sends people: sign-in, the code page, home, the admins' home and the maintenance page. */
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
