import { fromCallback, fromPromise } from 'xstate';
import type { LoginResponse, Session } from '../api/contract/auth';
import { clearStoredSession, readStoredSession, storeSession, writeHistoryPathname, writeUnauthorizedCount } from '../storage/browser-storage';
import type { HeldSession, Restored, StoreCommand } from './session-types';
import { apiModules } from '../api/lazy';

// The api layer (ky and the zod contract) loads with the first call, not with the start-up bundle.
const authApi = apiModules.auth;

/** The stored-session side (src/storage/browser-storage.ts): encrypted root for Auth, plain keys (docs/product.md, Browser storage) for the rest. */
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

/** Every side effect of the session machine: storage and the auth calls. Tests provide their own by these names. */
export const sessionActors = {
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
};
