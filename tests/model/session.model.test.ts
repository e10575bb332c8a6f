import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { sessionMachine, type SessionEvent, type StoreCommand } from '../../src/machines/session.machine';
import { session } from '../machines/session-fixtures';
import { buildModel, expectSameState, printCoverage } from './model-coverage';

// Invoke id → actor source, so a model step "xstate.done.actor.<id>" can answer the real actor's pending call.
const SOURCES = {
  restore: 'restoreSession', login: 'login', verify: 'verifyOtp', resend: 'resendOtp', switch: 'switchCompany',
  shadow: 'startShadow', exitShadow: 'exitShadow', refresh: 'refreshToken', logout: 'logout',
} as const;
type InvokeId = keyof typeof SOURCES;

const admin = session({ accessToken: 'admin-c1', role: 'admin', companyId: 'c1' });
const adminC2 = session({ accessToken: 'admin-c2', role: 'admin', companyId: 'c2' });
const shadow = session({ accessToken: 'shadow', role: 'manager', companyId: 'c3', isShadow: true, shadow: { kind: 'company', name: 'C3', actorName: 'Ada' } });
const back = session({ accessToken: 'back', role: 'admin', companyId: null, companyName: null });
const err = (status: number) => ({ status, code: 'e', message: `e${status}` });

const done = (id: InvokeId, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: InvokeId, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const apiFailed = (status: number, online = true, path = '/', call = '/api/sites'): SessionEvent => ({
  type: 'api.failed', status, code: status === 0 ? 'network_error' : 'c', online, path, call,
});

const EVENTS = [
  done('restore', { session: { ...admin, loggedTime: 0 }, userTokens: { c1: { ...admin, loggedTime: 0 } }, unauthorizedCount: 0 }),
  done('restore', { session: null, userTokens: {}, unauthorizedCount: 0 }),
  fail('restore', err(0)),
  { type: 'session.login', email: 'admin@sitewatch.test', password: 'Demo1234', rememberMe: false },
  done('login', { requireMFV: true, mfaToken: 'mfa' }),
  done('login', admin),
  fail('login', err(401)),
  { type: 'session.verify', code: '123456' },
  done('verify', admin),
  fail('verify', err(401)),
  { type: 'session.resend' },
  done('resend', { sent: true }),
  fail('resend', err(429)),
  { type: 'session.cancel' },
  { type: 'company.switch', companyId: 'c1' },
  { type: 'company.switch', companyId: 'c2' },
  done('switch', adminC2),
  fail('switch', err(403)),
  { type: 'shadow.company', companyId: 'c3' },
  { type: 'shadow.user', userId: 'u1' },
  done('shadow', shadow),
  fail('shadow', err(404)),
  { type: 'shadow.exit' },
  done('exitShadow', back),
  fail('exitShadow', err(500)),
  { type: 'token.refresh' },
  done('refresh', admin),
  fail('refresh', err(401)),
  fail('refresh', err(0)),
  { type: 'session.logout' },
  done('logout', { loggedOut: true }),
  fail('logout', err(0)),
  apiFailed(401),
  apiFailed(403),
  apiFailed(0, true),
  apiFailed(0, true, '/maintenance'),
  apiFailed(0, false),
  apiFailed(500),
  // A refused session action is that action's failure, not the session's.
  apiFailed(403, true, '/', '/api/shadow-user'),
  // A refused write is the screen's to show, not a sign-out.
  { ...apiFailed(403, true, '/', '/api/medication-fridge-reports/r1'), method: 'PUT' },
  // A refusal of a token the session no longer holds (the shadow's, after its exit) says nothing of the session.
  { ...apiFailed(401), token: 'shadow' },
  // A page's call of the session logged out of, refused after the logout's answer: the person asked for it.
  { ...apiFailed(401), token: 'admin-c1' },
  { type: 'api.failed', status: 0, code: 'timeout', online: true, path: '/', call: '/api/sites' },
  { type: 'api.succeeded' },
  { type: 'route.visited', path: '/reports' },
  { type: 'session.adopt', session: admin },
  { type: 'session.establish', session: admin, returnTo: '/my-profile' },
  { type: 'session.challenge', mfaToken: 'mfa-ext', email: 'admin@sitewatch.test', rememberMe: false, returnTo: null },
  { type: 'session.info', name: 'Ada Lovelace', locale: 'fr' },
] as SessionEvent[];

/** What the guards read, beyond the state value: role, shadowing, company, held companies, counter > 0. */
const serialize = (s: AnyMachineSnapshot) => {
  const c = s.context as ReturnType<typeof sessionMachine.getInitialSnapshot>['context'];
  return JSON.stringify({
    v: s.value,
    role: c.session?.role ?? null,
    shadow: c.session?.isShadow ?? false,
    cid: c.session?.companyId ?? null,
    held: Object.keys(c.userTokens).sort(),
    counted: c.unauthorizedCount > 0,
    loggedOut: c.loggedOutToken !== null,
    // Whether a pending refresh still answers for the session in use (a switch or shadow meanwhile makes it stale).
    refreshInUse: c.refreshingWith !== null && c.refreshingWith === c.session?.refreshToken,
  });
};

function modelMachine() {
  return sessionMachine.provide({
    actors: { sessionStore: fromCallback<StoreCommand>(() => {}) },
    // Resend's 30-second cooldown is time, which the model does not have; unit tests cover it.
    guards: { canResend: () => true },
  });
}

describe('session machine, model-based (xstate/graph)', () => {
  const machine = modelMachine();
  const model = buildModel({ machine, events: EVENTS, serialize });

  it('covers every state and transition of the machine', () => {
    printCoverage('session', model.coverage);
    console.log(`model paths session: shortest ${model.counts.shortest}, simple ${model.counts.simple}, self-loops ${model.counts.selfLoops}`);
    expect(model.coverage.missingStates).toEqual([]);
    expect(model.coverage.missingTransitions).toEqual([]);
  });

  it('the running machine, with real async actors, follows every generated path', async () => {
    for (const path of model.paths) {
      const pending: Partial<Record<InvokeId, { resolve(v: unknown): void; reject(e: unknown): void }>> = {};
      const deferred = (id: InvokeId) => fromPromise<never, unknown>(() => new Promise((resolve, reject) => { pending[id] = { resolve: resolve as never, reject }; }));
      const sut = modelMachine().provide({
        actors: Object.fromEntries(Object.entries(SOURCES).map(([id, src]) => [src, deferred(id as InvokeId)])) as never,
      });
      const actor = createActor(sut).start();
      for (const step of path.steps) {
        const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(step.event.type);
        if (m) {
          const id = m[2] as InvokeId;
          const p = pending[id];
          expect(p, `path step ${step.event.type}: the actor has no pending ${id} call`).toBeDefined();
          delete pending[id];
          if (m[1] === 'done') p!.resolve((step.event as unknown as { output: unknown }).output);
          else p!.reject((step.event as unknown as { error: unknown }).error);
        } else {
          actor.send(step.event);
        }
        try {
          await expectSameState(actor, step.state, path.key);
        } catch (e) {
          console.log('failing path:\n' + path.steps.map((st) => `${JSON.stringify(st.event).slice(0, 90)}\n    => ${path.key(st.state)}`).join('\n'), '\nat', step.event.type);
          throw e;
        }
      }
      actor.stop();
    }
  }, 120_000);
});
