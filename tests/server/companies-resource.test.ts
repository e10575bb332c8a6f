import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAnswer } from '../../src/api/contract/list';
import { companiesResponse } from '../../src/api/contract/auth';
import { company, type Company } from '../../src/api/contract/company-admin';
import { DEMO, buildTestApp, call, demoIds, signIn, signInAdmin, type TestApp } from './helpers';

// GET /api/companies is both My Companies (every signed-in user, their own companies) and the admins' management
// list; the generic resource suite checks the admin side, these the readers and what only companies have.
describe('the companies resource', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const tok = { admin: '', manager: '', user: '', companyShadow: '', userShadow: '' };
  let n = 0;
  const unique = () => `Company ${++n} ${Math.random().toString(36).slice(2, 7)}`;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t.deps);
    tok.admin = (await signInAdmin(t.app)).accessToken;
    tok.manager = (await signIn(t.app, DEMO.manager)).accessToken;
    tok.user = (await signIn(t.app, DEMO.user)).accessToken;
    tok.companyShadow = (await call(t.app, 'POST', '/api/shadow-company', { companyId: ids.harbour }, tok.admin)).body.data.accessToken;
    tok.userShadow = (await call(t.app, 'POST', '/api/shadow-user', { userId: ids.manager }, tok.admin)).body.data.accessToken;
  });
  afterAll(() => t.close());

  const list = async (token: string, query = '') => {
    const r = await call(t.app, 'GET', `/api/companies${query}`, undefined, token);
    expect(r.status).toBe(200);
    return listAnswer(company).parse(r.body);
  };
  const create = async (body: Partial<Company> = {}): Promise<Company> => {
    const r = await call(t.app, 'POST', '/api/companies', { name: unique(), customerType: 'UKE', timezone: 'Europe/London', ...body }, tok.admin);
    if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
    return company.parse(r.body.data);
  };

  it('answers every reader their own companies, with total, in the shape clients already read', async () => {
    const mine = await list(tok.manager);
    expect(mine.data.map((c) => c.id).sort()).toEqual([ids.mackwell, ids.northwind].sort());
    expect(mine.total).toBe(2);
    expect(companiesResponse.parse(mine.data)).toEqual(mine.data.map(({ id, name, customerType }) => ({ id, name, customerType })));
    expect((await list(tok.user)).data.map((c) => c.id)).toEqual([ids.northwind]);
    // Paging and sorting apply to their list too.
    const page = await list(tok.manager, '?sort=-name&limit=1');
    expect(page).toMatchObject({ total: 2, data: [{ id: ids.northwind }] });
  });

  it('counts sites and members per company', async () => {
    const northwind = (await list(tok.user)).data[0]!;
    const sites = await t.deps.db.selectFrom('sites').select(({ fn }) => fn.countAll<number>().as('n')).where('companyId', '=', ids.northwind).executeTakeFirstOrThrow();
    const members = await t.deps.db.selectFrom('memberships').select(({ fn }) => fn.countAll<number>().as('n')).where('companyId', '=', ids.northwind).executeTakeFirstOrThrow();
    expect(northwind).toMatchObject({ siteCount: Number(sites.n), userCount: Number(members.n) });
    expect(northwind.userCount).toBeGreaterThan(0);
  });

  it('lets a member read their company by id, and answers 404 for any other', async () => {
    expect((await call(t.app, 'GET', `/api/companies/${ids.northwind}`, undefined, tok.user)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/companies/${ids.harbour}`, undefined, tok.user)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/companies/no-such-company', undefined, tok.user)).status).toBe(404);
  });

  it('shows a company shadow its company only, and a user shadow the companies of that user', async () => {
    expect((await list(tok.companyShadow)).data.map((c) => c.id)).toEqual([ids.harbour]);
    expect((await call(t.app, 'GET', `/api/companies/${ids.northwind}`, undefined, tok.companyShadow)).status).toBe(404);
    expect((await list(tok.userShadow)).data.map((c) => c.id).sort()).toEqual([ids.mackwell, ids.northwind].sort());
  });

  it('refuses writes to everyone but a platform admin acting as themselves (403), shadows included', async () => {
    const body = { name: unique(), customerType: 'EPS', timezone: 'UTC' };
    for (const token of [tok.manager, tok.user, tok.companyShadow, tok.userShadow]) {
      expect((await call(t.app, 'POST', '/api/companies', body, token)).status).toBe(403);
      expect((await call(t.app, 'PUT', `/api/companies/${ids.northwind}`, { name: 'Taken over' }, token)).status).toBe(403);
    }
    expect((await list(tok.admin, `?q=${encodeURIComponent(body.name)}`)).total).toBe(0);
  });

  it('keeps company names unique, ignoring case (409 duplicate naming name)', async () => {
    const a = await create();
    const b = await create();
    const again = await call(t.app, 'POST', '/api/companies', { name: a.name.toUpperCase(), customerType: 'EPS', timezone: 'UTC' }, tok.admin);
    expect(again).toMatchObject({ status: 409, body: { code: 'duplicate', message: expect.stringContaining('name') } });
    expect((await call(t.app, 'PUT', `/api/companies/${b.id}`, { name: a.name }, tok.admin)).status).toBe(409);
    // Renaming a company to its own name in other letters is fine.
    expect((await call(t.app, 'PUT', `/api/companies/${a.id}`, { name: a.name.toLowerCase() }, tok.admin)).status).toBe(200);
  });

  it('changes only the fields a PUT names', async () => {
    const made = await create({ customerType: 'Mackwell', timezone: 'Europe/Dublin' });
    const r = await call(t.app, 'PUT', `/api/companies/${made.id}`, { timezone: 'america/new_york' }, tok.admin);
    expect(company.parse(r.body.data)).toEqual({ ...made, timezone: 'America/New_York' });
  });

  it('answers 409 in_use naming the members of a company, and files its writes under no company', async () => {
    const made = await create();
    await t.deps.db.insertInto('memberships').values({ userId: ids.viewer, companyId: made.id, role: 'viewer', invitedAt: null }).execute();
    const r = await call(t.app, 'DELETE', `/api/companies/${made.id}`, undefined, tok.admin);
    expect(r).toMatchObject({ status: 409, body: { code: 'in_use', details: { kind: 'members', count: 1, names: ['Vic Viewer'] } } });
    await t.deps.db.deleteFrom('memberships').where('companyId', '=', made.id).execute();
    expect((await call(t.app, 'DELETE', `/api/companies/${made.id}`, undefined, tok.admin)).status).toBe(200);
    const entries = await t.deps.db.selectFrom('auditLog').select(['action', 'companyId']).where('detail', '=', made.name).orderBy('id').execute();
    expect(entries).toEqual([{ action: 'companies.create', companyId: '' }, { action: 'companies.delete', companyId: '' }]);
  });
});
