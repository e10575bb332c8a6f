import { assertEvent, assign, fromPromise, setup } from 'xstate';
import * as authApi from '../api/auth.api';
import { signupRequest } from '../api/contract/auth';
import {
  type FieldChange, type FieldErrors, type Form, type PasswordPart, confirmProblems, editField, isValid, leaveField, newForm,
  passwordProblems, revealAll, textProblems, toFailure, unmetParts,
} from './form';

export interface SignUpValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** docs/product.md, Forms: sign-up requires agreement to the terms and conditions. */
  acceptTerms: boolean;
}
export type SignUpField = keyof SignUpValues;
const FIELDS: readonly SignUpField[] = ['name', 'email', 'password', 'confirmPassword', 'acceptTerms'];

export type SignUpRequest = Parameters<typeof authApi.signup>[0];

export interface SignUpContext {
  /** The values, what the person has left, and the messages to show. */
  form: Form<SignUpValues>;
  /** The parts of the password rule the password does not meet yet, live for the checklist. */
  unmet: PasswordPart[];
}

export type SignUpEvent = FieldChange<SignUpValues, 'signup.change'> | { type: 'signup.blur'; field: SignUpField } | { type: 'signup.submit' };

export const EMPTY_SIGN_UP: SignUpValues = { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false };

/** Every field's messages, from the contract's schemas. */
export function validateSignUp(v: SignUpValues): FieldErrors<SignUpField> {
  return {
    name: textProblems(signupRequest.shape.name, v.name, { required: 'account.name.required', tooLong: 'account.name.tooLong' }),
    email: textProblems(signupRequest.shape.email, v.email, { required: 'account.email.required', invalid: 'account.email.invalid' }),
    password: passwordProblems(v.password),
    confirmPassword: confirmProblems(v.password, v.confirmPassword),
    acceptTerms: v.acceptTerms ? [] : [{ key: 'account.terms.required' }],
  };
}

const toRequest = (v: SignUpValues): SignUpRequest => ({
  name: v.name.trim(),
  email: v.email.trim(),
  password: v.password,
  confirmPassword: v.confirmPassword,
  acceptTerms: true,
});

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
  },
  actors: {
    signup: fromPromise<{ created: true }, SignUpRequest>(({ input }) => authApi.signup(input)),
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, 'signup.change');
      const form = editField(context.form, event, validateSignUp);
      return { form, unmet: unmetParts(form.values.password) };
    }),
    leave: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'signup.blur');
        return leaveField(context.form, event.field, validateSignUp);
      },
    }),
    reveal: assign({ form: ({ context }) => revealAll(context.form, validateSignUp) }),
    fail: assign({ form: ({ context }, params: { error: unknown }) => ({ ...context.form, failure: toFailure(params.error, FIELDS) }) }),
  },
  guards: {
    formValid: ({ context }) => isValid(context.form, validateSignUp),
  },
}).createMachine({
  id: 'signUp',
  context: { form: newForm(EMPTY_SIGN_UP), unmet: unmetParts('') },
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'signup.change': { target: '.idle', actions: 'edit' },
        'signup.blur': { actions: 'leave' },
        'signup.submit': [{ guard: 'formValid', target: 'submitting' }, { actions: 'reveal' }],
      },
      states: {
        idle: {},
        failed: {},
      },
    },
    submitting: {
      invoke: {
        id: 'signup',
        src: 'signup',
        input: ({ context }) => toRequest(context.form.values),
        onDone: { target: 'created' },
        onError: { target: 'editing.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The server answers the same whether or not the email had an account (it mails the owner instead).
    created: { type: 'final' },
  },
});

export type SignUpMachine = typeof signUpMachine;
