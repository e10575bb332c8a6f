import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signalType } from '../../src/api/contract/signal-types';
import { writeWorld } from '../../server/seed/writer';
import { buildTestApp, call, demoIds, roleTokens, type TestApp } from './helpers';

// Signal-type keys are unique per company (migration 0010): two companies may each have their own "flow", neither may
// repeat its own key or a built-in one, and the built-in types' keys stay unique among themselves.
const EMPTY_WORLD = { tags: [], sites: [], hubs: [], nodes: [], people: [], lightFailures: [], open: [] } as unknown as Parameters<typeof writeWorld>[1];

describe('signal-type keys', () => {
  let t: TestApp;
  let tok: Awaited<ReturnType<typeof roleTokens>>;
  const key = () => `flow_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    t = await buildTestApp();
    tok = await roleTokens(t.app, await demoIds(t.deps));
    // The built-in types as the seed writes them (the test app seeds accounts, not the demo world).
    await writeWorld(t.deps.db, EMPTY_WORLD);
  });
  afterAll(() => t.close());

  const create = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/signal-types', { name: 'Flow', unit: 'L/min', kind: 'instant', ...body }, token);
  const duplicateOfKey = (r: { status: number; body: object }) => {
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'duplicate' });
    expect((r.body as { details?: unknown }).details).toEqual([expect.objectContaining({ path: 'key', code: 'duplicate' })]);
  };

  it('lets two companies have the same key, each seeing only its own', async () => {
    const k = key();
    const northwind = await create(tok.manager, { key: k });
    const mackwell = await create(tok.managerMackwell, { key: k });
    expect([northwind.status, mackwell.status]).toEqual([201, 201]);
    expect(signalType.parse(northwind.body.data).id).not.toBe(signalType.parse(mackwell.body.data).id);
    const seen = await call(t.app, 'GET', `/api/signal-types?q=${k}`, undefined, tok.manager);
    expect(seen.body.data.map((s: { id: string }) => s.id)).toEqual([northwind.body.data.id]);
  });

  it("refuses a company's second type of one key, on create and on change, naming key", async () => {
    const k = key();
    expect((await create(tok.manager, { key: k })).status).toBe(201);
    duplicateOfKey(await create(tok.manager, { key: k }));
    const other = await create(tok.manager, { key: key() });
    duplicateOfKey(await call(t.app, 'PUT', `/api/signal-types/${other.body.data.id}`, { key: k }, tok.manager));
    // Changing a type to its own key is no clash.
    expect((await call(t.app, 'PUT', `/api/signal-types/${other.body.data.id}`, { key: other.body.data.key }, tok.manager)).status).toBe(200);
  });

  it('refuses a company key that repeats a built-in one', async () => {
    const r = await create(tok.manager, { key: 'temperature' });
    duplicateOfKey(r);
    expect((r.body as { details: { message: string }[] }).details[0]!.message).toMatch(/built-in/);
  });

  it("refuses a built-in key that a company's type already has", async () => {
    const k = key();
    expect((await create(tok.managerMackwell, { key: k })).status).toBe(201);
    const builtIn = await t.deps.db.selectFrom('signalTypes').select('id').where('key', '=', 'humidity').where('companyId', 'is', null).executeTakeFirstOrThrow();
    duplicateOfKey(await call(t.app, 'PUT', `/api/signal-types/${builtIn.id}`, { key: k }, tok.adminNorthwind));
  });

  it('keeps built-in keys unique in the database, and the seed writes them once however often it runs', async () => {
    await expect(
      t.deps.db.insertInto('signalTypes').values({ id: 'st-again', key: 'temperature', name: 'Again', unit: '°C', kind: 'instant', companyId: null }).execute(),
    ).rejects.toThrow();
    const before = await t.deps.db.selectFrom('signalTypes').select('id').where('companyId', 'is', null).execute();
    await writeWorld(t.deps.db, EMPTY_WORLD);
    const after = await t.deps.db.selectFrom('signalTypes').select('id').where('companyId', 'is', null).execute();
    expect(after.length).toBe(before.length);
  });

  it("keeps a company's keys unique in the database", async () => {
    const k = key();
    const r = await create(tok.manager, { key: k });
    const companyId = (await t.deps.db.selectFrom('signalTypes').select('companyId').where('id', '=', r.body.data.id).executeTakeFirstOrThrow()).companyId;
    await expect(
      t.deps.db.insertInto('signalTypes').values({ id: `st-${k}`, key: k, name: 'Again', unit: '', kind: 'instant', companyId }).execute(),
    ).rejects.toThrow();
  });
});
