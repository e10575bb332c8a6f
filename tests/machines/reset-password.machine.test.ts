import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { resetPasswordMachine } from '../../src/machines/reset-password.machine';

const apiError = (status: number, message: string, code = 'x') => Object.assign(new Error(message), { status, code });
const INVALID = () => apiError(400, 'This reset link is not valid or has expired. Ask for a new one.', 'invalid_token');
type ResetBody = { token: string; password: string; confirmPassword: string };

function start(token: string | null, f: { verify?: (token: string) => Promise<{ valid: true }>; reset?: (b: ResetBody) => Promise<{ reset: true }> } = {}) {
  const calls = { verify: [] as string[], reset: [] as ResetBody[] };
  const actor = createActor(
    resetPasswordMachine.provide({
      actors: {
        verifyResetToken: fromPromise<{ valid: true }, { token: string }>(({ input }) => {
          calls.verify.push(input.token);
          return f.verify ? f.verify(input.token) : Promise.resolve({ valid: true });
        }),
        resetPassword: fromPromise<{ reset: true }, ResetBody>(({ input }) => {
          calls.reset.push(input);
          return f.reset ? f.reset(input) : Promise.resolve({ reset: true });
        }),
      },
    }),
    { input: { token } },
  ).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const fill = (actor: Actor, password: string, confirmPassword: string) => {
  actor.send({ type: 'reset.change', field: 'password', value: password });
  actor.send({ type: 'reset.change', field: 'confirmPassword', value: confirmPassword });
};

describe('reset-password machine', () => {
  it('verifies the token first, then resets with it; reset never signs in', async () => {
    const { actor, calls } = start('tok-1');
    expect(actor.getSnapshot().matches('verifying')).toBe(true);
    await waitFor(actor, (s) => s.matches({ editing: 'idle' }));
    expect(calls.verify).toEqual(['tok-1']);
    fill(actor, 'Newpass12', 'Newpass12');
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.reset).toEqual([{ token: 'tok-1', password: 'Newpass12', confirmPassword: 'Newpass12' }]);
  });

  it('a link without a token is invalid without a call', () => {
    for (const token of [null, '', '   ']) {
      const { actor, calls } = start(token);
      expect(actor.getSnapshot().matches('invalid')).toBe(true);
      expect(calls.verify).toEqual([]);
    }
  });

  it('an unknown, used or expired token is invalid', async () => {
    const { actor } = start('old', { verify: () => Promise.reject(INVALID()) });
    await waitFor(actor, (s) => s.matches('invalid'));
  });

  it('a token the server refuses to read (400 on its format) is invalid too', async () => {
    const { actor } = start('x'.repeat(300), { verify: () => Promise.reject(apiError(400, 'token: Too big', 'bad_request')) });
    await waitFor(actor, (s) => s.matches('invalid'));
  });

  it('a network failure while checking is not "invalid": it can be tried again', async () => {
    let n = 0;
    const { actor, calls } = start('tok', { verify: async () => (n++ === 0 ? Promise.reject(apiError(0, 'Network Error', 'network_error')) : { valid: true }) });
    await waitFor(actor, (s) => s.matches('verifyFailed'));
    expect(actor.getSnapshot().context.verifyFailure).toMatchObject({ status: 0, key: 'failure.network' });
    actor.send({ type: 'reset.retry' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.verifyFailure).toBeNull();
    expect(calls.verify).toHaveLength(2);
  });

  it('a mismatch is an error and nothing is sent', async () => {
    const { actor, calls } = start('tok');
    await waitFor(actor, (s) => s.matches('editing'));
    fill(actor, 'Newpass12', 'Newpass13');
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().context.form.errors).toEqual({ confirmPassword: [{ key: 'account.confirm.mismatch' }] });
    expect(calls.reset).toEqual([]);
  });

  it('the rule messages appear on blur, one per failing part', async () => {
    const { actor } = start('tok');
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'reset.change', field: 'password', value: 'short' });
    expect(actor.getSnapshot().context.form.errors).toEqual({});
    actor.send({ type: 'reset.blur', field: 'password' });
    expect(actor.getSnapshot().context.form.errors.password?.map((m) => m.part)).toEqual(['length', 'upper', 'digit']);
  });

  it('a token that went stale while the form was open leads to invalid; another failure stays on the form', async () => {
    const stale = start('tok', { reset: () => Promise.reject(INVALID()) });
    await waitFor(stale.actor, (s) => s.matches('editing'));
    fill(stale.actor, 'Newpass12', 'Newpass12');
    stale.actor.send({ type: 'reset.submit' });
    await waitFor(stale.actor, (s) => s.matches('invalid'));

    const other = start('tok', { reset: () => Promise.reject(apiError(400, 'password: Password must contain a digit', 'bad_request')) });
    await waitFor(other.actor, (s) => s.matches('editing'));
    fill(other.actor, 'Newpass12', 'Newpass12');
    other.actor.send({ type: 'reset.submit' });
    await waitFor(other.actor, (s) => s.matches({ editing: 'failed' }));
    expect(other.actor.getSnapshot().context.form.failure?.key).toBe('failure.badRequest');
  });
});
