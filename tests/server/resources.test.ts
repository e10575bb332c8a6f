import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAnswer } from '../../src/api/contract/list';
import type { Ctx, ResourceCase } from './resource-cases/case';
import { buildTestApp, call, demoIds, roleTokens } from './helpers';
import { seedSmallWorld } from './world-fixture';

/**
 * Every management resource (docs/product.md, Management) through the same checks, on SQLite and PostgreSQL: the happy path answered in
 * the contract's shapes, each role, another company's id, bad input naming the field, 409 while in use, paging and
 * `total`, and an audit entry per write. The resources are taken from the registered routes, so a new one without a
 * case here fails.
 */

/** One case per resource, in resource-cases/<path>.case.ts. */
const CASES: Record<string, ResourceCase> = Object.fromEntries(
  Object.entries(import.meta.glob<{ resourceCase: ResourceCase }>('./resource-cases/*.case.ts', { eager: true })).map(([file, m]) => [
    /([a-z-]+)\.case\.ts$/.exec(file)![1]!,
    m.resourceCase,
  ]),
);

/** Resources as the app registers them: a POST on /api/R with PUT and DELETE on /api/R/:id. */
function registeredResources(routes: string[]): string[] {
  const has = new Set(routes);
  return routes
    .filter((r) => /^POST \/api\/[a-z-]+$/.test(r))
    .map((r) => r.slice('POST /api/'.length))
    .filter((name) => has.has(`PUT /api/${name}/:id`) && has.has(`DELETE /api/${name}/:id`) && has.has(`GET /api/${name}`));
}

