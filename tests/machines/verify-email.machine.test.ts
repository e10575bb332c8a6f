import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { verifyEmailMachine } from '../../src/machines/verify-email.machine';
import { apiError } from './session-fixtures';

function run(token: string | null, answers: Array<() => Promise<{ verified: true }>>) {
  const asked: string[] = [];
  const machine = verifyEmailMachine.provide({
    actors: {
      verifyEmail: fromPromise<{ verified: true }, { token: string }>(({ input }) => {
        asked.push(input.token);
        return answers.shift()!();
      }),
    },
  });
  return { actor: createActor(machine, { input: { token } }).start(), asked };
}

describe('verify-email machine', () => {
  it('confirms the link it was opened with', async () => {
    const { actor, asked } = run('  tok-1 ', [async () => ({ verified: true })]);
    await waitFor(actor, (s) => s.matches('verified'));
    expect(asked).toEqual(['tok-1']);
  });

  it('a link without a token is invalid without asking the server', () => {
    const { actor, asked } = run(null, []);
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(asked).toEqual([]);
  });

  it('a used or expired link is invalid; any other 400 too', async () => {
    for (const e of [apiError(400, 'stale', 'invalid_token'), apiError(400, 'odd', 'bad_request')]) {
      const { actor } = run('tok', [() => Promise.reject(e)]);
      await waitFor(actor, (s) => s.matches('invalid'));
    }
  });

  it('a failure to ask is shown and retried', async () => {
    const { actor, asked } = run('tok', [() => Promise.reject(apiError(0, 'offline', 'network_error')), async () => ({ verified: true })]);
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.failure).not.toBeNull();
    actor.send({ type: 'verify.retry' });
    await waitFor(actor, (s) => s.matches('verified'));
    expect(asked).toEqual(['tok', 'tok']);
  });
});
