import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { companiesPageMachine } from '../../src/machines/companies-page.machine';
import { externalLoginMachine } from '../../src/machines/external-login.machine';
import { companiesMachine } from '../../src/machines/companies.machine';
import { session, startSession } from './session-fixtures';
import { ROUTES } from '../../src/machines/session.machine';
import type { CompanyMember } from '../../src/api/contract/companies';
import type { ExternalLoginCallbackRequest, ExternalLoginCallbackResponse, ExternalProvider } from '../../src/api/contract/external-login';

describe('companies machine', () => {
  it('loads on demand, keeps the list, clears on sign-out', async () => {
    const a = createActor(companiesMachine.provide({ actors: { fetchCompanies: fromPromise(async () => [{ id: 'c1', name: 'One', customerType: 'UKE' as 'UKE' | 'Mackwell' | 'EPS' }]) } })).start();
    a.send({ type: 'companies.load' });
    await waitFor(a, (s) => s.matches('ready'));
    expect(a.getSnapshot().context.companies).toHaveLength(1);
    a.send({ type: 'companies.clear' });
    expect(a.getSnapshot().context.companies).toEqual([]);
    const b = createActor(companiesMachine.provide({ actors: { fetchCompanies: fromPromise(async () => Promise.reject(Object.assign(new Error('down'), { status: 0, code: 'network_error' }))) } })).start();
    b.send({ type: 'companies.load' });
    await waitFor(b, (s) => s.matches('failed'));
    expect(b.getSnapshot().context.error).toEqual({ status: 0, code: 'network_error', key: 'failure.network' });
  });
});

describe('companies page machine', () => {
  it('loads the members of the company opened, and closes them', async () => {
    const calls: string[] = [];
    const a = createActor(
      companiesPageMachine.provide({
        actors: {
          fetchMembers: fromPromise<CompanyMember[], { companyId: string }>(async ({ input }) => {
            calls.push(input.companyId);
            return [{ userId: 'u1', name: 'Uma', email: 'u@x', role: 'user' }];
          }),
        },
      }),
    ).start();
    a.send({ type: 'members.open', companyId: 'c1' });
    await waitFor(a, (s) => s.matches('ready'));
    expect(calls).toEqual(['c1']);
    expect(a.getSnapshot().context.members).toHaveLength(1);
    a.send({ type: 'members.close' });
    expect(a.getSnapshot().context).toMatchObject({ companyId: null, members: [] });
  });

  it('keeps a failure as a code with its dictionary key (no English from the server), and retries', async () => {
    let fail = true;
    const a = createActor(
      companiesPageMachine.provide({
        actors: {
          fetchMembers: fromPromise<CompanyMember[], { companyId: string }>(async () => {
            if (fail) throw Object.assign(new Error('Only administrators can do this'), { status: 403, code: 'forbidden' });
            return [];
          }),
        },
      }),
    ).start();
    a.send({ type: 'members.open', companyId: 'c1' });
    await waitFor(a, (s) => s.matches('failed'));
    expect(a.getSnapshot().context.failure).toEqual({ status: 403, code: 'forbidden', key: 'failure.forbidden' });
    fail = false;
    a.send({ type: 'members.reload' });
    await waitFor(a, (s) => s.matches('ready'));
    expect(a.getSnapshot().context.failure).toBeNull();
  });
});

