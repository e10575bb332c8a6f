import { assertEvent, assign, emit } from 'xstate';
import type { Session } from '../api/contract/auth';
import { ROUTES } from './session-routes';
import { sessionSetup } from './session-setup';
import { RESEND_COOLDOWN_MS } from './session-types';

/** Signed out: a password sign-in, or an external one finished elsewhere (with or without our one-time code). */
export const signedOutState = sessionSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'session.establish': {
          target: '#session.signedIn',
          actions: [
            assign(({ event }) => ({ mfa: null, error: null, returnTo: event.returnTo ?? null })),
            { type: 'adopt', params: ({ event }) => ({ session: event.session }) },
            'navigateAfterSignIn',
          ],
        },
        'session.challenge': {
          target: '#session.mfa',
          actions: [
            assign(({ event }) => ({
              mfa: { mfaToken: event.mfaToken, email: event.email, rememberMe: event.rememberMe },
              returnTo: event.returnTo ?? null,
              error: null,
              resendAvailableAt: Date.now() + RESEND_COOLDOWN_MS,
            })),
            emit({ type: 'navigate', to: ROUTES.mfa }),
          ],
        },
        'session.login': {
          target: 'authenticating',
          actions: assign(({ event }) => ({
            returnTo: event.returnTo ?? null,
            mfa: { mfaToken: '', email: event.email, rememberMe: event.rememberMe },
          })),
        },
      },
    },
    authenticating: {
      entry: 'clearFeedback',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return { email: event.email, password: event.password, rememberMe: event.rememberMe };
        },
        onDone: [
          {
            guard: ({ event }) => event.output.requireMFV,
            target: '#session.mfa',
            actions: [
              assign(({ context, event }) => ({
                mfa: {
                  mfaToken: event.output.requireMFV ? event.output.mfaToken : '',
                  email: context.mfa?.email ?? '',
                  rememberMe: context.mfa?.rememberMe ?? false,
                },
                resendAvailableAt: Date.now() + RESEND_COOLDOWN_MS,
              })),
              emit({ type: 'navigate', to: ROUTES.mfa }),
            ],
          },
          {
            target: '#session.signedIn',
            actions: [
              assign({ mfa: null }),
              { type: 'adopt', params: ({ event }) => ({ session: event.output as Session }) },
              'navigateAfterSignIn',
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, assign({ mfa: null })],
        },
      },
    },
  },
});

/** The one-time code: verify, resend after the cooldown, or cancel back to sign-in. */
export const mfaState = sessionSetup.createStateConfig({
  initial: 'idle',
  on: {
    'session.cancel': {
      target: '#session.signedOut',
      actions: [assign({ mfa: null, error: null, info: null, resendAvailableAt: null }), emit({ type: 'navigate', to: ROUTES.signIn })],
    },
  },
  states: {
    idle: {
      on: {
        'session.verify': { target: 'verifying' },
        'session.resend': { guard: 'canResend', target: 'resending' },
      },
    },
    verifying: {
      entry: 'clearFeedback',
      invoke: {
        id: 'verify',
        src: 'verifyOtp',
        input: ({ context, event }) => {
          assertEvent(event, 'session.verify');
          return { mfaToken: context.mfa?.mfaToken ?? '', code: event.code };
        },
        onDone: {
          target: '#session.signedIn',
          actions: [
            assign({ mfa: null, resendAvailableAt: null }),
            { type: 'adopt', params: ({ event }) => ({ session: event.output }) },
            'navigateAfterSignIn',
          ],
        },
        onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    resending: {
      entry: 'clearFeedback',
      invoke: {
        id: 'resend',
        src: 'resendOtp',
        input: ({ context }) => ({ mfaToken: context.mfa?.mfaToken ?? '' }),
        onDone: { target: 'idle', actions: assign({ info: 'mfa.resent', resendAvailableAt: () => Date.now() + RESEND_COOLDOWN_MS }) },
        onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
