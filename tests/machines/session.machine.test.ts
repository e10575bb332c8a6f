import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { apiError, held, session, startSession, tick } from './session-fixtures';
import { homeOf, ROUTES, signInPath } from '../../src/machines/session.machine';

afterEach(() => vi.useRealTimers());

const signedIn = async (over = {}, extra: Parameters<typeof startSession>[0] = {}) => {
  const s = held(over);
  const t = startSession({ restored: { session: s, userTokens: s.companyId ? { [s.companyId]: s } : {}, unauthorizedCount: 0 }, ...extra });
  await waitFor(t.actor, (st) => st.matches('signedIn'));
  return { ...t, s };
};

describe('session machine: start-up', () => {
  it('goes to signedOut when nothing is stored', async () => {
    const { actor } = startSession();
    await waitFor(actor, (st) => st.matches({ signedOut: 'idle' }));
  });

  it('a stored token means a signed-in session at start', async () => {
    const { actor, s, emitted } = await signedIn();
    expect(actor.getSnapshot().context.session?.accessToken).toBe(s.accessToken);
    expect(emitted).toContainEqual({ type: 'session.changed', companyId: 'c1', role: 'user' });
  });

  it('restores the 401 counter', async () => {
    const { actor } = startSession({ restored: { session: null, userTokens: {}, unauthorizedCount: 2 } });
    await waitFor(actor, (st) => st.matches('signedOut'));
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(2);
  });
});

describe('session machine: sign-in', () => {
  it('signs in without MFA, stores the session keyed by company and goes where the visitor was headed', async () => {
    const s = session();
    const { actor, stored, emitted, calls } = startSession({ login: async () => s });
    await waitFor(actor, (st) => st.matches('signedOut'));
    actor.send({ type: 'session.login', email: 'user@sitewatch.test', password: 'pw', rememberMe: true, returnTo: '/reports' });
    expect(actor.getSnapshot().matches({ signedOut: 'authenticating' })).toBe(true);
    await waitFor(actor, (st) => st.matches('signedIn'));
    const ctx = actor.getSnapshot().context;
    expect(calls.login).toEqual([{ email: 'user@sitewatch.test', password: 'pw', rememberMe: true }]);
    expect(ctx.session?.accessToken).toBe(s.accessToken);
    expect(ctx.session?.loggedTime).toBeTypeOf('number');
    expect(Object.keys(ctx.userTokens)).toEqual(['c1']);
    expect(stored.at(-1)).toMatchObject({ type: 'store.save' });
    expect(emitted).toContainEqual({ type: 'navigate', to: '/reports' });
  });

  it('keeps the verification data when MFA is required, then verifies', async () => {
    const s = session({ role: 'admin', companyId: null, companyName: null });
    const { actor, emitted, calls } = startSession({
      login: async () => ({ requireMFV: true, mfaToken: 'mfa-1' }),
      verifyOtp: async () => s,
    });
    await waitFor(actor, (st) => st.matches('signedOut'));
    actor.send({ type: 'session.login', email: 'admin@sitewatch.test', password: 'pw', rememberMe: false });
    await waitFor(actor, (st) => st.matches({ mfa: 'idle' }));
    expect(actor.getSnapshot().context.mfa).toEqual({ mfaToken: 'mfa-1', email: 'admin@sitewatch.test', rememberMe: false });
    expect(emitted).toContainEqual({ type: 'navigate', to: ROUTES.mfa });
    actor.send({ type: 'session.verify', code: '123456' });
    await waitFor(actor, (st) => st.matches('signedIn'));
    expect(calls.verifyOtp).toEqual([{ mfaToken: 'mfa-1', code: '123456' }]);
    expect(actor.getSnapshot().context.mfa).toBeNull();
    // A platform admin without a company lands on the Admin Dashboard.
    expect(emitted).toContainEqual({ type: 'navigate', to: ROUTES.adminHome });
  });

  it('shows a failed sign-in and stays signed out', async () => {
    const { actor } = startSession({ login: async () => Promise.reject(apiError(401, 'Invalid email or password', 'invalid_credentials')) });
    await waitFor(actor, (st) => st.matches('signedOut'));
    actor.send({ type: 'session.login', email: 'a@b.c', password: 'x', rememberMe: false });
    await waitFor(actor, (st) => st.matches({ signedOut: 'idle' }) && st.context.error !== null);
    // The code, as the key the form shows: the server's English text is not kept.
    expect(actor.getSnapshot().context.error).toEqual({ status: 401, code: 'invalid_credentials', key: 'failure.invalidCredentials' });
  });

  it('shows a wrong code, and allows resend only after the cooldown', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { actor, calls } = startSession({
      login: async () => ({ requireMFV: true, mfaToken: 'm' }),
      verifyOtp: async () => Promise.reject(Object.assign(apiError(401, 'The code is not correct. 4 tries left.', 'invalid_code'), { details: { triesLeft: 4 } })),
      resendOtp: async () => ({ sent: true }),
    });
    await waitFor(actor, (st) => st.matches('signedOut'));
    actor.send({ type: 'session.login', email: 'a@b.c', password: 'x', rememberMe: false });
    await waitFor(actor, (st) => st.matches({ mfa: 'idle' }));
    actor.send({ type: 'session.verify', code: '000000' });
    await waitFor(actor, (st) => st.matches({ mfa: 'idle' }) && st.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ status: 401, code: 'invalid_code', key: 'failure.invalidCode.tries', params: { count: 4 } });
    actor.send({ type: 'session.resend' });
    expect(actor.getSnapshot().matches({ mfa: 'idle' })).toBe(true);
    expect(calls.resendOtp).toBeUndefined();
    vi.setSystemTime(Date.now() + 30_001);
    actor.send({ type: 'session.resend' });
    await waitFor(actor, (st) => st.matches({ mfa: 'idle' }) && st.context.info === 'mfa.resent');
    expect(calls.resendOtp).toEqual([{ mfaToken: 'm' }]);
  });

  it('cancel returns to sign-in and forgets the verification data', async () => {
    const { actor, emitted } = startSession({ login: async () => ({ requireMFV: true, mfaToken: 'm' }) });
    await waitFor(actor, (st) => st.matches('signedOut'));
    actor.send({ type: 'session.login', email: 'a@b.c', password: 'x', rememberMe: false });
    await waitFor(actor, (st) => st.matches('mfa'));
    actor.send({ type: 'session.cancel' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.mfa).toBeNull();
    expect(emitted.at(-1)).toEqual({ type: 'navigate', to: ROUTES.signIn });
  });
});