describe('external login machine', () => {
  it('loads only the configured providers; a failure leaves no buttons', async () => {
    const a = createActor(externalLoginMachine.provide({ actors: { fetchProviders: fromPromise<ExternalProvider[]>(async () => [{ id: 'auth0', name: 'Auth0' }]) } }), { input: { mode: 'buttons' } }).start();
    await waitFor(a, (s) => s.matches('ready'));
    expect(a.getSnapshot().context.providers).toEqual([{ id: 'auth0', name: 'Auth0' }]);
    const b = createActor(externalLoginMachine.provide({ actors: { fetchProviders: fromPromise<ExternalProvider[]>(async () => Promise.reject(new Error('x'))) } }), { input: { mode: 'buttons' } }).start();
    await waitFor(b, (s) => s.matches('ready'));
    expect(b.getSnapshot().context.providers).toEqual([]);
  });

  it('shows why a start failed', async () => {
    const a = createActor(
      externalLoginMachine.provide({
        actors: { fetchProviders: fromPromise<ExternalProvider[]>(async () => []), startLogin: fromPromise(async () => Promise.reject(Object.assign(new Error('Provider not configured'), { status: 404, code: 'not_found' }))) },
      }),
      { input: { mode: 'buttons' } },
    ).start();
    await waitFor(a, (s) => s.matches('ready'));
    a.send({ type: 'external.start', provider: 'google' });
    await waitFor(a, (s) => s.matches('ready') && s.context.error !== null);
    expect(a.getSnapshot().context.error).toEqual({ status: 404, code: 'not_found', key: 'failure.notFound' });
  });

  it('hands the finished sign-in to the session actor with where to go', async () => {
    const received: unknown[] = [];
    const sessionStub = createActor(createMachine({ on: { '*': { actions: ({ event }) => received.push(event) } } })).start();
    const s = session();
    const a = createActor(
      externalLoginMachine.provide({ actors: { finishLogin: fromPromise<ExternalLoginCallbackResponse, ExternalLoginCallbackRequest>(async () => ({ ...s, returnUrl: '/my-companies' })) } }),
      { input: { mode: 'callback', session: sessionStub } },
    ).start();
    expect(a.getSnapshot().matches('awaitingCallback')).toBe(true);
    a.send({ type: 'external.finish', code: 'c', state: 's' });
    await waitFor(a, (st) => st.matches('done'));
    expect(received).toEqual([{ type: 'session.establish', session: s, returnTo: '/my-companies' }]);
  });

  it('an account with MFA on: asks the session actor for our one-time code instead of signing in', async () => {
    const received: unknown[] = [];
    const sessionStub = createActor(createMachine({ on: { '*': { actions: ({ event }) => received.push(event) } } })).start();
    const a = createActor(
      externalLoginMachine.provide({
        actors: {
          finishLogin: fromPromise<ExternalLoginCallbackResponse, ExternalLoginCallbackRequest>(async () => ({
            requireMFV: true, mfaToken: 'mfa-ext', email: 'admin@sitewatch.test', rememberMe: true, returnUrl: '/admin-dashboard',
          })),
        },
      }),
      { input: { mode: 'callback', session: sessionStub } },
    ).start();
    a.send({ type: 'external.finish', code: 'c', state: 's' });
    await waitFor(a, (st) => st.matches('done'));
    expect(received).toEqual([
      { type: 'session.challenge', mfaToken: 'mfa-ext', email: 'admin@sitewatch.test', rememberMe: true, returnTo: '/admin-dashboard' },
    ]);
  });

  it('with the real session machine: the MFA answer leads to the code page, and the code to where the visitor was headed', async () => {
    const s = session({ role: 'admin', companyId: null, companyName: null });
    const { actor: sessionActor, emitted, calls } = startSession({ verifyOtp: async () => s });
    await waitFor(sessionActor, (st) => st.matches({ signedOut: 'idle' }));
    const a = createActor(
      externalLoginMachine.provide({
        actors: {
          finishLogin: fromPromise<ExternalLoginCallbackResponse, ExternalLoginCallbackRequest>(async () => ({
            requireMFV: true, mfaToken: 'mfa-ext', email: 'admin@sitewatch.test', rememberMe: false, returnUrl: '/my-profile',
          })),
        },
      }),
      { input: { mode: 'callback', session: sessionActor } },
    ).start();
    a.send({ type: 'external.finish', code: 'c', state: 's' });
    await waitFor(sessionActor, (st) => st.matches({ mfa: 'idle' }));
    expect(sessionActor.getSnapshot().context.session).toBeNull();
    expect(sessionActor.getSnapshot().context.mfa).toEqual({ mfaToken: 'mfa-ext', email: 'admin@sitewatch.test', rememberMe: false });
    expect(emitted).toContainEqual({ type: 'navigate', to: ROUTES.mfa });
    sessionActor.send({ type: 'session.verify', code: '123456' });
    await waitFor(sessionActor, (st) => st.matches('signedIn'));
    expect(calls.verifyOtp).toEqual([{ mfaToken: 'mfa-ext', code: '123456' }]);
    expect(emitted.at(-1)).toEqual({ type: 'navigate', to: '/my-profile' });
  });

  it('shows a failed callback', async () => {
    const stateExpired = Object.assign(new Error('This sign-in attempt is no longer valid.'), { status: 401, code: 'invalid_state' });
    const a = createActor(externalLoginMachine.provide({ actors: { finishLogin: fromPromise(async () => Promise.reject(stateExpired)) } }), { input: { mode: 'callback' } }).start();
    a.send({ type: 'external.finish', code: 'c', state: 's' });
    await waitFor(a, (st) => st.matches('failed'));
    expect(a.getSnapshot().context.error).toEqual({ status: 401, code: 'invalid_state', key: 'failure.signInExpired' });
  });
});
