import { assign, fromPromise, setup } from 'xstate';
import * as authApi from '../api/auth.api';
import { toFailure, type FormFailure } from './form';

export interface VerifyEmailInput {
  /** The token of the mailed link (`?token=`), or null when the link has none. */
  token: string | null;
}

export interface VerifyEmailContext {
  token: string;
  /** Why the link could not be checked (a network or server failure, not a stale link), for Try again. */
  failure: FormFailure<never> | null;
}

export type VerifyEmailEvent = { type: 'verify.retry' };

const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;
const statusOf = (e: unknown) => (e as { status?: unknown } | null)?.status;

/**
 * The link mailed at sign-up: following it confirms the address, and the account may sign in.
 * A used, expired or unknown link is "invalid" (sign up again for a new one); a failure to ask is retried.
 */
export const verifyEmailMachine = setup({
  types: {
    input: {} as VerifyEmailInput,
    context: {} as VerifyEmailContext,
    events: {} as VerifyEmailEvent,
  },
  actors: {
    verifyEmail: fromPromise<{ verified: true }, { token: string }>(({ input }) => authApi.verifyEmail(input.token)),
  },
  guards: {
    noToken: ({ context }) => context.token === '',
    linkRejected: (_, params: { error: unknown }) => codeOf(params.error) === 'invalid_token' || statusOf(params.error) === 400,
  },
}).createMachine({
  id: 'verifyEmail',
  context: ({ input }) => ({ token: input.token?.trim() ?? '', failure: null }),
  initial: 'checking',
  states: {
    checking: {
      always: { guard: 'noToken', target: 'invalid' },
      entry: assign({ failure: null }),
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'verified' },
        onError: [
          { guard: { type: 'linkRejected', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          { target: 'failed', actions: assign({ failure: ({ event }) => toFailure<never>(event.error, []) }) },
        ],
      },
    },
    failed: { on: { 'verify.retry': { target: 'checking' } } },
    invalid: { type: 'final' },
    verified: { type: 'final' },
  },
});