describe('session machine: where sign-in returns to', () => {
  it('keeps the whole location (path, query, hash) and refuses anything off this site', async () => {
    for (const [returnTo, to] of [
      ['/site-dashboard?site=s1&interval=24hours#chart', '/site-dashboard?site=s1&interval=24hours#chart'],
      ['//evil.example/x', ROUTES.home],
      ['/\\evil.example', ROUTES.home],
      ['https://evil.example/', ROUTES.home],
    ] as const) {
      const { actor, emitted } = startSession({ login: async () => session() });
      await waitFor(actor, (st) => st.matches('signedOut'));
      actor.send({ type: 'session.login', email: 'a@b.c', password: 'p', rememberMe: false, returnTo });
      await waitFor(actor, (st) => st.matches('signedIn'));
      expect(emitted.filter((e) => e.type === 'navigate')).toEqual([{ type: 'navigate', to }]);
      actor.stop();
    }
  });

  it('signInPath carries the location in returnUrl, except pages that make no sense to return to', () => {
    expect(signInPath('/site-dashboard?site=s1&interval=24hours#x')).toBe(`${ROUTES.signIn}?returnUrl=${encodeURIComponent('/site-dashboard?site=s1&interval=24hours#x')}`);
    expect(signInPath('/')).toBe(ROUTES.signIn);
    expect(signInPath(`${ROUTES.signIn}?returnUrl=%2Fx`)).toBe(ROUTES.signIn);
    expect(signInPath('//evil.example')).toBe(ROUTES.signIn);
  });

  it('lands a platform admin without a company on the Admin Dashboard, a shadow and everyone else on the dashboard', async () => {
    expect(homeOf(session({ role: 'admin', companyId: null }))).toBe(ROUTES.adminHome);
    expect(homeOf(session({ role: 'admin', companyId: 'c1' }))).toBe(ROUTES.home);
    expect(homeOf(session({ role: 'manager', companyId: 'c1', isShadow: true }))).toBe(ROUTES.home);
    expect(homeOf(session({ role: 'user' }))).toBe(ROUTES.home);
    const back = session({ role: 'admin', companyId: null, companyName: null });
    const shadow = session({ role: 'manager', companyId: 'c3', isShadow: true, shadow: { kind: 'company', name: 'Three', actorName: 'Ada' } });
    const { actor, emitted } = await signedIn({ role: 'admin', companyId: null, companyName: null }, { startShadow: async () => shadow, exitShadow: async () => back });
    actor.send({ type: 'shadow.company', companyId: 'c3' });
    await waitFor(actor, (st) => st.context.session?.isShadow === true);
    actor.send({ type: 'shadow.exit' });
    await waitFor(actor, (st) => st.context.session?.isShadow === false);
    expect(emitted.filter((e) => e.type === 'navigate').map((e) => e.to)).toEqual([ROUTES.home, ROUTES.adminHome]);
  });
});

