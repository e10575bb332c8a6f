import { createActor, fromCallback, fromPromise, type AnyActorLogic } from 'xstate';
import type { LoginResponse, Session } from '../../src/api/contract/auth';
import { sessionMachine, type HeldSession, type Restored, type StoreCommand } from '../../src/machines/session.machine';

export const session = (over: Partial<Session> = {}): Session => ({
  accessToken: `at-${Math.random().toString(36).slice(2)}`,
  refreshToken: `rt-${Math.random().toString(36).slice(2)}`,
  tokenType: 'Bearer',
  expiresIn: 900,
  role: 'user',
  companyId: 'c1',
  companyName: 'Company One',
  isShadow: false,
  shadow: null,
  basicInfo: { id: 'u1', name: 'Uma', email: 'user@sitewatch.test', locale: 'en' },
  requireMFV: false,
  ...over,
});

export const held = (over: Partial<Session> = {}, loggedTime = Date.now()): HeldSession => ({ ...session(over), loggedTime });

export const apiError = (status: number, message = `failed with ${status}`, code = 'x') =>
  Object.assign(new Error(message), { status, code });

type Impl<I, O> = (input: I) => Promise<O>;

export interface Fakes {
  restored?: Restored;
  login?: Impl<{ email: string; password: string; rememberMe: boolean }, LoginResponse>;
  verifyOtp?: Impl<{ mfaToken: string; code: string }, Session>;
  resendOtp?: Impl<{ mfaToken: string }, { sent: true }>;
  refreshToken?: Impl<{ refreshToken: string; companyId: string | null }, Session>;
  switchCompany?: Impl<{ companyId: string }, Session>;
  startShadow?: Impl<{ kind: 'company' | 'user'; id: string }, Session>;
  exitShadow?: Impl<undefined, Session>;
  logout?: Impl<undefined, unknown>;
}

const never = () => new Promise<never>(() => {});

/** The session machine with every network and storage actor replaced through provide(). */
export function startSession(f: Fakes = {}) {
  const calls: Record<string, unknown[]> = {};
  const stored: StoreCommand[] = [];
  const track = <I, O>(name: string, impl: Impl<I, O> | undefined) =>
    fromPromise<O, I>(({ input }) => {
      (calls[name] ??= []).push(input);
      return impl ? impl(input) : (never() as Promise<O>);
    });
  const machine = sessionMachine.provide({
    actors: {
      sessionStore: fromCallback<StoreCommand>(({ receive }) => {
        receive((c) => stored.push(c));
      }),
      restoreSession: fromPromise<Restored>(async () => f.restored ?? { session: null, userTokens: {}, unauthorizedCount: 0 }),
      login: track('login', f.login),
      verifyOtp: track('verifyOtp', f.verifyOtp),
      resendOtp: track('resendOtp', f.resendOtp),
      refreshToken: track('refreshToken', f.refreshToken),
      switchCompany: track('switchCompany', f.switchCompany),
      startShadow: track('startShadow', f.startShadow),
      exitShadow: track('exitShadow', f.exitShadow) as unknown as AnyActorLogic as never,
      logout: track('logout', f.logout) as unknown as AnyActorLogic as never,
    },
  });
  const actor = createActor(machine);
  const emitted: { type: string; [k: string]: unknown }[] = [];
  actor.on('*', (e) => emitted.push(e as never));
  actor.start();
  return { actor, calls, stored, emitted };
}

export const tick = () => new Promise((r) => setTimeout(r, 0));
