import { assertEvent, assign, fromPromise, setup } from 'xstate';
import * as authApi from '../api/auth.api';
import { forgotPasswordRequest } from '../api/contract/auth';
import { type FieldChange, type FieldErrors, type Form, editField, isValid, leaveField, newForm, revealAll, textProblems, toFailure } from './form';

export interface ForgotValues {
  email: string;
}
export type ForgotField = keyof ForgotValues;

export interface ForgotContext {
  /** The email, whether it was left, and its message to show. */
  form: Form<ForgotValues>;
}

export type ForgotEvent = FieldChange<ForgotValues, 'forgot.change'> | { type: 'forgot.blur'; field: ForgotField } | { type: 'forgot.submit' };

export function validateForgot(v: ForgotValues): FieldErrors<ForgotField> {
  return { email: textProblems(forgotPasswordRequest.shape.email, v.email, { required: 'account.email.required', invalid: 'account.email.invalid' }) };
}

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotContext,
    events: {} as ForgotEvent,
  },
  actors: {
    forgotPassword: fromPromise<{ sent: true }, { email: string }>(({ input }) => authApi.forgotPassword(input.email)),
  },
  actions: {
    edit: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'forgot.change');
        return editField(context.form, event, validateForgot);
      },
    }),
    leave: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'forgot.blur');
        return leaveField(context.form, event.field, validateForgot);
      },
    }),
    reveal: assign({ form: ({ context }) => revealAll(context.form, validateForgot) }),
    fail: assign({ form: ({ context }, params: { error: unknown }) => ({ ...context.form, failure: toFailure(params.error, ['email'] as const) }) }),
  },
  guards: {
    formValid: ({ context }) => isValid(context.form, validateForgot),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { form: newForm<ForgotValues>({ email: '' }) },
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'forgot.change': { target: '.idle', actions: 'edit' },
        'forgot.blur': { actions: 'leave' },
        'forgot.submit': [{ guard: 'formValid', target: 'sending' }, { actions: 'reveal' }],
      },
      states: {
        idle: {},
        failed: {},
      },
    },
    sending: {
      invoke: {
        id: 'forgotPassword',
        src: 'forgotPassword',
        input: ({ context }) => ({ email: context.form.values.email.trim() }),
        onDone: { target: 'sent' },
        onError: { target: 'editing.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The server answers `sent` whether or not the account exists, so the page cannot say which.
    sent: { type: 'final' },
  },
});

export type ForgotPasswordMachine = typeof forgotPasswordMachine;