describe('session machine: company switch', () => {
  it('asks the server for a company it holds no token for, then switches back without a call', async () => {
    const other = session({ companyId: 'c2', companyName: 'Two' });
    const { actor, calls, s } = await signedIn({}, { switchCompany: async () => other });
    actor.send({ type: 'company.switch', companyId: 'c2' });
    await waitFor(actor, (st) => st.context.session?.companyId === 'c2');
    expect(calls.switchCompany).toEqual([{ companyId: 'c2' }]);
    actor.send({ type: 'company.switch', companyId: 'c1' });
    expect(actor.getSnapshot().context.session?.accessToken).toBe(s.accessToken);
    actor.send({ type: 'company.switch', companyId: 'c2' });
    expect(actor.getSnapshot().context.session?.accessToken).toBe(other.accessToken);
    expect(calls.switchCompany).toHaveLength(1);
  });

  it('ignores a switch to the current company', async () => {
    const { actor, calls } = await signedIn();
    actor.send({ type: 'company.switch', companyId: 'c1' });
    expect(actor.getSnapshot().matches({ signedIn: { activity: 'idle' } })).toBe(true);
    expect(calls.switchCompany).toBeUndefined();
  });
});

describe('session machine: shadowing', () => {
  it('lets an admin shadow a company and exit to a session without company', async () => {
    const shadow = session({ role: 'manager', companyId: 'c3', isShadow: true, shadow: { kind: 'company', name: 'Three', actorName: 'Ada' } });
    const back = session({ role: 'admin', companyId: null, companyName: null });
    const { actor, calls } = await signedIn({ role: 'admin', companyId: null, companyName: null }, { startShadow: async () => shadow, exitShadow: async () => back });
    actor.send({ type: 'shadow.company', companyId: 'c3' });
    await waitFor(actor, (st) => st.context.session?.isShadow === true);
    expect(calls.startShadow).toEqual([{ kind: 'company', id: 'c3' }]);
    // Never nested.
    actor.send({ type: 'shadow.user', userId: 'u9' });
    expect(calls.startShadow).toHaveLength(1);
    actor.send({ type: 'shadow.exit' });
    await waitFor(actor, (st) => st.context.session?.isShadow === false);
    expect(actor.getSnapshot().context.session?.companyId).toBeNull();
  });

  it('shadows a user', async () => {
    const shadow = session({ role: 'user', isShadow: true, shadow: { kind: 'user', name: 'Uma', actorName: 'Ada' } });
    const { actor, calls } = await signedIn({ role: 'admin', companyId: null }, { startShadow: async () => shadow });
    actor.send({ type: 'shadow.user', userId: 'u1' });
    await waitFor(actor, (st) => st.context.session?.isShadow === true);
    expect(calls.startShadow).toEqual([{ kind: 'user', id: 'u1' }]);
  });

  it('a page\'s call refused with the shadow token while the exit is out waits on the exit (the server revoked the family first)', async () => {
    const shadow = session({ role: 'user', isShadow: true, shadow: { kind: 'user', name: 'Uma', actorName: 'Ada' } });
    const back = session({ role: 'admin', companyId: null, companyName: null });
    let answer: (s: typeof back) => void = () => undefined;
    const { actor, emitted } = await signedIn(
      { role: 'admin', companyId: null, companyName: null },
      { startShadow: async () => shadow, exitShadow: () => new Promise((r) => (answer = r)) },
    );
    actor.send({ type: 'shadow.user', userId: 'u1' });
    await waitFor(actor, (st) => st.context.session?.isShadow === true);
    actor.send({ type: 'shadow.exit' });
    const refused = { status: 401, code: 'session_revoked', online: true, path: '/', token: shadow.accessToken };
    actor.send({ type: 'api.failed', ...refused, call: '/api/alertevents' });
    actor.send({ type: 'api.failed', ...refused, status: 403, code: 'forbidden', call: '/api/sites' });
    expect(actor.getSnapshot().matches({ signedIn: { activity: 'exitingShadow' } })).toBe(true);
    answer(back);
    await waitFor(actor, (st) => st.context.session?.isShadow === false);
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(0);
    expect(emitted.filter((e) => e.type === 'notice')).toEqual([]);
    expect(emitted.filter((e) => e.type === 'navigate').at(-1)).toEqual({ type: 'navigate', to: ROUTES.adminHome });
  });

  it('the exit\'s own 401 still ends the session, and outside an exit the shadow token\'s 401 does', async () => {
    const shadow = session({ role: 'user', isShadow: true, shadow: { kind: 'user', name: 'Uma', actorName: 'Ada' } });
    const refused = { type: 'api.failed' as const, status: 401, code: 'session_revoked', online: true, path: '/', token: shadow.accessToken };
    const first = await signedIn(
      { role: 'admin', companyId: null, companyName: null },
      { startShadow: async () => shadow, exitShadow: () => new Promise(() => undefined) },
    );
    first.actor.send({ type: 'shadow.user', userId: 'u1' });
    await waitFor(first.actor, (st) => st.context.session?.isShadow === true);
    first.actor.send({ type: 'shadow.exit' });
    first.actor.send({ ...refused, call: '/api/exit-shadow' });
    expect(first.actor.getSnapshot().matches('signedOut')).toBe(true);

    const second = await signedIn({ role: 'admin', companyId: null, companyName: null }, { startShadow: async () => shadow });
    second.actor.send({ type: 'shadow.user', userId: 'u1' });
    await waitFor(second.actor, (st) => st.context.session?.isShadow === true);
    second.actor.send({ ...refused, call: '/api/alertevents' });
    expect(second.actor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('ignores shadowing by a non-admin', async () => {
    const { actor, calls } = await signedIn({ role: 'manager' });
    actor.send({ type: 'shadow.company', companyId: 'c3' });
    expect(calls.startShadow).toBeUndefined();
    expect(actor.getSnapshot().matches({ signedIn: { activity: 'idle' } })).toBe(true);
  });

  it('keeps the session when shadowing fails and shows why', async () => {
    const { actor, emitted } = await signedIn({ role: 'admin', companyId: null }, { startShadow: async () => Promise.reject(apiError(404, 'Company not found', 'not_found')) });
    actor.send({ type: 'shadow.company', companyId: 'nope' });
    await waitFor(actor, (st) => st.context.error !== null);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 404, code: 'not_found', key: 'failure.notFound' });
    expect(emitted.filter((e) => e.type === 'notice')).toEqual([{ type: 'notice', level: 'error', key: 'failure.notFound' }]);
  });
});

describe('session machine: logout', () => {
  it('clears session, stored session and menu, then goes to sign-in', async () => {
    const { actor, stored, emitted, calls } = await signedIn({}, { logout: async () => ({ loggedOut: true }) });
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (st) => st.matches('signedOut'));
    expect(calls.logout).toHaveLength(1);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(actor.getSnapshot().context.userTokens).toEqual({});
    expect(stored.at(-1)).toEqual({ type: 'store.clear' });
    expect(emitted).toContainEqual({ type: 'session.ended' });
    expect(emitted.at(-1)).toEqual({ type: 'navigate', to: ROUTES.signIn });
  });

  it('a page\'s call refused while the logout is out (the server revoked first) neither notices nor counts', async () => {
    let answer: () => void = () => undefined;
    const { actor, emitted, stored } = await signedIn({}, { logout: () => new Promise<void>((r) => (answer = r)) });
    const token = actor.getSnapshot().context.session!.accessToken;
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'api.failed', status: 401, code: 'session_revoked', online: true, path: '/', call: '/api/alertevents', token });
    answer();
    await waitFor(actor, (st) => st.matches('signedOut'));
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(0);
    expect(stored.filter((c) => c.type === 'store.count')).toEqual([]);
    expect(emitted.filter((e) => e.type === 'notice')).toEqual([]);
  });

  it('a page\'s call refused after the logout has answered neither notices nor counts; another session\'s refusal still does', async () => {
    const { actor, emitted, stored } = await signedIn({}, { logout: async () => ({ loggedOut: true }) });
    const token = actor.getSnapshot().context.session!.accessToken;
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (st) => st.matches('signedOut'));
    actor.send({ type: 'api.failed', status: 401, code: 'session_revoked', online: true, path: '/', call: '/api/alertevents', token });
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(0);
    expect(stored.filter((c) => c.type === 'store.count')).toEqual([]);
    expect(emitted.filter((e) => e.type === 'notice')).toEqual([]);
    actor.send({ type: 'api.failed', status: 401, code: 'session_revoked', online: true, path: '/', call: '/api/alertevents', token: 'another-token' });
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(1);
  });

  it('signs out even when the server cannot be told', async () => {
    const { actor } = await signedIn({}, { logout: async () => Promise.reject(apiError(0, 'Network Error')) });
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (st) => st.matches('signedOut'));
  });
});

