import { assertEvent, assign, fromPromise, setup } from 'xstate';
import * as authApi from '../api/auth.api';
import {
  type FieldChange, type FieldErrors, type Form, type FormFailure, type PasswordPart, confirmProblems, editField, isValid, leaveField,
  newForm, passwordProblems, revealAll, toFailure, unmetParts,
} from './form';

export interface ResetValues {
  password: string;
  confirmPassword: string;
}
export type ResetField = keyof ResetValues;
const FIELDS: readonly ResetField[] = ['password', 'confirmPassword'];

export interface ResetInput {
  /** The token of the mailed link (`?token=`), or null when the link has none. */
  token: string | null;
}

export interface ResetContext {
  /** The link's token, trimmed; empty when the link had none. */
  token: string;
  /** The new password and its confirmation, and the messages to show. */
  form: Form<ResetValues>;
  /** The parts of the password rule the new password does not meet yet, live for the checklist. */
  unmet: PasswordPart[];
  /** Why the token could not be checked (a network or server failure, not an invalid link), for Try again. */
  verifyFailure: FormFailure<never> | null;
}

export type ResetEvent =
  | FieldChange<ResetValues, 'reset.change'>
  | { type: 'reset.blur'; field: ResetField }
  | { type: 'reset.submit' }
  | { type: 'reset.retry' };

export function validateReset(v: ResetValues): FieldErrors<ResetField> {
  return { password: passwordProblems(v.password), confirmPassword: confirmProblems(v.password, v.confirmPassword) };
}

const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;
const statusOf = (e: unknown) => (e as { status?: unknown } | null)?.status;

export const resetPasswordMachine = setup({
  types: {
    input: {} as ResetInput,
    context: {} as ResetContext,
    events: {} as ResetEvent,
  },
  actors: {
    verifyResetToken: fromPromise<{ valid: true }, { token: string }>(({ input }) => authApi.verifyResetToken(input.token)),
    resetPassword: fromPromise<{ reset: true }, { token: string; password: string; confirmPassword: string }>(({ input }) => authApi.resetPassword(input)),
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, 'reset.change');
      const form = editField(context.form, event, validateReset);
      return { form, unmet: unmetParts(form.values.password) };
    }),
    leave: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'reset.blur');
        return leaveField(context.form, event.field, validateReset);
      },
    }),
    reveal: assign({ form: ({ context }) => revealAll(context.form, validateReset) }),
    fail: assign({ form: ({ context }, params: { error: unknown }) => ({ ...context.form, failure: toFailure(params.error, FIELDS) }) }),
  },
  guards: {
    noToken: ({ context }) => context.token === '',
    /** A used, expired or unknown token (invalid_token), or one the server refuses to read (any other 400). */
    tokenRejected: (_, params: { error: unknown }) => codeOf(params.error) === 'invalid_token' || statusOf(params.error) === 400,
    /** On submit a 400 may be about the password; only invalid_token means the link went stale. */
    tokenExpired: (_, params: { error: unknown }) => codeOf(params.error) === 'invalid_token',
    formValid: ({ context }) => isValid(context.form, validateReset),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: input.token?.trim() ?? '',
    form: newForm<ResetValues>({ password: '', confirmPassword: '' }),
    unmet: unmetParts(''),
    verifyFailure: null,
  }),
  initial: 'verifying',
  states: {
    verifying: {
      // A link without a token is invalid without asking the server.
      always: { guard: 'noToken', target: 'invalid' },
      entry: assign({ verifyFailure: null }),
      invoke: {
        id: 'verifyResetToken',
        src: 'verifyResetToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'editing' },
        onError: [
          { guard: { type: 'tokenRejected', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          { target: 'verifyFailed', actions: assign({ verifyFailure: ({ event }) => toFailure<never>(event.error, []) }) },
        ],
      },
    },
    verifyFailed: {
      on: { 'reset.retry': { target: 'verifying' } },
    },
    invalid: { type: 'final' },
    editing: {
      initial: 'idle',
      on: {
        'reset.change': { target: '.idle', actions: 'edit' },
        'reset.blur': { actions: 'leave' },
        'reset.submit': [{ guard: 'formValid', target: 'submitting' }, { actions: 'reveal' }],
      },
      states: {
        idle: {},
        failed: {},
      },
    },
    submitting: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, ...context.form.values }),
        onDone: { target: 'done' },
        onError: [
          // Used or expired while the form was open (e.g. a second tab reset first).
          { guard: { type: 'tokenExpired', params: ({ event }) => ({ error: event.error }) }, target: 'invalid' },
          { target: 'editing.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // Reset never signs in: every session of the account was ended, the person signs in with the new password.
    done: { type: 'final' },
  },
});

export type ResetPasswordMachine = typeof resetPasswordMachine;
