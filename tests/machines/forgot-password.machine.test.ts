import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { forgotPasswordMachine } from '../../src/machines/forgot-password.machine';

const apiError = (status: number, message: string, code = 'x') => Object.assign(new Error(message), { status, code });

function start(send: (email: string) => Promise<{ sent: true }>) {
  const calls: string[] = [];
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: {
        forgotPassword: fromPromise<{ sent: true }, { email: string }>(({ input }) => {
          calls.push(input.email);
          return send(input.email);
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

describe('forgot-password machine', () => {
  it('sends the trimmed email and ends in sent', async () => {
    const { actor, calls } = start(async () => ({ sent: true }));
    actor.send({ type: 'forgot.change', field: 'email', value: ' someone@example.test ' });
    actor.send({ type: 'forgot.submit' });
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    await waitFor(actor, (s) => s.matches('sent'));
    expect(calls).toEqual(['someone@example.test']);
  });

  it('refuses an empty or malformed email without a call', () => {
    const { actor, calls } = start(async () => ({ sent: true }));
    actor.send({ type: 'forgot.submit' });
    expect(actor.getSnapshot().context.form.errors).toEqual({ email: [{ key: 'account.email.required' }] });
    actor.send({ type: 'forgot.change', field: 'email', value: 'not-an-email' });
    expect(actor.getSnapshot().context.form.errors).toEqual({ email: [{ key: 'account.email.invalid' }] });
    actor.send({ type: 'forgot.submit' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(calls).toEqual([]);
  });

  it('shows the email message only after blur', () => {
    const { actor } = start(async () => ({ sent: true }));
    actor.send({ type: 'forgot.change', field: 'email', value: 'x' });
    expect(actor.getSnapshot().context.form.errors).toEqual({});
    actor.send({ type: 'forgot.blur', field: 'email' });
    expect(actor.getSnapshot().context.form.errors.email).toEqual([{ key: 'account.email.invalid' }]);
  });

  it('shows a failure (e.g. rate limited) and allows another try', async () => {
    let n = 0;
    const { actor } = start(async () => (n++ === 0 ? Promise.reject(apiError(429, 'Too many requests')) : { sent: true }));
    actor.send({ type: 'forgot.change', field: 'email', value: 'a@example.test' });
    actor.send({ type: 'forgot.submit' });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
    expect(actor.getSnapshot().context.form.failure).toMatchObject({ status: 429, key: 'failure.rateLimited', field: null });
    actor.send({ type: 'forgot.submit' });
    await waitFor(actor, (s) => s.matches('sent'));
  });
});
