import { assertEvent, assign, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import type { ExternalProvider, ExternalProviderId, ExternalLoginCallbackResponse } from '../api/contract/external-login';
import type { SessionEvent } from './session.machine';
import { leaveForProvider } from './leave-for-provider';
import { failureOf, type Failure } from './failure';
import { apiModules } from '../api/lazy';
// The sign-in page paints before the api layer arrives.
const api = apiModules.externalLogin;

export interface ExternalLoginContext {
  /** The configured providers: a button for each, none for the others. */
  providers: ExternalProvider[];
  /** Why starting or finishing failed, as a code and its dictionary key (the server's text names the provider in English). */
  error: Failure | null;
  /** The session actor that adopts the finished sign-in. */
  session: AnyActorRef | null;
  /** Buttons on the sign-in page, or the /auth0loginCallback page finishing a sign-in. */
  mode: 'buttons' | 'callback';
}

export type ExternalLoginEvent =
  | { type: 'external.start'; provider: ExternalProviderId; returnUrl?: string; rememberMe?: boolean }
  | { type: 'external.finish'; code: string; state: string; iss?: string };

/** External sign-in (OpenID Connect, code + PKCE, exchanged by the server): providers, start, callback. */
export const externalLoginMachine = setup({
  types: {
    context: {} as ExternalLoginContext,
    events: {} as ExternalLoginEvent,
    input: {} as { session?: AnyActorRef; mode: 'buttons' | 'callback' },
  },
  actors: {
    fetchProviders: fromPromise<ExternalProvider[]>(async () => (await api()).externalProviders()),
    startLogin: leaveForProvider,
    finishLogin: fromPromise<ExternalLoginCallbackResponse, { code: string; state: string; iss?: string }>(async ({ input }) => (await api()).finishExternalLogin(input)),
  },
  guards: { isCallback: (_, params: { mode: string }) => params.mode === 'callback' },
}).createMachine({
  id: 'externalLogin',
  context: ({ input }) => ({ providers: [], error: null, session: input.session ?? null, mode: input.mode }),
  initial: 'init',
  states: {
    init: {
      always: [
        { guard: { type: 'isCallback', params: ({ context }) => ({ mode: context.mode }) }, target: 'awaitingCallback' },
        { target: 'loadingProviders' },
      ],
    },
    loadingProviders: {
      invoke: {
        id: 'providers',
        src: 'fetchProviders',
        onDone: { target: 'ready', actions: assign({ providers: ({ event }) => event.output }) },
        // No buttons is the right fallback: sign-in by password still works.
        onError: { target: 'ready', actions: assign({ providers: [] }) },
      },
    },
    ready: {
      on: { 'external.start': 'redirecting' },
    },
    redirecting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'start',
        src: 'startLogin',
        input: ({ event }) => {
          assertEvent(event, 'external.start');
          return { provider: event.provider, returnUrl: event.returnUrl, rememberMe: event.rememberMe };
        },
        // Success leaves the page; staying here means the browser is on its way.
        onError: { target: 'ready', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
      },
    },
    awaitingCallback: {
      on: { 'external.finish': 'finishing' },
    },
    finishing: {
      invoke: {
        id: 'finish',
        src: 'finishLogin',
        input: ({ event }) => {
          assertEvent(event, 'external.finish');
          return { code: event.code, state: event.state, iss: event.iss };
        },
        // The session machine takes it from here: it signs in, or (MFA on) asks for the code our server mailed.
        onDone: {
          target: 'done',
          actions: sendTo(
            ({ context }) => context.session!,
            ({ event }): SessionEvent => {
              const output = event.output;
              if (output.requireMFV) {
                const { mfaToken, email, rememberMe, returnUrl } = output;
                return { type: 'session.challenge', mfaToken, email, rememberMe, returnTo: returnUrl };
              }
              const { returnUrl, ...session } = output;
              return { type: 'session.establish', session, returnTo: returnUrl };
            },
          ),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
      },
    },
    done: { type: 'final' },
    failed: {},
  },
});