describe('management resources', () => {
  const ctx = {} as Ctx;
  let n = 0;
  beforeAll(async () => {
    ctx.t = await buildTestApp();
    await seedSmallWorld(ctx.t.deps);
    const ids = await demoIds(ctx.t.deps);
    const roles = await roleTokens(ctx.t.app, ids);
    ctx.tok = { manager: roles.manager, user: roles.user, viewer: roles.viewer, admin: roles.adminNorthwind };
    ctx.foreign = roles.shadowHarbour;
    ctx.unique = (prefix = 'Zeta') => `${prefix} ${++n} ${Math.random().toString(36).slice(2, 7)}`;
  });
  afterAll(() => ctx.t.close());

  it('every registered resource has a case here, and every case a resource', () => {
    expect(registeredResources(ctx.t.routes).sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [path, c] of Object.entries(CASES)) {
    describe(`/api/${path}`, () => {
      const base = `/api/${path}`;
      /** Who writes the rows of the checks: a manager of the company, or for a platform-wide resource an admin. */
      const writer = () => (c.adminOnly ? ctx.tok.admin : ctx.tok.manager);
      const create = async (token: string, name = ctx.unique()) => {
        const r = await call(ctx.t.app, 'POST', base, await c.create(ctx, name, token), token);
        if (r.status !== 201) throw new Error(`create ${path}: ${r.status} ${JSON.stringify(r.body)}`);
        return c.item.parse(r.body.data) as Record<string, unknown> & { id: string };
      };

      it('creates, reads, lists, updates and deletes in the contract shapes, auditing each write', async () => {
        const name = ctx.unique();
        const made = await create(writer(), name);
        const one = await call(ctx.t.app, 'GET', `${base}/${made.id}`, undefined, writer());
        expect(one.status).toBe(200);
        expect(c.item.parse(one.body.data)).toEqual(made);
        const list = await call(ctx.t.app, 'GET', `${base}?q=${encodeURIComponent(name)}`, undefined, writer());
        expect(list.status).toBe(200);
        expect(Object.keys(list.body).sort()).toEqual(['data', 'total']);
        const page = listAnswer(c.item).parse(list.body);
        expect(page.data.map((r) => (r as { id: string }).id)).toEqual([made.id]);
        expect(page.total).toBe(1);
        const change = c.update(ctx, made);
        const put = await call(ctx.t.app, 'PUT', `${base}/${made.id}`, change, writer());
        expect(put.status).toBe(200);
        expect(c.item.parse(put.body.data)).toMatchObject(Object.fromEntries(Object.entries(change).map(([k, v]) => [k, typeof v === 'string' ? expect.stringMatching(new RegExp(`^${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i')) : v])));
        const del = await call(ctx.t.app, 'DELETE', `${base}/${made.id}`, undefined, writer());
        expect(del).toMatchObject({ status: 200, body: { data: { deleted: true } } });
        expect((await call(ctx.t.app, 'GET', `${base}/${made.id}`, undefined, writer())).status).toBe(404);
        const entries = await ctx.t.deps.db.selectFrom('auditLog').selectAll().where('action', 'like', `${path}.%`).orderBy('id').execute();
        const mine = entries.filter((e) => e.detail.length > 0).slice(-3);
        expect(mine.map((e) => e.action)).toEqual([`${path}.create`, `${path}.update`, `${path}.delete`]);
        expect(new Set(mine.map((e) => e.actorUserId)).size).toBe(1);
      });

      /** Users and viewers (with adminOnly, managers too) are refused reads as well as writes. */
      const readsRefused = c.readers === 'managers' || c.readers === 'admins';
      it(`lets ${c.adminOnly ? 'managers, users' : 'users'} and viewers ${readsRefused ? 'neither read nor write' : 'read but not write'} (403), and admins acting for the company write`, async () => {
        const made = await create(writer());
        for (const token of c.adminOnly ? [ctx.tok.manager, ctx.tok.user, ctx.tok.viewer] : [ctx.tok.user, ctx.tok.viewer]) {
          expect((await call(ctx.t.app, 'GET', base, undefined, token)).status).toBe(readsRefused ? 403 : 200);
          if (readsRefused) expect((await call(ctx.t.app, 'GET', `${base}/${made.id}`, undefined, token)).status).toBe(403);
          const body = await c.create(ctx, ctx.unique());
          expect((await call(ctx.t.app, 'POST', base, body, token)).status).toBe(403);
          expect((await call(ctx.t.app, 'PUT', `${base}/${made.id}`, c.update(ctx, made), token)).status).toBe(403);
          expect((await call(ctx.t.app, 'DELETE', `${base}/${made.id}`, undefined, token)).status).toBe(403);
        }
        const byAdmin = await create(ctx.tok.admin);
        expect((await call(ctx.t.app, 'DELETE', `${base}/${byAdmin.id}`, undefined, ctx.tok.admin)).status).toBe(200);
      });

      if (c.adminOnly && c.readers === 'admins') {
        it('refuses every read and write of a manager and of a company shadow (403), whoever is behind the shadow', async () => {
          const theirs = await create(writer());
          for (const token of [ctx.tok.manager, ctx.foreign]) {
            for (const [method, url, body] of [
              ['GET', base, undefined], ['GET', `${base}/${theirs.id}`, undefined], ['PUT', `${base}/${theirs.id}`, c.update(ctx, theirs)],
              ['DELETE', `${base}/${theirs.id}`, undefined],
            ] as const) {
              expect((await call(ctx.t.app, method, url, body, token)).status, `${method} ${url}`).toBe(403);
            }
          }
          expect((await call(ctx.t.app, 'GET', `${base}/${theirs.id}`, undefined, writer())).status).toBe(200);
        });
      } else if (c.adminOnly) {
        it('answers 404 to a reader the row does not belong to (a company shadow too), 403 to its writes, and never lists it', async () => {
          const theirs = await create(writer());
          for (const token of [ctx.tok.manager, ctx.foreign]) {
            expect((await call(ctx.t.app, 'GET', `${base}/${theirs.id}`, undefined, token)).status).toBe(404);
            expect((await call(ctx.t.app, 'PUT', `${base}/${theirs.id}`, c.update(ctx, theirs), token)).status).toBe(403);
            expect((await call(ctx.t.app, 'DELETE', `${base}/${theirs.id}`, undefined, token)).status).toBe(403);
            const list = await call(ctx.t.app, 'GET', `${base}?limit=1000`, undefined, token);
            expect(list.status).toBe(200);
            expect(list.body.data.some((r: { id: string }) => r.id === theirs.id)).toBe(false);
          }
          expect((await call(ctx.t.app, 'GET', `${base}/${theirs.id}`, undefined, writer())).status).toBe(200);
        });
      } else it("answers 404 for another company's id, for every verb, and never lists it", async () => {
        const theirs = await create(ctx.foreign);
        for (const [method, body] of [['GET', undefined], ['PUT', c.update(ctx, theirs)], ['DELETE', undefined]] as const) {
          const r = await call(ctx.t.app, method, `${base}/${theirs.id}`, body, ctx.tok.manager);
          expect(r.status, `${method} ${path}`).toBe(404);
        }
        const list = await call(ctx.t.app, 'GET', `${base}?limit=1000`, undefined, ctx.tok.manager);
        expect(list.body.data.some((r: { id: string }) => r.id === theirs.id)).toBe(false);
        // Still there for its own company.
        expect((await call(ctx.t.app, 'GET', `${base}/${theirs.id}`, undefined, ctx.foreign)).status).toBe(200);
      });

      it('refuses bad input with 400 naming the field, on create and update, and loses nothing', async () => {
        const made = await create(writer());
        for (const b of c.bad) {
          const body = await b.body(ctx);
          for (const [method, url] of [['POST', base], ['PUT', `${base}/${made.id}`]] as const) {
            const r = await call(ctx.t.app, method, url, body, writer());
            expect(r.status, `${method} ${JSON.stringify(body)}`).toBe(400);
            expect(r.body.code).toBe('bad_request');
            expect((r.body as { details: { path: string }[] }).details.map((d) => d.path)).toContain(b.field);
          }
        }
        const after = await call(ctx.t.app, 'GET', `${base}/${made.id}`, undefined, writer());
        expect(c.item.parse(after.body.data)).toEqual(made);
        for (const q of ['limit=0', 'limit=1001', 'offset=-1', 'sort=nope', 'colour=1']) {
          const r = await call(ctx.t.app, 'GET', `${base}?${q}`, undefined, writer());
          expect(r.status, q).toBe(400);
        }
      });

      it.skipIf(!c.use)('answers 409 in_use naming what uses a row, and deletes it once nothing does', async () => {
        const made = await create(writer());
        await c.use!(ctx, made);
        const r = await call(ctx.t.app, 'DELETE', `${base}/${made.id}`, undefined, writer());
        expect(r.status).toBe(409);
        expect(r.body).toMatchObject({ code: 'in_use', details: { kind: expect.any(String), count: expect.any(Number), names: expect.any(Array) } });
        expect((r.body as { details: { count: number } }).details.count).toBeGreaterThan(0);
        expect((await call(ctx.t.app, 'GET', `${base}/${made.id}`, undefined, writer())).status).toBe(200);
      });

      it('pages with offset and limit, counts every match in total, and sorts both ways', async () => {
        const prefix = ctx.unique('Paging');
        for (const s of ['b', 'a', 'c']) await create(writer(), `${prefix} ${s}`);
        const get = async (q: string) => listAnswer(c.item).parse((await call(ctx.t.app, 'GET', `${base}?q=${encodeURIComponent(prefix)}&${q}`, undefined, writer())).body);
        const first = await get(`limit=2&sort=${c.sortField}`);
        expect(first.total).toBe(3);
        expect(first.data).toHaveLength(2);
        const rest = await get(`limit=2&offset=2&sort=${c.sortField}`);
        expect(rest.total).toBe(3);
        expect(rest.data).toHaveLength(1);
        const asc = [...first.data, ...rest.data].map((r) => String((r as Record<string, unknown>)[c.sortField]));
        expect(asc).toEqual([...asc].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
        const desc = (await get(`limit=3&sort=-${c.sortField}`)).data.map((r) => String((r as Record<string, unknown>)[c.sortField]));
        expect(desc).toEqual([...asc].reverse());
      });

      if (c.adminOnly) {
        it('refuses a write made while shadowing a company (403), and audits none', async () => {
          const before = await ctx.t.deps.db.selectFrom('auditLog').select(({ fn }) => fn.max('id').as('id')).executeTakeFirst();
          expect((await call(ctx.t.app, 'POST', base, await c.create(ctx, ctx.unique()), ctx.foreign)).status).toBe(403);
          const rows = await ctx.t.deps.db.selectFrom('auditLog').selectAll().where('id', '>', Number(before?.id ?? 0)).where('action', 'like', `${path}.%`).execute();
          expect(rows).toEqual([]);
        });
      } else it('audits a write made while shadowing with both identities', async () => {
        const before = await ctx.t.deps.db.selectFrom('auditLog').select(({ fn }) => fn.max('id').as('id')).executeTakeFirst();
        await create(ctx.foreign);
        const rows = await ctx.t.deps.db.selectFrom('auditLog').selectAll().where('id', '>', Number(before?.id ?? 0)).execute();
        const admin = (await demoIds(ctx.t.deps)).admin;
        expect(rows).toEqual([expect.objectContaining({ action: `${path}.create`, actorUserId: admin, shadow: 'company' })]);
      });
    });
  }
});
