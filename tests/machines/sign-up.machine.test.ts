import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { signUpMachine, type SignUpRequest } from '../../src/machines/sign-up.machine';

const apiError = (status: number, message: string, code = 'x', details?: unknown) => Object.assign(new Error(message), { status, code, details });

function start(signup: (input: SignUpRequest) => Promise<{ created: true }>) {
  const calls: SignUpRequest[] = [];
  const actor = createActor(
    signUpMachine.provide({
      actors: {
        signup: fromPromise<{ created: true }, SignUpRequest>(({ input }) => {
          calls.push(input);
          return signup(input);
        }),
      },
    }),
  ).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const fill = (actor: Actor, over: Partial<Record<'name' | 'email' | 'password' | 'confirmPassword', string>> = {}, terms = true) => {
  const v = { name: ' Nia New ', email: ' Nia@Example.test ', password: 'Abcdefg1', confirmPassword: 'Abcdefg1', ...over };
  for (const field of ['name', 'email', 'password', 'confirmPassword'] as const) actor.send({ type: 'signup.change', field, value: v[field] });
  actor.send({ type: 'signup.change', field: 'acceptTerms', value: terms });
};

describe('sign-up machine', () => {
  it('creates the account with the trimmed values and acceptTerms: true', async () => {
    const { actor, calls } = start(async () => ({ created: true }));
    fill(actor);
    actor.send({ type: 'signup.submit' });
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    await waitFor(actor, (s) => s.matches('created'));
    expect(calls).toEqual([{ name: 'Nia New', email: 'Nia@Example.test', password: 'Abcdefg1', confirmPassword: 'Abcdefg1', acceptTerms: true }]);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('refuses without agreement to the terms and shows that message (docs/product.md, Forms)', () => {
    const { actor, calls } = start(async () => ({ created: true }));
    fill(actor, {}, false);
    actor.send({ type: 'signup.submit' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.form.errors).toEqual({ acceptTerms: [{ key: 'account.terms.required' }] });
    expect(calls).toEqual([]);
  });

  it('refuses a mismatched confirmation and a weak password, with a message per failing part', () => {
    const { actor, calls } = start(async () => ({ created: true }));
    fill(actor, { password: 'abcdefgh', confirmPassword: 'abcdefgX' });
    actor.send({ type: 'signup.submit' });
    const { errors } = actor.getSnapshot().context.form;
    expect(errors.password?.map((m) => m.key)).toEqual(['account.password.error.upper', 'account.password.error.digit']);
    expect(errors.confirmPassword).toEqual([{ key: 'account.confirm.mismatch' }]);
    expect(calls).toEqual([]);
  });

  it('shows a field after blur and keeps it current on change; the checklist follows every change', () => {
    const { actor } = start(async () => ({ created: true }));
    actor.send({ type: 'signup.change', field: 'password', value: 'abc' });
    expect(actor.getSnapshot().context.form.errors.password).toBeUndefined();
    expect(actor.getSnapshot().context.unmet).toEqual(['length', 'upper', 'digit']);
    actor.send({ type: 'signup.blur', field: 'password' });
    expect(actor.getSnapshot().context.form.errors.password).toHaveLength(3);
    actor.send({ type: 'signup.change', field: 'password', value: 'abcD1' });
    expect(actor.getSnapshot().context.form.errors.password?.map((m) => m.part)).toEqual(['length']);
    expect(actor.getSnapshot().context.unmet).toEqual(['length']);
  });

  it('shows a server failure, names the blamed field, and clears it on the next change', async () => {
    const { actor } = start(async () => Promise.reject(apiError(400, 'password: Password must contain a digit', 'bad_request', [{ path: 'password' }])));
    fill(actor);
    actor.send({ type: 'signup.submit' });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
    expect(actor.getSnapshot().context.form.failure).toEqual({ status: 400, code: 'bad_request', key: 'failure.badRequest', field: 'password' });
    actor.send({ type: 'signup.change', field: 'name', value: 'Nia' });
    expect(actor.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.form.failure).toBeNull();
  });

  it('a rate limit is shown in the reader’s words (never the server’s English), and a second submit is allowed', async () => {
    let n = 0;
    const { actor, calls } = start(async () => (n++ === 0 ? Promise.reject(apiError(429, 'Too many attempts. Try again in 60 s.', 'rate_limited')) : { created: true }));
    fill(actor);
    actor.send({ type: 'signup.submit' });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
    expect(actor.getSnapshot().context.form.failure?.key).toBe('failure.rateLimited');
    actor.send({ type: 'signup.submit' });
    await waitFor(actor, (s) => s.matches('created'));
    expect(calls).toHaveLength(2);
  });
});
