import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { companiesPageMachine, DEBOUNCE_MS } from '../../src/machines/companies-page.machine';
import { externalLoginMachine } from '../../src/machines/external-login.machine';
import { validate, whiteLabelSettingsMachine, type WhiteLabelRow } from '../../src/machines/white-label-settings.machine';
import { companiesMachine } from '../../src/machines/companies.machine';
import { session, startSession } from './session-fixtures';
import { ROUTES } from '../../src/machines/session.machine';
import type { CompanyMember, UserSummary } from '../../src/api/contract/companies';
import type { ExternalLoginCallbackRequest, ExternalLoginCallbackResponse, ExternalProvider } from '../../src/api/contract/external-login';

describe('companies machine', () => {
  it('loads on demand, keeps the list, clears on sign-out', async () => {
    const a = createActor(companiesMachine.provide({ actors: { fetchCompanies: fromPromise(async () => [{ id: 'c1', name: 'One', customerType: 'UKE' as 'UKE' | 'Mackwell' | 'EPS' }]) } })).start();
    a.send({ type: 'companies.load' });
    await waitFor(a, (s) => s.matches('ready'));
    expect(a.getSnapshot().context.companies).toHaveLength(1);
    a.send({ type: 'companies.clear' });
    expect(a.getSnapshot().context.companies).toEqual([]);
    const b = createActor(companiesMachine.provide({ actors: { fetchCompanies: fromPromise(async () => Promise.reject(new Error('down'))) } })).start();
    b.send({ type: 'companies.load' });
    await waitFor(b, (s) => s.matches('failed'));
    expect(b.getSnapshot().context.error).toBe('down');
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
    await waitFor(a, (s) => s.matches({ members: 'ready' }));
    expect(calls).toEqual(['c1']);
    expect(a.getSnapshot().context.members).toHaveLength(1);
    a.send({ type: 'members.close' });
    expect(a.getSnapshot().context).toMatchObject({ companyId: null, members: [] });
  });

  it('searches users once typing settles for 250 ms, only for the last query', async () => {
    vi.useFakeTimers();
    const queries: string[] = [];
    const a = createActor(
      companiesPageMachine.provide({
        actors: {
          searchUsers: fromPromise<UserSummary[], { query: string }>(async ({ input }) => {
            queries.push(input.query);
            return [];
          }),
        },
      }),
    ).start();
    for (const q of ['u', 'um', 'uma']) {
      a.send({ type: 'users.search', query: q });
      vi.advanceTimersByTime(DEBOUNCE_MS - 50);
    }
    expect(queries).toEqual([]);
    vi.advanceTimersByTime(60);
    expect(queries).toEqual(['uma']);
    vi.useRealTimers();
    await waitFor(a, (s) => s.matches({ users: 'ready' }));
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
        actors: { fetchProviders: fromPromise<ExternalProvider[]>(async () => []), startLogin: fromPromise(async () => Promise.reject(new Error('Provider not configured'))) },
      }),
      { input: { mode: 'buttons' } },
    ).start();
    await waitFor(a, (s) => s.matches('ready'));
    a.send({ type: 'external.start', provider: 'google' });
    await waitFor(a, (s) => s.matches('ready') && s.context.error !== null);
    expect(a.getSnapshot().context.error).toBe('Provider not configured');
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
    const a = createActor(externalLoginMachine.provide({ actors: { finishLogin: fromPromise(async () => Promise.reject(new Error('state expired'))) } }), { input: { mode: 'callback' } }).start();
    a.send({ type: 'external.finish', code: 'c', state: 's' });
    await waitFor(a, (st) => st.matches('failed'));
    expect(a.getSnapshot().context.error).toBe('state expired');
  });
});

describe('white-label settings machine', () => {
  const row: WhiteLabelRow = { domain: 'watch.example.com', faviconUrl: '/f.ico', loginLogoUrl: '', siteLogoUrl: 'https://cdn.example.com/s.png', websiteTitle: 'Acme' };

  it('validates with the shared contract before any call', () => {
    expect(validate(row)).toEqual({});
    const bad = validate({ ...row, domain: 'not a host', faviconUrl: 'javascript:alert(1)', siteLogoUrl: '//evil.example/x.png' });
    expect(Object.keys(bad).sort()).toEqual(['domain', 'faviconUrl', 'siteLogoUrl']);
  });

  it('saves a valid draft, reloads the list, and reloads branding when it is this host', async () => {
    const saved: WhiteLabelRow[] = [];
    const branding: unknown[] = [];
    const wl = createActor(createMachine({ on: { '*': { actions: ({ event }) => branding.push(event) } } })).start();
    let rows: WhiteLabelRow[] = [];
    const a = createActor(
      whiteLabelSettingsMachine.provide({
        actors: {
          fetchRows: fromPromise(async () => rows),
          saveRow: fromPromise<unknown, WhiteLabelRow>(async ({ input }) => {
            saved.push(input);
            rows = [input];
            return input;
          }),
        },
      }),
      { input: { currentDomain: 'Watch.Example.com', whiteLabel: wl } },
    ).start();
    await waitFor(a, (s) => s.matches('ready'));
    a.send({ type: 'settings.edit' });
    a.send({ type: 'settings.save', values: { ...row, domain: 'bad host' } });
    expect(a.getSnapshot().context.fieldErrors.domain).toBeDefined();
    expect(saved).toEqual([]);
    a.send({ type: 'settings.save', values: { ...row, domain: ' WATCH.example.com ' } });
    await waitFor(a, (s) => s.matches('ready') && s.context.rows.length === 1);
    expect(saved[0]!.domain).toBe('watch.example.com');
    expect(a.getSnapshot().context.done).toEqual({ domain: 'watch.example.com', action: 'saved' });
    expect(branding).toEqual([{ type: 'whiteLabel.reload' }]);
  });

  it('deletes, and shows a failed write', async () => {
    const a = createActor(
      whiteLabelSettingsMachine.provide({
        actors: {
          fetchRows: fromPromise(async () => [row]),
          deleteRow: fromPromise<unknown, { domain: string }>(async () => Promise.reject(new Error('Not found'))),
        },
      }),
      { input: { currentDomain: 'localhost' } },
    ).start();
    await waitFor(a, (s) => s.matches('ready'));
    a.send({ type: 'settings.delete', domain: row.domain });
    await waitFor(a, (s) => s.matches('ready') && s.context.error !== null);
    expect(a.getSnapshot().context.error).toBe('Not found');
  });
});