describe('session machine: the error catalogue (docs/product.md, Errors)', () => {
  const failed = (status: number, extra: Partial<{ online: boolean; path: string; code: string; call: string; method: string }> = {}) => ({
    type: 'api.failed' as const,
    status,
    code: extra.code ?? (status === 0 ? 'network_error' : 'c'),
    online: extra.online ?? true,
    path: extra.path ?? '/',
    call: extra.call ?? '/api/sites',
    method: extra.method ?? 'GET',
  });

  it('401: counts, notices the first time (the code as a dictionary key), logs out', async () => {
    const { actor, emitted, stored } = await signedIn();
    actor.send(failed(401, { code: 'session_revoked' }));
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(1);
    expect(stored).toContainEqual({ type: 'store.count', count: 1 });
    expect(emitted).toContainEqual({ type: 'notice', level: 'error', key: 'failure.sessionEnded' });
    // An ended session comes back to where it was after signing in again.
    expect(emitted.at(-1)).toEqual({ type: 'navigate', to: ROUTES.signIn, returnHere: true });
  });

  it('a 401 or 403 for a token the session no longer uses (the shadow\'s, revoked by its exit) leaves the session as it is', async () => {
    const { actor, emitted, stored } = await signedIn();
    const token = actor.getSnapshot().context.session!.accessToken;
    const before = { emitted: emitted.length, stored: stored.length };
    actor.send({ ...failed(401, { code: 'session_revoked' }), token: 'an-older-token' });
    actor.send({ ...failed(403), token: 'an-older-token' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(0);
    expect({ emitted: emitted.length, stored: stored.length }).toEqual(before);
    // The same refusal of the token in use ends it.
    actor.send({ ...failed(401, { code: 'session_revoked' }), token });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('several simultaneous 401s: each counts, the first alone notices (the rest arrive signed out)', async () => {
    const { actor, emitted, stored } = await signedIn();
    actor.send(failed(401, { code: 'session_expired' }));
    actor.send(failed(401, { code: 'session_revoked' }));
    actor.send(failed(401, { code: 'invalid_token' }));
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(3);
    expect(stored.at(-1)).toEqual({ type: 'store.count', count: 3 });
    expect(emitted.filter((e) => e.type === 'notice')).toEqual([{ type: 'notice', level: 'error', key: 'failure.sessionExpired' }]);
    expect(emitted.filter((e) => e.type === 'navigate')).toHaveLength(1);
  });

  it('a success resets the counter also while signed out (docs/product.md, Errors: any successful response)', async () => {
    const { actor } = startSession({ restored: { session: null, userTokens: {}, unauthorizedCount: 2 } });
    await waitFor(actor, (st) => st.matches('signedOut'));
    actor.send({ type: 'api.succeeded' });
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(0);
  });

  it('a 403 refusing a session action (shadow, switch, exit) is that action failing, not a logout', async () => {
    const { actor, emitted } = await signedIn(
      { role: 'admin', companyId: null, companyName: null },
      { startShadow: async () => Promise.reject(apiError(403, 'Administrators cannot be shadowed', 'forbidden')) },
    );
    actor.send({ type: 'shadow.user', userId: 'ada' });
    actor.send(failed(403, { code: 'forbidden', call: '/api/shadow-user' }));
    await waitFor(actor, (st) => st.matches({ signedIn: { activity: 'idle' } }));
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.session?.role).toBe('admin');
    expect(emitted.filter((e) => e.type === 'notice')).toEqual([{ type: 'notice', level: 'error', key: 'failure.forbidden' }]);
    expect(actor.getSnapshot().context.error).toEqual({ status: 403, code: 'forbidden', key: 'failure.forbidden' });
    expect(emitted.some((e) => e.type === 'navigate')).toBe(false);
  });

  it('401 a second time: no second notice; a success resets the counter', async () => {
    const s = held();
    const { actor, emitted } = startSession({ restored: { session: s, userTokens: {}, unauthorizedCount: 1 } });
    await waitFor(actor, (st) => st.matches('signedIn'));
    actor.send(failed(401));
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(2);
    expect(emitted.filter((e) => e.type === 'notice')).toHaveLength(0);
    actor.send({ type: 'api.succeeded' });
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(0);
  });

  it('403: clears the token, notices the failure in the user\'s language, logs out', async () => {
    const { actor, emitted } = await signedIn();
    actor.send(failed(403, { code: 'forbidden' }));
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(emitted).toContainEqual({ type: 'notice', level: 'error', key: 'failure.forbidden' });
  });

  it('403 on a write the screen offered (a draft report saved by a viewer): the screen shows it; no sign-out, nothing lost', async () => {
    const { actor, emitted } = await signedIn();
    for (const method of ['PUT', 'POST', 'DELETE']) {
      actor.send(failed(403, { code: 'forbidden', call: '/api/medication-fridge-reports/r1', method }));
      expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    }
    expect(actor.getSnapshot().context.session).not.toBeNull();
    expect(emitted.some((e) => e.type === 'navigate')).toBe(false);
    // A refused read still ends the session (docs/product.md, Errors).
    actor.send(failed(403, { code: 'forbidden', call: '/api/medication-fridge-reports/r1', method: 'GET' }));
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('404: the screen that asked says it is not there (or offers the other company that has it); no notice repeats it', async () => {
    const { actor, emitted } = await signedIn();
    actor.send(failed(404, { code: 'not_found', call: '/api/medication-fridge-reports/r9' }));
    actor.send(failed(404, { code: 'not_found', call: '/api/sites/s9', method: 'DELETE' }));
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(emitted.filter((e) => e.type === 'notice')).toEqual([]);
    // Any other error is still a notice (docs/product.md, Errors).
    actor.send(failed(409, { code: 'conflict' }));
    expect(emitted.filter((e) => e.type === 'notice')).toHaveLength(1);
  });

  it('Network Error online: to the maintenance page, unless already there', async () => {
    const { actor, emitted } = await signedIn();
    actor.send(failed(0));
    expect(emitted.at(-1)).toEqual({ type: 'navigate', to: ROUTES.maintenance });
    const n = emitted.length;
    actor.send(failed(0, { path: ROUTES.maintenance }));
    expect(emitted).toHaveLength(n);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('Network Error offline: the offline warning', async () => {
    const { actor, emitted } = await signedIn();
    actor.send(failed(0, { online: false }));
    expect(emitted.at(-1)).toEqual({ type: 'notice', level: 'warning', key: 'session.offline' });
  });

  it('only a request without any answer is a network error: a timeout, an odd answer or an unknown failure is "any other error"', async () => {
    const { actor, emitted } = await signedIn();
    const cases = [[0, 'timeout', 'failure.timeout'], [200, 'invalid_response', 'failure.invalidResponse'], [502, 'http_error', 'failure.server'], [0, 'unknown_error', 'failure.unknown']] as const;
    for (const [status, code, key] of cases) {
      actor.send(failed(status, { code }));
      expect(emitted.at(-1)).toEqual({ type: 'notice', level: 'error', key });
    }
    expect(emitted.some((e) => e.type === 'navigate')).toBe(false);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('a call refused because its refresh was refused arrives signed out as a 401: no maintenance page', async () => {
    const { actor, emitted } = await signedIn({}, { refreshToken: async () => Promise.reject(apiError(401, 'Session expired', 'invalid_refresh_token')) });
    actor.send({ type: 'token.refresh' });
    await waitFor(actor, (st) => st.matches('signedOut'));
    actor.send(failed(401, { code: 'invalid_refresh_token' }));
    expect(emitted.filter((e) => e.type === 'navigate')).toEqual([{ type: 'navigate', to: ROUTES.signIn, returnHere: true }]);
    // The refusal is the first 401 and says why, even when the waiting calls were cancelled with their page.
    expect(emitted.filter((e) => e.type === 'notice')).toEqual([{ type: 'notice', level: 'error', key: 'failure.sessionEnded' }]);
    expect(actor.getSnapshot().context.unauthorizedCount).toBe(2);
  });

  it('any other error: a notice with the failure\'s key, still signed in', async () => {
    const { actor, emitted } = await signedIn();
    actor.send(failed(409, { code: 'duplicate' }));
    expect(emitted.at(-1)).toEqual({ type: 'notice', level: 'error', key: 'failure.duplicate' });
    // A 409 in_use reaches the session without its details: the notice says so without naming anything.
    actor.send(failed(409, { code: 'in_use' }));
    expect(emitted.at(-1)).toEqual({ type: 'notice', level: 'error', key: 'failure.inUse.unnamed' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });
});

describe('session machine: storage', () => {
  it('stores the pathname of every protected visit while signed in, and none while signed out', async () => {
    const { actor, stored } = await signedIn();
    actor.send({ type: 'route.visited', path: '/reports' });
    expect(stored.at(-1)).toEqual({ type: 'store.history', path: '/reports' });
    actor.send({ type: 'api.failed', status: 403, code: 'c', online: true, path: '/' });
    const n = stored.length;
    actor.send({ type: 'route.visited', path: '/secret' });
    expect(stored).toHaveLength(n);
  });
});

describe('session machine: adopting a session', () => {
  it('takes a session answered elsewhere (a password change) and stores it', async () => {
    const next = session({ accessToken: 'after-change' });
    const { actor, stored } = await signedIn();
    actor.send({ type: 'session.adopt', session: next });
    expect(actor.getSnapshot().context.session?.accessToken).toBe('after-change');
    expect(actor.getSnapshot().context.userTokens).toEqual({ c1: expect.objectContaining({ accessToken: 'after-change' }) });
    expect(stored.at(-1)).toMatchObject({ type: 'store.save' });
  });
});

describe('session machine: profile info', () => {
  it('updates the name and language of the session and every held token, and stores them', async () => {
    const { actor, stored } = await signedIn();
    actor.send({ type: 'session.info', name: 'Uma Renamed', locale: 'it' });
    const ctx = actor.getSnapshot().context;
    expect(ctx.session?.basicInfo).toMatchObject({ name: 'Uma Renamed', locale: 'it' });
    expect(ctx.userTokens.c1?.basicInfo.name).toBe('Uma Renamed');
    expect(stored.at(-1)).toMatchObject({ type: 'store.save' });
  });
});

describe('session machine: external sign-in', () => {
  it('signs in with a session answered by the external-login callback and goes where asked', async () => {
    const s = session({ accessToken: 'from-oidc' });
    const { actor, emitted, stored } = startSession();
    await waitFor(actor, (st) => st.matches('signedOut'));
    actor.send({ type: 'session.establish', session: s, returnTo: '/my-profile' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.session?.accessToken).toBe('from-oidc');
    expect(stored.at(-1)).toMatchObject({ type: 'store.save' });
    expect(emitted.at(-1)).toEqual({ type: 'navigate', to: '/my-profile' });
  });
});

describe('session machine: refresh', () => {
  it('refreshes for the current company and keeps the new tokens', async () => {
    const next = session();
    const { actor, calls, s } = await signedIn({}, { refreshToken: async () => next });
    actor.send({ type: 'token.refresh' });
    expect(actor.getSnapshot().matches({ signedIn: { token: 'refreshing' } })).toBe(true);
    await waitFor(actor, (st) => st.matches({ signedIn: { token: 'idle' } }));
    expect(calls.refreshToken).toEqual([{ refreshToken: s.refreshToken, companyId: 'c1' }]);
    expect(actor.getSnapshot().context.session?.accessToken).toBe(next.accessToken);
    expect(actor.getSnapshot().context.userTokens.c1?.accessToken).toBe(next.accessToken);
  });

  it('a switch while a refresh is on its way wins: the answer only renews the company it was asked for', async () => {
    let answer!: (s: ReturnType<typeof session>) => void;
    const c1Fresh = session({ accessToken: 'c1-fresh' });
    // Both companies' tokens held, as after an earlier switch.
    const c1 = held({ accessToken: 'c1-old' });
    const c2 = held({ companyId: 'c2', companyName: 'Two', accessToken: 'c2-held' });
    const t = startSession({
      restored: { session: c1, userTokens: { c1, c2 }, unauthorizedCount: 0 },
      refreshToken: () => new Promise((r) => (answer = r)),
    });
    await waitFor(t.actor, (st) => st.matches('signedIn'));
    t.actor.send({ type: 'token.refresh' });
    t.actor.send({ type: 'company.switch', companyId: 'c2' });
    expect(t.actor.getSnapshot().context.session?.accessToken).toBe('c2-held');
    answer(c1Fresh);
    await waitFor(t.actor, (st) => st.matches({ signedIn: { token: 'idle' } }));
    const ctx = t.actor.getSnapshot().context;
    expect(ctx.session?.companyId).toBe('c2');
    expect(ctx.session?.accessToken).toBe('c2-held');
    expect(ctx.userTokens.c1?.accessToken).toBe('c1-fresh');
    expect(ctx.userTokens.c2?.accessToken).toBe('c2-held');
  });

  it('a refresh answer for a session that is gone (shadow started meanwhile) is dropped', async () => {
    let answer!: (s: ReturnType<typeof session>) => void;
    const shadow = session({ role: 'manager', companyId: 'c3', isShadow: true, shadow: { kind: 'company', name: 'Three', actorName: 'Ada' } });
    const { actor } = await signedIn(
      { role: 'admin', companyId: 'c1' },
      { refreshToken: () => new Promise((r) => (answer = r)), startShadow: async () => shadow },
    );
    actor.send({ type: 'token.refresh' });
    actor.send({ type: 'shadow.company', companyId: 'c3' });
    await waitFor(actor, (st) => st.context.session?.isShadow === true);
    answer(session({ role: 'admin', companyId: 'c1', accessToken: 'admin-fresh' }));
    await waitFor(actor, (st) => st.matches({ signedIn: { token: 'idle' } }));
    const ctx = actor.getSnapshot().context;
    expect(ctx.session?.accessToken).toBe(shadow.accessToken);
    expect(Object.values(ctx.userTokens).map((v) => v.accessToken)).toEqual([shadow.accessToken]);
  });

  it('a refused refresh of a token no longer in use drops that token and keeps the session', async () => {
    let refuse!: (e: unknown) => void;
    const c1 = held({ accessToken: 'c1-old' });
    const c2 = held({ companyId: 'c2', companyName: 'Two', accessToken: 'c2-held' });
    const t = startSession({
      restored: { session: c1, userTokens: { c1, c2 }, unauthorizedCount: 0 },
      refreshToken: () => new Promise((_, reject) => (refuse = reject)),
    });
    await waitFor(t.actor, (st) => st.matches('signedIn'));
    t.actor.send({ type: 'token.refresh' });
    t.actor.send({ type: 'company.switch', companyId: 'c2' });
    refuse(apiError(401, 'spent'));
    await waitFor(t.actor, (st) => st.matches({ signedIn: { token: 'idle' } }));
    const ctx = t.actor.getSnapshot().context;
    expect(ctx.session?.accessToken).toBe('c2-held');
    expect(Object.keys(ctx.userTokens)).toEqual(['c2']);
    expect(ctx.refreshError).toBeNull();
  });

  it('a refused refresh ends the session; a network failure keeps it with the error', async () => {
    const a = await signedIn({}, { refreshToken: async () => Promise.reject(apiError(401, 'ended')) });
    a.actor.send({ type: 'token.refresh' });
    await waitFor(a.actor, (st) => st.matches('signedOut'));
    expect(a.actor.getSnapshot().context.refreshError?.status).toBe(401);

    const b = await signedIn({}, { refreshToken: async () => Promise.reject(apiError(0, 'Network Error', 'network_error')) });
    b.actor.send({ type: 'token.refresh' });
    await tick();
    await waitFor(b.actor, (st) => st.matches({ signedIn: { token: 'idle' } }));
    expect(b.actor.getSnapshot().context.refreshError).toEqual({ status: 0, code: 'network_error', key: 'failure.network' });
  });
});
