import { and, assertEvent, assign, enqueueActions, fromPromise, sendTo, setup, type ActorRef, type Snapshot } from 'xstate';
import * as authApi from '../api/auth.api';
import * as profileApi from '../api/profile.api';
import { locale as localeSchema, type Me, type Session } from '../api/contract/auth';
import { updateProfileRequest, type UpdateProfileRequest } from '../api/contract/profile';
import type { I18nKey, Locale } from '../i18n';
import type { Failure } from './failure';
import {
  type FieldChange, type FieldErrors, type Form, type PasswordPart, confirmProblems, editField, isValid, leaveField, newForm,
  passwordProblems, revealAll, textProblems, toFailure, unmetParts,
} from './form';

/** The events this machine sends to the global actors it is given (narrow, so tests can pass any receiver). */
export type AdoptSession = { type: 'session.adopt'; session: Session } | { type: 'session.info'; name: string; locale: Locale };
export type SetLanguage = { type: 'preferences.language'; locale: Locale };
export type ShowNotice = { type: 'notice.show'; level: 'info'; key: I18nKey };

export interface ProfileInput {
  /** The session actor: a password change answers a new session, which it adopts. */
  session: ActorRef<Snapshot<unknown>, AdoptSession>;
  /** The preferences actor: a saved language becomes the interface language. */
  preferences: ActorRef<Snapshot<unknown>, SetLanguage>;
  /** The notices actor: it outlives this page, which is rebuilt when the interface language changes. */
  notices: ActorRef<Snapshot<unknown>, ShowNotice>;
  /** A shadow session may not change the profile or password of the person shadowed (the server answers 403). */
  shadowing: boolean;
}

export interface DetailsValues {
  name: string;
  locale: Locale;
}
export type DetailsField = keyof DetailsValues;

export interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}
export type PasswordField = keyof PasswordValues;
const PASSWORD_FIELDS: readonly PasswordField[] = ['currentPassword', 'password', 'confirmPassword'];

export interface ProfileContext extends Omit<ProfileInput, 'shadowing'> {
  /** Set while shadowing: both forms show but neither submits. */
  readOnly: boolean;
  /** The profile as the server last answered it, or null until loaded. */
  profile: Me | null;
  /** Why GET /api/me failed, for the view to show with Try again. */
  loadFailure: Failure | null;
  /** Name and language. */
  details: Form<DetailsValues>;
  /** The change-password form; emptied once the change went through. */
  password: Form<PasswordValues>;
  /** The parts of the password rule the new password does not meet yet, live for the checklist. */
  unmet: PasswordPart[];
}

export type ProfileEvent =
  | { type: 'profile.retry' }
  | FieldChange<DetailsValues, 'profile.change'>
  | { type: 'profile.blur'; field: DetailsField }
  | { type: 'profile.save' }
  | FieldChange<PasswordValues, 'changePassword.change'>
  | { type: 'changePassword.blur'; field: PasswordField }
  | { type: 'changePassword.submit' };

export function validateDetails(v: DetailsValues): FieldErrors<DetailsField> {
  return {
    name: textProblems(updateProfileRequest.shape.name, v.name, { required: 'account.name.required', tooLong: 'account.name.tooLong' }),
    locale: localeSchema.safeParse(v.locale).success ? [] : [{ key: 'account.profile.languageInvalid' }],
  };
}

export function validatePassword(v: PasswordValues): FieldErrors<PasswordField> {
  return {
    currentPassword: v.currentPassword ? [] : [{ key: 'account.currentPassword.required' }],
    password: passwordProblems(v.password),
    confirmPassword: confirmProblems(v.password, v.confirmPassword),
  };
}

const EMPTY_PASSWORD: PasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

