import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO, MINUTE, acceptInvitationOf, acceptTokenFor, buildTestApp, call, demoIds, freshIp, newUser, resetTokenFor, roleTokens, signIn,
  switchTo as switchToCompany, testClock, waitForMails, type TestApp,
} from './helpers';
import { listAnswer } from '../../src/api/contract/list';
import { companyUser, platformUser } from '../../src/api/contract/users';

/**
 * The users resource beyond the generic checks (docs/product.md, Management): an invitation from the mail in the dev outbox to a signed-in
 * member, existing accounts, the last manager and one's own membership, disabled memberships (sign-in, switch, refresh
 * and live tokens), removal keeping the account, and the admin's `?all=1`.
 */
describe('users: invitations and memberships', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let tok: Awaited<ReturnType<typeof roleTokens>>;
  let n = 0;
  const unique = (what: string) => `${what}-${++n}-${Math.random().toString(36).slice(2, 7)}@invitees.example.test`;

  const get = (url: string, token?: string) => call(t.app, 'GET', url, undefined, token);
  const post = (url: string, body: unknown, token?: string) => call(t.app, 'POST', url, body, token);
  const put = (url: string, body: unknown, token: string) => call(t.app, 'PUT', url, body, token);
  const del = (url: string, token: string) => call(t.app, 'DELETE', url, undefined, token);
  const switchTo = (token: string, companyId: string) => switchToCompany(t.app, token, companyId);
  const invite = async (token: string, body: { email: string; name: string; role: string }) => {
    const r = await post('/api/users', body, token);
    if (r.status !== 201) throw new Error(`invite: ${r.status} ${JSON.stringify(r.body)}`);
    return companyUser.parse(r.body.data);
  };
  const login = (email: string, password: string) => post('/api/login', { email, password }, undefined);
  const setPassword = async (email: string, password = 'Welcome123', mails = 1) => {
    const token = await resetTokenFor(t.app, email, mails);
    const r = await post('/api/reset-password', { token, password, confirmPassword: password });
    expect(r.status).toBe(200);
    return password;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t.deps);
    tok = await roleTokens(t.app, ids);
  });
  afterAll(() => t.close());

  it('lists the members of the token company with the seeded disabled member and pending invitation', async () => {
    const r = await get('/api/users?limit=1000', tok.manager);
    expect(r.status).toBe(200);
    const page = listAnswer(companyUser).parse(r.body);
    const byEmail = Object.fromEntries(page.data.map((u) => [u.email, u]));
    expect(byEmail[DEMO.manager]).toMatchObject({ id: ids.manager, role: 'manager', disabled: false, invitedAt: null });
    expect(byEmail['grace.holloway@northwind-care.test']).toMatchObject({ name: 'Grace Holloway', role: 'user', disabled: true, invitedAt: null, lastLoginAt: expect.any(String) });
    expect(byEmail['owen.pritchard@northwind-care.test']).toMatchObject({ role: 'manager', disabled: false, invitedAt: expect.any(String), lastLoginAt: null });
    expect(page.data.some((u) => u.id === ids.admin)).toBe(false);
    const managers = (await get('/api/users?role=manager&sort=email', tok.manager)).body.data.map((u: { email: string }) => u.email);
    expect(managers).toEqual([DEMO.manager, 'owen.pritchard@northwind-care.test']);
    expect((await get('/api/users?q=HOLLOWAY', tok.manager)).body).toMatchObject({ total: 1, data: [{ name: 'Grace Holloway' }] });
    // The seeded invitee cannot sign in: there is no password to match.
    expect((await login('owen.pritchard@northwind-care.test', DEMO.password)).status).toBe(401);
  });

  it('invites a new person: the mail in the dev outbox, a password set with its token, a sign-in that sees the company', async () => {
    const email = unique('new.hire');
    const made = await invite(tok.manager, { email, name: 'Nia Newhire', role: 'user' });
    expect(made).toMatchObject({ email, name: 'Nia Newhire', role: 'user', disabled: false, invitedAt: expect.any(String), lastLoginAt: null });
    const [mail] = await waitForMails(t.app, email, 1);
    expect(mail!.subject).toContain('Northwind Care Homes');
    expect(mail!.text).toMatch(/\/resetpassword\?token=/);
    expect(mail!.text).toContain('7 days');
    // Until the password is set, nothing signs in, not even an empty or a guessed one.
    expect((await login(email, 'Welcome123')).body).toMatchObject({ code: 'invalid_credentials' });
    const token = await resetTokenFor(t.app, email);
    expect((await post('/api/forgot-password/verify-token', { token })).status).toBe(200);
    expect((await post('/api/reset-password', { token, password: 'Welcome123', confirmPassword: 'Welcome123' })).status).toBe(200);
    const s = await signIn(t.app, email, 'Welcome123');
    expect(s).toMatchObject({ companyId: ids.northwind, role: 'user', basicInfo: { email, name: 'Nia Newhire' } });
    expect((await get('/api/me', s.accessToken)).body.data.memberships).toEqual([{ companyId: ids.northwind, companyName: 'Northwind Care Homes', role: 'user' }]);
    const after = companyUser.parse((await get(`/api/users/${made.id}`, tok.manager)).body.data);
    expect(after).toMatchObject({ invitedAt: null, lastLoginAt: expect.any(String) });
    const entry = await t.deps.db.selectFrom('auditLog').selectAll().where('action', '=', 'users.create').where('subjectUserId', '=', made.id).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actorUserId: ids.manager, companyId: ids.northwind, shadow: null });
  });

  it('lets an invitee who lost the mail set a password through forgot-password', async () => {
    const email = unique('lost.mail');
    const made = await invite(tok.manager, { email, name: 'Lou Lost', role: 'viewer' });
    await waitForMails(t.app, email, 1);
    expect((await post('/api/forgot-password', { email }, undefined)).status).toBe(200);
    const password = await setPassword(email, 'Found1234', 2);
    expect(await signIn(t.app, email, password)).toMatchObject({ companyId: ids.northwind, role: 'viewer' });
    expect(companyUser.parse((await get(`/api/users/${made.id}`, tok.manager)).body.data).invitedAt).toBeNull();
  });

  it('keeps the set-password link of an invitation for 7 days', async () => {
    const clock = testClock();
    const app = await buildTestApp({}, { now: clock.now });
    try {
      const nw = (await demoIds(app.deps)).northwind;
      const manager = (await call(app.app, 'POST', '/api/switch-company', { companyId: nw }, (await signIn(app.app, DEMO.manager)).accessToken)).body.data.accessToken;
      const email = unique('slow.reader');
      expect((await call(app.app, 'POST', '/api/users', { email, name: 'Sam Slow', role: 'user' }, manager)).status).toBe(201);
      const token = await resetTokenFor(app.app, email);
      clock.advance(7 * 24 * 60 * MINUTE - MINUTE);
      expect((await call(app.app, 'POST', '/api/forgot-password/verify-token', { token })).status).toBe(200);
      clock.advance(2 * MINUTE);
      expect((await call(app.app, 'POST', '/api/forgot-password/verify-token', { token })).body).toMatchObject({ code: 'invalid_token' });
    } finally {
      await app.close();
    }
  });

  it('invites an existing account with the same answer as a new address; it grants nothing until accepted from the mail', async () => {
    const existing = await newUser(t.app);
    const unknown = unique('never.seen');
    const made = await invite(tok.manager, { email: existing.email.toUpperCase(), name: 'Another Name', role: 'viewer' });
    const fresh = await invite(tok.manager, { email: unknown, name: 'Another Name', role: 'viewer' });
    // The manager learns neither that the address had an account nor whose: the name typed, no sign-in time, both pending.
    const shape = { name: 'Another Name', role: 'viewer', disabled: false, invitedAt: expect.any(String), lastLoginAt: null };
    expect(made).toMatchObject({ ...shape, email: existing.email });
    expect(fresh).toMatchObject({ ...shape, email: unknown });
    expect(Object.keys(made).sort()).toEqual(Object.keys(fresh).sort());
    expect(companyUser.parse((await get(`/api/users/${made.id}`, tok.manager)).body.data)).toMatchObject(shape);
    // Until then the account signs in as before, to no company of this invitation, and the company refuses its token.
    const before = await signIn(t.app, existing.email, existing.password);
    expect(before.companyId).toBeNull();
    expect((await get('/api/me', before.accessToken)).body.data.memberships).toEqual([]);
    expect((await post('/api/switch-company', { companyId: ids.northwind }, before.accessToken)).status).toBe(403);
    const [mail] = await waitForMails(t.app, existing.email, 1);
    expect(mail!.subject).toContain('Northwind Care Homes');
    expect(mail!.text).not.toMatch(/resetpassword/);
    // The link's page changes nothing (mail scanners open links); its button accepts, once.
    const token = await acceptTokenFor(t.app, existing.email);
    const page = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Northwind Care Homes');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(companyUser.parse((await get(`/api/users/${made.id}`, tok.manager)).body.data).invitedAt).not.toBeNull();
    await acceptInvitationOf(t.app, existing.email);
    expect((await t.app.inject({ method: 'POST', url: `/api/invitations/${token}` })).statusCode).toBe(404);
    expect(await signIn(t.app, existing.email, existing.password)).toMatchObject({ companyId: ids.northwind, role: 'viewer' });
    expect(companyUser.parse((await get(`/api/users/${made.id}`, tok.manager)).body.data)).toMatchObject({ name: expect.stringMatching(/^Test User/), invitedAt: null });
    for (const role of ['viewer', 'manager']) {
      const again = await post('/api/users', { email: existing.email, name: 'Again', role }, tok.manager);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'duplicate', details: [{ path: 'email' }] });
    }
    // A member of another company is still invited into this one.
    expect((await post('/api/users', { email: DEMO.user, name: 'Uma', role: 'viewer' }, tok.managerMackwell)).status).toBe(201);
    expect((await post('/api/users', { email: DEMO.user, name: 'Uma', role: 'viewer' }, tok.manager)).body).toMatchObject({ code: 'duplicate' });
  });

  it("never tells a manager another company's person: the admin's address answers with the typed name and no sign-in", async () => {
    const r = await post('/api/users', { email: DEMO.admin, name: 'Typed Name', role: 'viewer' }, tok.managerMackwell);
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ email: DEMO.admin, name: 'Typed Name', invitedAt: expect.any(String), lastLoginAt: null });
    expect(JSON.stringify(r.body)).not.toContain('Ada');
    const listed = (await get(`/api/users?q=${encodeURIComponent(DEMO.admin)}`, tok.managerMackwell)).body.data;
    expect(listed).toEqual([expect.objectContaining({ name: 'Typed Name', lastLoginAt: null })]);
    expect((await del(`/api/users/${r.body.data.id}`, tok.managerMackwell)).status).toBe(200);
  });

  it('an invitation to an unconfirmed account does not trust its password: the invitee sets their own, and the squatter is out', async () => {
    const email = unique('colleague');
    // Someone signs up with a colleague's address and never confirms it (the confirm mail goes to the colleague).
    expect((await post('/api/signup', { name: 'Squatter', email, password: 'Squat1234', confirmPassword: 'Squat1234', acceptTerms: true }, undefined)).status).toBe(201);
    const made = await invite(tok.manager, { email, name: 'Cora Colleague', role: 'user' });
    expect(made).toMatchObject({ name: 'Cora Colleague', invitedAt: expect.any(String) });
    const mails = await waitForMails(t.app, email, 2);
    const invitation = mails.find((m) => /Northwind/.test(m.subject))!;
    expect(invitation.text).toMatch(/\/resetpassword\?token=/);
    // The squatter's password gives nothing: the confirm link that would make it the account's died with the invitation.
    expect((await login(email, 'Squat1234')).body.code).toBe('email_unverified');
    const confirm = /verify-email\?token=([^\s"&<]+)/.exec(mails.find((m) => m !== invitation)!.text)![1]!;
    expect((await post('/api/verify-email', { token: decodeURIComponent(confirm) }, undefined)).body.code).toBe('invalid_token');
    expect((await login(email, 'Squat1234')).body.code).toBe('email_unverified');
    const token = await resetTokenFor(t.app, email);
    expect((await post('/api/reset-password', { token, password: 'Cora12345', confirmPassword: 'Cora12345' })).status).toBe(200);
    expect((await login(email, 'Squat1234')).status).toBe(401);
    const s = await signIn(t.app, email, 'Cora12345');
    expect(s).toMatchObject({ companyId: ids.northwind, role: 'user', basicInfo: { name: 'Cora Colleague' } });
  });

  it("refuses a manager's change, disabling or removal of their own membership (403 own_membership), a user shadow's too", async () => {
    for (const [method, body] of [['PUT', { role: 'user' }], ['PUT', { disabled: true }], ['PUT', { role: 'manager' }], ['DELETE', undefined]] as const) {
      const r = await call(t.app, method, `/api/users/${ids.manager}`, body, tok.manager);
      expect(r.status, `${method} ${JSON.stringify(body)}`).toBe(403);
      expect(r.body.code).toBe('own_membership');
    }
    const asMax = (await post('/api/shadow-user', { userId: ids.manager }, tok.admin)).body.data.accessToken;
    const asMaxNorthwind = await switchTo(asMax, ids.northwind);
    expect((await put(`/api/users/${ids.manager}`, { disabled: true }, asMaxNorthwind)).body.code).toBe('own_membership');
    expect(companyUser.parse((await get(`/api/users/${ids.manager}`, tok.manager)).body.data)).toMatchObject({ role: 'manager', disabled: false });
  });

  it('never takes away the last manager who can act (409 last_manager); a pending invitation does not count', async () => {
    // Northwind's other manager (Owen) has not set a password yet.
    for (const [method, body] of [['PUT', { role: 'user' }], ['PUT', { disabled: true }], ['DELETE', undefined]] as const) {
      const r = await call(t.app, method, `/api/users/${ids.manager}`, body, tok.adminNorthwind);
      expect(r.status, `${method} ${JSON.stringify(body)}`).toBe(409);
      expect(r.body).toMatchObject({ code: 'last_manager', message: expect.stringContaining('Max Manager') });
    }
    // Harbour, through a company shadow: its first manager is the last one until a second can act.
    const first = await invite(tok.shadowHarbour, { email: unique('harbour.first'), name: 'Hal First', role: 'manager' });
    const second = await invite(tok.shadowHarbour, { email: unique('harbour.second'), name: 'Hana Second', role: 'manager' });
    await setPassword(first.email);
    expect((await put(`/api/users/${first.id}`, { role: 'viewer' }, tok.shadowHarbour)).body.code).toBe('last_manager');
    // The pending one may go: it takes no acting manager away.
    expect((await put(`/api/users/${second.id}`, { role: 'user' }, tok.shadowHarbour)).status).toBe(200);
    expect((await put(`/api/users/${second.id}`, { role: 'manager' }, tok.shadowHarbour)).status).toBe(200);
    await setPassword(second.email);
    expect((await put(`/api/users/${first.id}`, { disabled: true }, tok.shadowHarbour))).toMatchObject({ status: 200, body: { data: { disabled: true, role: 'manager' } } });
    expect((await del(`/api/users/${second.id}`, tok.shadowHarbour)).body.code).toBe('last_manager');
    expect((await put(`/api/users/${first.id}`, { disabled: false }, tok.shadowHarbour)).status).toBe(200);
    expect((await del(`/api/users/${second.id}`, tok.shadowHarbour)).status).toBe(200);
  });

  it('a disabled membership: its live token stops at the next request, sign-in does not offer the company, switch and refresh refuse it', async () => {
    const person = await newUser(t.app);
    const member = await invite(tok.manager, { email: person.email, name: 'x', role: 'user' });
    await acceptInvitationOf(t.app, person.email);
    await invite(tok.managerMackwell, { email: person.email, name: 'x', role: 'viewer' });
    await acceptInvitationOf(t.app, person.email, 2);
    const first = await signIn(t.app, person.email, person.password);
    expect(first.companyId).toBe(ids.mackwell);
    const switched = (await post('/api/switch-company', { companyId: ids.northwind }, first.accessToken)).body.data;
    expect((await get('/api/sites', switched.accessToken)).status).toBe(200);

    expect((await put(`/api/users/${member.id}`, { disabled: true }, tok.manager)).body.data).toMatchObject({ disabled: true, role: 'user' });
    expect((await get('/api/sites', switched.accessToken)).status).toBe(403);
    expect((await get('/api/dashboard', switched.accessToken)).status).toBe(403);
    expect((await post('/api/switch-company', { companyId: ids.northwind }, first.accessToken)).status).toBe(403);
    expect((await post('/api/refresh-token', { refreshToken: switched.refreshToken, companyId: ids.northwind }, undefined)).status).toBe(403);
    const again = await signIn(t.app, person.email, person.password);
    expect(again.companyId).toBe(ids.mackwell);
    expect((await get('/api/me', again.accessToken)).body.data.memberships.map((m: { companyId: string }) => m.companyId)).toEqual([ids.mackwell]);
    // Still listed for the managers, and enabled again it works again.
    expect((await get(`/api/users?q=${encodeURIComponent(person.email)}`, tok.manager)).body.data).toEqual([expect.objectContaining({ id: member.id, disabled: true })]);
    expect((await put(`/api/users/${member.id}`, { disabled: false }, tok.manager)).status).toBe(200);
    expect((await post('/api/switch-company', { companyId: ids.northwind }, again.accessToken)).status).toBe(200);
  });

  it('the seeded disabled member signs in to no company', async () => {
    const s = await signIn(t.app, 'grace.holloway@northwind-care.test', DEMO.password);
    expect(s.companyId).toBeNull();
    expect((await post('/api/switch-company', { companyId: ids.northwind }, s.accessToken)).status).toBe(403);
  });

  it('removing a membership keeps the account, which can be invited again', async () => {
    const person = await newUser(t.app);
    const member = await invite(tok.manager, { email: person.email, name: 'x', role: 'user' });
    await acceptInvitationOf(t.app, person.email);
    const s = await signIn(t.app, person.email, person.password);
    expect((await del(`/api/users/${member.id}`, tok.manager)).body).toEqual({ data: { deleted: true } });
    expect((await get(`/api/users/${member.id}`, tok.manager)).status).toBe(404);
    expect((await get('/api/sites', s.accessToken)).status).toBe(403);
    expect((await signIn(t.app, person.email, person.password)).companyId).toBeNull();
    expect((await invite(tok.manager, { email: person.email, name: 'x', role: 'viewer' })).id).toBe(member.id);
  });

  it('refuses an empty change with 400 naming role', async () => {
    const r = await put(`/api/users/${ids.user}`, {}, tok.manager);
    expect(r).toMatchObject({ status: 400, body: { code: 'bad_request', message: expect.stringContaining('role') } });
  });

  it('is for managers and admins: users and viewers get 403 on every verb', async () => {
    for (const token of [tok.user, tok.viewer]) {
      expect((await get('/api/users', token)).status).toBe(403);
      expect((await get('/api/users?all=1', token)).status).toBe(403);
      expect((await get(`/api/users/${ids.user}`, token)).status).toBe(403);
      expect((await post('/api/users', { email: unique('nope'), name: 'Nope', role: 'user' }, token)).status).toBe(403);
      expect((await put(`/api/users/${ids.viewer}`, { role: 'user' }, token)).status).toBe(403);
      expect((await del(`/api/users/${ids.viewer}`, token)).status).toBe(403);
    }
    expect((await get('/api/users')).status).toBe(401);
  });

  describe('?all=1', () => {
    it('lists every user of the platform for an admin, with the platform role and every membership', async () => {
      for (const token of [tok.admin, tok.adminNorthwind]) {
        const r = await get('/api/users?all=1&limit=1000', token);
        expect(r.status).toBe(200);
        const page = listAnswer(platformUser).parse(r.body);
        const count = await t.deps.db.selectFrom('users').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow();
        expect(page.total).toBe(Number(count.n));
        expect(page.data.find((u) => u.id === ids.admin)).toMatchObject({ platformRole: 'admin', companies: [] });
        const grace = page.data.find((u) => u.email === 'grace.holloway@northwind-care.test');
        expect(grace).toMatchObject({ disabled: false, invitedAt: null, companies: [{ companyId: ids.northwind, companyName: 'Northwind Care Homes', role: 'user', disabled: true, invitedAt: null }] });
        const owen = page.data.find((u) => u.email === 'owen.pritchard@northwind-care.test');
        expect(owen).toMatchObject({ invitedAt: expect.any(String), companies: [{ companyId: ids.northwind, role: 'manager', invitedAt: expect.any(String) }] });
      }
    });

    it('filters by role in any company and sorts by name', async () => {
      const managers = listAnswer(platformUser).parse((await get('/api/users?all=1&role=manager&limit=1000', tok.admin)).body).data;
      expect(managers.every((u) => u.companies.some((c) => c.role === 'manager'))).toBe(true);
      expect(managers.map((u) => u.id)).toContain(ids.manager);
      const names = managers.map((u) => u.name.toLowerCase());
      expect(names).toEqual([...names].sort());
    });

    it('is refused to managers, company shadows and user shadows (403), and an admin outside any company needs one for the rest', async () => {
      const asMax = await switchTo((await post('/api/shadow-user', { userId: ids.manager }, tok.admin)).body.data.accessToken, ids.northwind);
      for (const token of [tok.manager, tok.shadowHarbour, asMax]) {
        expect((await get('/api/users?all=1', token)).status).toBe(403);
      }
      expect((await get('/api/users', tok.admin)).status).toBe(400);
      expect((await post('/api/users', { email: unique('nowhere'), name: 'No Where', role: 'user' }, tok.admin)).status).toBe(400);
      expect((await get(`/api/users/${ids.user}`, tok.admin)).status).toBe(400);
      expect((await get('/api/users?all=0', tok.adminNorthwind)).status).toBe(200);
    });
  });

  it('refuses a malformed list query with 400', async () => {
    for (const q of ['all=yes', 'role=owner', 'sort=platformRole', 'limit=0']) {
      const r = await call(t.app, 'GET', `/api/users?${q}`, undefined, tok.manager, freshIp());
      expect(r.status, q).toBe(400);
    }
  });
});
