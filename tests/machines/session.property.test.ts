import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { sessionMachine, type Restored, type StoreCommand } from '../../src/machines/session.machine';
import { freshAccessToken, RefreshFailedError } from '../../src/machines/token-gate';
import type { LoginResponse, Session } from '../../src/api/contract/auth';
import { apiError, held, session } from './session-fixtures';

/** A signed-in session whose access token is about to expire, with refresh scheduled by fast-check. */
function expiringSession(refresh: () => Promise<Session>) {
  const calls = { refresh: 0 };
  const s = held({ expiresIn: 900 }, Date.now() - 899_000);
  const machine = sessionMachine.provide({
    actors: {
      sessionStore: fromCallback<StoreCommand>(() => {}),
      restoreSession: fromPromise<Restored>(async () => ({ session: s, userTokens: {}, unauthorizedCount: 0 })),
      refreshToken: fromPromise<Session, { refreshToken: string; companyId: string | null }>(() => {
        calls.refresh += 1;
        return refresh();
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('single-flight refresh (fast-check scheduler)', () => {
  it('N concurrent callers with an expiring token cause exactly one refresh and all get its token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 200 }), async (s, n) => {
        const fresh = session({ accessToken: 'fresh-token' });
        const { actor, calls } = expiringSession(() => s.schedule(Promise.resolve(fresh), 'refresh answers'));
        await waitFor(actor, (st) => st.matches('signedIn'));
        const callers = Array.from({ length: n }, (_, i) =>
          s.schedule(Promise.resolve(i), `caller ${i} asks`).then(() => freshAccessToken(actor)),
        );
        await s.waitAll();
        const tokens = await Promise.all(callers);
        expect(calls.refresh).toBe(1);
        expect(new Set(tokens)).toEqual(new Set(['fresh-token']));
        actor.stop();
      }),
      { numRuns: 60 },
    );
  });

  it('a failed refresh is shared: one call, every waiting caller gets the error, refreshing is cleared', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 200 }), async (s, n) => {
        const { actor, calls } = expiringSession(() => s.schedule(Promise.reject(apiError(0, 'Network Error')), 'refresh fails'));
        await waitFor(actor, (st) => st.matches('signedIn'));
        const callers = Array.from({ length: n }, () => freshAccessToken(actor).then(() => 'ok', (e: unknown) => e));
        await s.waitAll();
        const results = await Promise.all(callers);
        expect(calls.refresh).toBe(1);
        expect(results.every((r) => r instanceof RefreshFailedError)).toBe(true);
        expect(actor.getSnapshot().matches({ signedIn: { token: 'idle' } })).toBe(true);
        actor.stop();
      }),
      { numRuns: 40 },
    );
  });
});

describe('the 401 counter (docs/product.md, Errors)', () => {
  type Op = 'login' | 'fail401' | 'fail403' | 'success' | 'failOther';
  it('never goes below 0, counts every 401 (also those arriving after the first ended the session), notices only the first, resets on success', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom<Op>('login', 'fail401', 'fail403', 'success', 'failOther'), { maxLength: 40 }), async (ops) => {
        const machine = sessionMachine.provide({
          actors: {
            sessionStore: fromCallback<StoreCommand>(() => {}),
            restoreSession: fromPromise<Restored>(async () => ({ session: null, userTokens: {}, unauthorizedCount: 0 })),
            login: fromPromise<LoginResponse, { email: string; password: string; rememberMe: boolean }>(async () => session()),
          },
        });
        const actor = createActor(machine);
        let notices = 0;
        actor.on('notice', () => notices++);
        actor.start();
        await waitFor(actor, (st) => st.matches('signedOut'));
        let count = 0;
        let signedIn = false;
        let expectedNotices = 0;
        for (const op of ops) {
          const failed = (status: number) => ({ type: 'api.failed' as const, status, code: 'c', online: true, path: '/', call: '/api/sites' });
          if (op === 'login') {
            if (!signedIn) {
              actor.send({ type: 'session.login', email: 'a@b.c', password: 'p', rememberMe: false });
              await waitFor(actor, (st) => st.matches('signedIn'));
              signedIn = true;
            }
          } else if (op === 'success') {
            actor.send({ type: 'api.succeeded' });
            count = 0;
          } else if (op === 'fail401') {
            actor.send(failed(401));
            count += 1;
            if (count <= 1) expectedNotices += 1;
            signedIn = false;
          } else if (op === 'fail403') {
            actor.send(failed(403));
            if (signedIn) {
              expectedNotices += 1;
              signedIn = false;
            }
          } else {
            actor.send(failed(500));
            if (signedIn) expectedNotices += 1;
          }
          const ctx = actor.getSnapshot().context;
          expect(ctx.unauthorizedCount).toBeGreaterThanOrEqual(0);
          expect(ctx.unauthorizedCount).toBe(count);
          expect(actor.getSnapshot().matches('signedIn')).toBe(signedIn);
        }
        expect(notices).toBe(expectedNotices);
        actor.stop();
      }),
      { numRuns: 200 },
    );
  });
});