export const profileMachine = setup({
  types: {
    input: {} as ProfileInput,
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
  },
  actors: {
    loadProfile: fromPromise<Me>(() => authApi.me()),
    saveProfile: fromPromise<Me, UpdateProfileRequest>(({ input }) => profileApi.updateProfile(input)),
    changePassword: fromPromise<Session, PasswordValues>(({ input }) => authApi.changePassword(input)),
  },
  actions: {
    editDetails: assign({
      details: ({ context, event }) => {
        assertEvent(event, 'profile.change');
        return editField(context.details, event, validateDetails);
      },
    }),
    leaveDetails: assign({
      details: ({ context, event }) => {
        assertEvent(event, 'profile.blur');
        return leaveField(context.details, event.field, validateDetails);
      },
    }),
    revealDetails: assign({ details: ({ context }) => revealAll(context.details, validateDetails) }),
    editPassword: assign(({ context, event }) => {
      assertEvent(event, 'changePassword.change');
      const password = editField(context.password, event, validatePassword);
      return { password, unmet: unmetParts(password.values.password) };
    }),
    leavePassword: assign({
      password: ({ context, event }) => {
        assertEvent(event, 'changePassword.blur');
        return leaveField(context.password, event.field, validatePassword);
      },
    }),
    revealPassword: assign({ password: ({ context }) => revealAll(context.password, validatePassword) }),
    /** After a load or a save the form shows what the server holds, which may differ from what was typed (trimmed). */
    takeProfile: assign((_, params: { profile: Me }) => ({
      profile: params.profile,
      details: newForm<DetailsValues>({ name: params.profile.name, locale: params.profile.locale }),
    })),
    /** A changed language becomes the interface language; the page is rebuilt in it, so the confirmation goes to the notices. */
    applyLanguage: enqueueActions(({ context, enqueue }, params: { before: Locale | null; after: Locale }) => {
      if (params.before === params.after) return;
      enqueue.sendTo(context.preferences, { type: 'preferences.language', locale: params.after } satisfies SetLanguage);
      enqueue.sendTo(context.notices, { type: 'notice.show', level: 'info', key: 'account.profile.saved' } satisfies ShowNotice);
    }),
    /** The old refresh family is revoked by the server: the session continues only with the answered one. */
    adoptSession: enqueueActions(({ context, enqueue }, params: { session: Session }) => {
      enqueue.sendTo(context.session, { type: 'session.adopt', session: params.session } satisfies AdoptSession);
      enqueue.assign({ password: newForm(EMPTY_PASSWORD), unmet: unmetParts('') });
    }),
  },
  guards: {
    editable: ({ context }) => !context.readOnly,
    detailsValid: ({ context }) => isValid(context.details, validateDetails),
    passwordValid: ({ context }) => isValid(context.password, validatePassword),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    session: input.session,
    preferences: input.preferences,
    notices: input.notices,
    readOnly: input.shadowing,
    profile: null,
    loadFailure: null,
    details: newForm<DetailsValues>({ name: '', locale: 'en' }),
    password: newForm(EMPTY_PASSWORD),
    unmet: unmetParts(''),
  }),
  type: 'parallel',
  states: {
    details: {
      initial: 'loading',
      states: {
        loading: {
          entry: assign({ loadFailure: null }),
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: { target: 'editing', actions: { type: 'takeProfile', params: ({ event }) => ({ profile: event.output }) } },
            onError: { target: 'loadFailed', actions: assign({ loadFailure: ({ event }) => toFailure<never>(event.error, []) }) },
          },
        },
        loadFailed: {
          on: { 'profile.retry': { target: 'loading' } },
        },
        editing: {
          initial: 'idle',
          on: {
            'profile.change': { target: '.idle', actions: 'editDetails' },
            'profile.blur': { actions: 'leaveDetails' },
            'profile.save': [{ guard: and(['editable', 'detailsValid']), target: 'saving' }, { guard: 'editable', actions: 'revealDetails' }],
          },
          states: {
            idle: {},
            saved: {},
            failed: {},
          },
        },
        saving: {
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context }) => ({ name: context.details.values.name.trim(), locale: context.details.values.locale }),
            onDone: {
              target: 'editing.saved',
              actions: [
                // The top bar and home show the session's name: keep it in step without waiting for a refresh.
                sendTo(({ context }) => context.session, ({ event }) => ({ type: 'session.info' as const, name: event.output.name, locale: event.output.locale })),
                { type: 'applyLanguage', params: ({ context, event }) => ({ before: context.profile?.locale ?? null, after: event.output.locale }) },
                { type: 'takeProfile', params: ({ event }) => ({ profile: event.output }) },
              ],
            },
            onError: {
              target: 'editing.failed',
              actions: assign({ details: ({ context, event }) => ({ ...context.details, failure: toFailure(event.error, ['name', 'locale'] as const) }) }),
            },
          },
        },
      },
    },
    password: {
      initial: 'editing',
      states: {
        editing: {
          initial: 'idle',
          on: {
            'changePassword.change': { target: '.idle', actions: 'editPassword' },
            'changePassword.blur': { actions: 'leavePassword' },
            'changePassword.submit': [{ guard: and(['editable', 'passwordValid']), target: 'submitting' }, { guard: 'editable', actions: 'revealPassword' }],
          },
          states: {
            idle: {},
            changed: {},
            failed: {},
          },
        },
        submitting: {
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => context.password.values,
            onDone: { target: 'editing.changed', actions: { type: 'adoptSession', params: ({ event }) => ({ session: event.output }) } },
            onError: {
              target: 'editing.failed',
              actions: assign({ password: ({ context, event }) => ({ ...context.password, failure: toFailure(event.error, PASSWORD_FIELDS) }) }),
            },
          },
        },
      },
    },
  },
});

export type ProfileMachine = typeof profileMachine;
