import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db } from '../../server/db/database';
import { listNodes } from '../../server/db/nodes.repository';
import { nodeSearchOf, nodeSearchStats, searchNodes, warmNodeSearch } from '../../server/resources/node-search';
import { byCodePoint } from '../../server/resources/node-orders';
import { loadConfig } from '../../server/config';
import { createDeps } from '../../server/bootstrap';
import { app as appPlugin, serverOptions } from '../../server/app';
import { seedIfEmpty } from '../../server/seed/seed';
import { NODE_SORTS, nodeListQuery, type NodeListQuery } from '../../src/api/contract/nodes';
import { buildTestApp, call, DEMO, signIn, TEST_JWT_SECRET, TEST_LOG_N, type TestApp } from './helpers';
import { addCompany, addHub, addNode, addSite, rng } from './readings-fixtures';

/**
 * The Nodes list from memory (server/resources/node-search.ts) must answer exactly as the SQL path (`listNodes`):
 * the same rows in the same order and the same total, for any filter, sort and page, on both databases — and a write
 * by any process on the database must be seen on the next call.
 */

const PG = process.env.DATABASE_URL;

/** A database of its own (PostgreSQL: optionally with an ICU collation, whose order JavaScript cannot reproduce). */
async function freshDb(collation: 'default' | 'icu' = 'default'): Promise<{ db: Db; url?: string; drop(): Promise<void> } | null> {
  if (!PG) {
    const { db } = createDb({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    return { db, drop: () => db.destroy() };
  }
  const name = `sw_test_ns_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  try {
    await admin.query(collation === 'icu' ? `CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'` : `CREATE DATABASE ${name}`);
  } catch (e) {
    if (collation === 'icu') return null;
    throw e;
  } finally {
    await admin.end();
  }
  const u = new URL(PG);
  u.pathname = `/${name}`;
  const { db } = createDb({ databaseUrl: u.toString() });
  await migrateToLatest(db);
  return {
    db,
    url: u.toString(),
    drop: async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: PG });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Pieces of names that differ only by case, by Unicode case rules SQLite does not apply, or by LIKE's wildcards. */
const PIECES = [
  'Kitchen', 'kitchen', 'KITCHEN', 'Fridge', 'fridge', 'Ward', 'ward', 'É', 'é', 'e', 'E', 'ß', 'SS', 'ss', 'İ', 'i', 'I', 'ı', 'Σ', 'σ', 'ς',
  '😀', '\uE000', 'Ω', '\u2126', '%', '_', '\\', '50%', 'a_b', '-', '.', 'Z', 'z', '0', '9', '10', '2', 'Ö', 'ö', 'o\u0308', 'ﬁ', '中', 'Ǆ', 'ǅ',
  'ǆ', '\u212A', 'k', 'K', '[a]', "'", '"',
];

interface World {
  company: string;
  other: string;
  sites: string[];
  hubs: string[];
  tags: string[];
  words: string[];
}

/** A company of `n` nodes with names, serials, hubs, sites, device types and ids drawn from the pieces, and a neighbour. */
async function buildWorld(db: Db, seed: number, n: number): Promise<World> {
  const r = rng(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const phrase = (max: number) => Array.from({ length: 1 + Math.floor(r() * max) }, () => pick(PIECES)).join(r() < 0.6 ? ' ' : '');
  const company = await addCompany(db);
  const other = await addCompany(db);
  const now = Date.now();
  const siteNames = ['Alpha', 'alpha', 'ALPHA', 'Émile', 'emile', '😀 House', '\uE000 House', 'Zeta'];
  const hubNames = ['Hub a', 'hub A', 'HUB A', 'Hub é', 'Hub É', 'Hub 😀', 'Hub \uE000', 'hub_%', 'Hub 10', 'Hub 9'];
  const sites: string[] = [];
  for (const [i, name] of siteNames.entries()) {
    const id = `s${seed}-${i}`;
    await db.insertInto('sites').values({ id, companyId: company, parentSiteId: null, name, address: '', coordinates: '', latitude: null, longitude: null, timezone: 'UTC', safeMin: null, safeMax: null, createdAt: now }).execute();
    sites.push(id);
  }
  const hubs: string[] = [];
  for (const [i, name] of hubNames.entries()) {
    const id = `h${seed}-${i}`;
    await db.insertInto('hubs').values({ id, siteId: sites[i % sites.length]!, companyId: company, serial: id, name, firmware: '', reportingPeriodS: 900, lastSeenAt: null, createdAt: now }).execute();
    hubs.push(id);
  }
  const tags = [`t${seed}-a`, `t${seed}-b`];
  await db.insertInto('nodeTags').values(tags.map((id, i) => ({ id, companyId: company, name: ['Audit', 'audit'][i]!, colour: '#000000' }))).execute();
  const type = `st${seed}`;
  await db.insertInto('signalTypes').values({ id: type, key: type, name: type, unit: '', kind: 'instant' }).execute();
  const types = ['Fridge Probe', 'fridge probe', 'Pulse Logger', 'Émergency', 'emergency', '😀 type', 'Z'];
  // Ids that differ by case and by code points above U+FFFF, so ties broken by id are tested too.
  const idPieces = ['a', 'A', 'b', 'é', '😀', '\uE000', '-', '_', '0', '9'];
  const rows = Array.from({ length: n }, (_, i) => {
    const hub = pick(hubs);
    const id = `n${Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(idPieces)).join('')}-${seed}-${i}`;
    return {
      id, hubId: hub, siteId: sites[hubs.indexOf(hub) % sites.length]!, companyId: company, name: r() < 0.15 ? pick(['Same', 'same', 'SAME']) : phrase(4),
      serial: `SN${phrase(2)}${i % 7}`, deviceType: pick(types), batteryPct: null, signalDbm: null, lastSeenAt: r() < 0.3 ? null : now - Math.floor(r() * 1e6), createdAt: now,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('nodes').values(rows.slice(i, i + 200)).execute();
  const links = rows.flatMap((x) => (r() < 0.3 ? [{ nodeId: x.id, tagId: pick(tags) }] : []));
  if (links.length) await db.insertInto('nodeTagLinks').values(links).execute();
  const feeds = rows.filter(() => r() < 0.4).map((x, i) => ({ id: `f-${seed}-${i}`, nodeId: x.id, companyId: company, signalTypeId: type, name: 'T', rangeMin: null, rangeMax: null }));
  for (let i = 0; i < feeds.length; i += 200) await db.insertInto('feeds').values(feeds.slice(i, i + 200)).execute();
  // The neighbour shares nothing but the database: its nodes must never show.
  const otherSite = await addSite(db, other);
  const otherHub = await addHub(db, otherSite);
  for (let i = 0; i < 20; i++) await addNode(db, otherHub);
  const words = rows.flatMap((x) => [x.name, x.serial]);
  return { company, other, sites, hubs, tags, words };
}

/** A random list query as the route would parse it: words cut from names and serials in any case, wildcards, pages. */
function randomQuery(r: () => number, world: World, total: number): NodeListQuery {
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const cut = () => {
    const w = pick(world.words);
    const a = Math.floor(r() * w.length);
    const s = w.slice(a, a + 1 + Math.floor(r() * 4));
    return r() < 0.3 ? s.toUpperCase() : r() < 0.5 ? s.toLowerCase() : s;
  };
  const qs = [
    () => undefined,
    () => cut(),
    () => `${cut()} ${cut()}`,
    () => pick(PIECES),
    () => pick(['%', '_', '\\', '%%', 'a%', '_b', '50%', 'a_b', '\\%', ' ', '  x  ', 'ss', 'SS', 'ß', 'i̇', 'İ', 'σ', 'Σ', 'ς', 'k', 'K', '😀', 'e\u0301', 'é', 'nomatch']),
    () => `${pick(PIECES)} ${cut()} ${pick(PIECES)}`,
  ];
  const raw: Record<string, unknown> = {};
  const q = pick(qs)();
  if (q !== undefined) raw.q = q;
  if (r() < 0.85) raw.sort = `${r() < 0.5 ? '-' : ''}${pick(NODE_SORTS.filter((s) => s !== 'lastSeenAt' || r() < 0.3))}`;
  raw.offset = r() < 0.5 ? 0 : Math.floor(r() * (total + 20));
  raw.limit = 1 + Math.floor(r() * 60);
  if (r() < 0.1) raw.siteId = pick([...world.sites, 'no-such-site']);
  if (r() < 0.1) raw.hubId = pick([...world.hubs, 'no-such-hub']);
  if (r() < 0.1) raw.tagId = pick([...world.tags, 'no-such-tag']);
  return nodeListQuery.parse(raw);
}

describe('code-point order', () => {
  it('orders as UTF-8 bytes do, astral characters after U+E000–FFFF', () => {
    const xs = ['a', 'B', 'é', '\uE000', '😀', '\uFFFF', '', 'ab', 'a\u0000'];
    const bytes = [...xs].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...xs].sort(byCodePoint)).toEqual(bytes);
  });
});

describe.each(PG ? (['default', 'icu'] as const) : (['default'] as const))('the list from memory against the SQL path (%s collation)', (collation) => {
  let fresh: Awaited<ReturnType<typeof freshDb>>;
  beforeAll(async () => {
    fresh = await freshDb(collation);
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  for (const seed of [1, 2, 3]) {
    it(`answers 300 random queries exactly as SQL does (world ${seed})`, async (ctx) => {
      if (!fresh) return ctx.skip();
      const db = fresh.db;
      const world = await buildWorld(db, seed, 400);
      expect(await warmNodeSearch(db, world.company)).toBe(true);
      const r = rng(seed * 7919);
      let served = 0;
      for (let k = 0; k < 150; k++) {
        const first = randomQuery(r, world, 400);
        // The same words again on another page or sort: the copy answers those from the matches it kept.
        const again = { ...first, sort: randomQuery(r, world, 400).sort, offset: Math.floor(r() * 50), limit: 1 + Math.floor(r() * 60) };
        for (const query of [first, again]) {
          const before = nodeSearchStats(db).served;
          const mine = await searchNodes(db, world.company, query);
          const fromMemory = nodeSearchStats(db).served > before;
          const theirs = await listNodes(db, world.company, query);
          expect(mine, `seed ${seed} query ${k}: ${JSON.stringify(query)}`).toEqual(theirs);
          if (fromMemory) served++;
          // The sort by last seen is the SQL path's own, and so is a filter holding half a surrogate pair (a word cut in
          // two); every other query is answered from memory.
          expect(fromMemory, JSON.stringify(query)).toBe(!query.sort?.endsWith('lastSeenAt') && (query.q ?? '').isWellFormed());
        }
      }
      expect(served).toBeGreaterThan(200);
    });
  }

  it('answers as SQL does while words are typed and taken back, narrowing the matches it kept', async (ctx) => {
    if (!fresh) return ctx.skip();
    const db = fresh.db;
    const world = await buildWorld(db, 4, 400);
    expect(await warmNodeSearch(db, world.company)).toBe(true);
    const r = rng(4 * 104729);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    const before = nodeSearchStats(db).narrowed;
    for (let k = 0; k < 25; k++) {
      // One to three words from the world's names and serials (and the pieces), typed a key at a time, then taken back.
      const phrase = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick([...world.words, ...PIECES]).split(/\s+/)[0] || 'a').join(' ');
      const keys = [...phrase];
      const typed = [...keys.map((_, i) => keys.slice(0, i + 1).join('')), ...keys.map((_, i) => keys.slice(0, keys.length - 1 - i).join(''))];
      for (const q of typed) {
        const query = nodeListQuery.parse({ ...(q ? { q } : {}), sort: pick(['name', '-name', 'siteName']), limit: 25 });
        expect(await searchNodes(db, world.company, query), `typing ${JSON.stringify(q)}`).toEqual(await listNodes(db, world.company, query));
      }
    }
    expect(nodeSearchStats(db).narrowed - before, 'typing on narrowed kept matches').toBeGreaterThan(20);
  });

  it('reads the live columns of the right nodes after their rowids moved (SQLite: VACUUM renumbers them)', async (ctx) => {
    if (!fresh || PG) return ctx.skip();
    const db = fresh.db;
    const world = await buildWorld(db, 5, 300);
    await db.updateTable('nodes').set({ batteryPct: sql`rowid % 97` }).where('companyId', '=', world.company).execute();
    expect(await warmNodeSearch(db, world.company)).toBe(true);
    const query = nodeListQuery.parse({ limit: 60, offset: 30 });
    expect(await searchNodes(db, world.company, query)).toEqual(await listNodes(db, world.company, query));
    // As a VACUUM may: every rowid moves (none of the list's columns changes, so the copy stays current), first out of
    // reach, then each onto its neighbour's.
    await sql`UPDATE nodes SET rowid = -rowid`.execute(db);
    const served = nodeSearchStats(db).served;
    expect(await searchNodes(db, world.company, query), 'no node is found by its old rowid').toEqual(await listNodes(db, world.company, query));
    await sql`UPDATE nodes SET rowid = 1 - rowid`.execute(db);
    expect(await searchNodes(db, world.company, query), 'each old rowid names another node now').toEqual(await listNodes(db, world.company, query));
    expect(nodeSearchStats(db).served - served, 'both from the copy').toBe(2);
  });
});

describe('the version of a company\'s list', () => {
  let t: TestApp;
  let token: string;
  let company: string;
  const versionOf = async (companyId = company) =>
    Number((await sql<{ version: number }>`SELECT version FROM node_list_versions WHERE company_id = ${companyId}`.execute(t.deps.db)).rows[0]?.version ?? 0);
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await signIn(t.app, DEMO.manager)).accessToken;
    company = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
  });
  afterAll(() => t.close());

  it('moves on with every write the list filters or sorts by, and not with ingest\'s', async () => {
    const db = t.deps.db;
    const site = await addSite(db, company, { name: 'Version House' });
    const hub = await addHub(db, site);
    const bumps = async (what: string, write: () => Promise<unknown>, expected = true) => {
      const before = await versionOf();
      await write();
      expect(await versionOf() > before, what).toBe(expected);
    };
    let nodeId = '';
    await bumps('a node created', async () => {
      const res = await call(t.app, 'POST', '/api/nodes', { hubId: hub, name: 'Version probe', serial: 'V-1', deviceType: 'Fridge Probe' }, token);
      expect(res.status).toBe(201);
      nodeId = res.body.data.id;
    });
    await bumps('a node renamed', () => call(t.app, 'PUT', `/api/nodes/${nodeId}`, { name: 'Version probe 2' }, token));
    await bumps('a node given another serial', () => call(t.app, 'PUT', `/api/nodes/${nodeId}`, { serial: 'V-2' }, token));
    await bumps('a node given another device type', () => call(t.app, 'PUT', `/api/nodes/${nodeId}`, { deviceType: 'Pulse Logger' }, token));
    const otherHub = await addHub(db, await addSite(db, company));
    await bumps('a node moved to another hub', () => call(t.app, 'PUT', `/api/nodes/${nodeId}`, { hubId: otherHub }, token));
    await bumps('a hub renamed', () => call(t.app, 'PUT', `/api/hubs/${otherHub}`, { name: 'Renamed hub' }, token));
    await bumps('a hub moved to another site (its nodes move)', () => call(t.app, 'PUT', `/api/hubs/${otherHub}`, { siteId: site }, token));
    await bumps('a site renamed', () => call(t.app, 'PUT', `/api/sites/${site}`, { name: 'Renamed site' }, token));
    await bumps('the same name written again', () => call(t.app, 'PUT', `/api/nodes/${nodeId}`, { name: 'Version probe 2' }, token), false);
    await bumps('a hub\'s firmware', () => db.updateTable('hubs').set({ firmware: '9.9' }).where('id', '=', otherHub).execute(), false);
    await bumps('last seen, battery and signal (ingest)', () => db.updateTable('nodes').set({ lastSeenAt: Date.now(), batteryPct: 50, signalDbm: -60 }).where('companyId', '=', company).execute(), false);
    await bumps('a node deleted', () => call(t.app, 'DELETE', `/api/nodes/${nodeId}`, undefined, token));
    const doomed = await addHub(db, site);
    await addNode(db, doomed);
    // Cascades delete nodes too: a hub deleted under them.
    await bumps('a hub deleted with its nodes', () => db.deleteFrom('hubs').where('id', '=', doomed).execute());
    const before = await versionOf();
    const neighbour = await addCompany(db);
    await addNode(db, await addHub(db, await addSite(db, neighbour)));
    expect(await versionOf(), 'another company\'s write').toBe(before);
  });
});

/** An app on a database another app uses too: what a second instance behind the same load balancer is. */
async function appOn(env: Record<string, string>, sqliteFile: string, seed: boolean): Promise<{ app: FastifyInstance; db: Db; close(): Promise<void> }> {
  const config = loadConfig({ SCRYPT_LOG_N: String(TEST_LOG_N), JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: path.dirname(sqliteFile), STATIC_DIR: path.join(os.tmpdir(), 'sitewatch-no-client'), LOG_LEVEL: 'silent', ...env });
  const deps = await createDeps(config, { sqliteFile, log: () => {} });
  if (seed) await seedIfEmpty(deps.db, TEST_LOG_N);
  const app = Fastify({ ...serverOptions, logger: false });
  await app.register(appPlugin, deps);
  await app.ready();
  return { app, db: deps.db, close: async () => { await app.close(); await deps.close(); } };
}

describe('two app instances on one database', () => {
  let shared: Awaited<ReturnType<typeof freshDb>>;
  let dir: string;
  let a: Awaited<ReturnType<typeof appOn>>;
  let b: Awaited<ReturnType<typeof appOn>>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-node-search-'));
    const file = path.join(dir, 'shared.db');
    let env: Record<string, string> = {};
    if (PG) {
      shared = await freshDb();
      await shared!.db.destroy();
      env = { DATABASE_URL: shared!.url! };
    }
    a = await appOn(env, file, true);
    b = await appOn(env, file, false);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (shared) {
      const c = new pg.Client({ connectionString: PG });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${new URL(shared.url!).pathname.slice(1)} WITH (FORCE)`);
      await c.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sees a write by the other instance on its next list call', async () => {
    const token = (await signIn(a.app, DEMO.manager)).accessToken as string;
    const company = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid as string;
    const list = async (query: string) => {
      const res = await call(a.app, 'GET', `/api/nodes?${query}`, undefined, token);
      expect(res.status).toBe(200);
      return res.body as unknown as { data: { id: string; name: string; hubName: string }[]; total: number };
    };
    const sqlOf = (query: Record<string, unknown>) => listNodes(a.db, company, nodeListQuery.parse(query));
    const hubId = await addHub(a.db, await addSite(a.db, company));
    for (let i = 0; i < 30; i++) await addNode(a.db, i % 2 ? hubId : await addHub(a.db, await addSite(a.db, company)));
    expect(await warmNodeSearch(a.db, company)).toBe(true);
    const served = nodeSearchStats(a.db).served;
    expect((await list('q=zebra')).total).toBe(0);
    expect(nodeSearchStats(a.db).served, 'the first instance answers from its copy').toBe(served + 1);

    const created = await call(b.app, 'POST', '/api/nodes', { hubId, name: 'Zebra probe', serial: 'ZB-1', deviceType: 'Fridge Probe' }, token);
    expect(created.status).toBe(201);
    const seen = await list('q=zebra');
    expect(seen.data.map((n) => n.name)).toEqual(['Zebra probe']);
    expect(seen.total).toBe(1);

    // Current again, then a hub renamed by the other instance reorders the first one's next list.
    expect(await warmNodeSearch(a.db, company)).toBe(true);
    const before = nodeSearchStats(a.db).served;
    expect(await list('sort=hubName&limit=50')).toEqual(await sqlOf({ sort: 'hubName', limit: 50 }));
    expect(nodeSearchStats(a.db).served).toBe(before + 1);
    expect((await call(b.app, 'PUT', `/api/hubs/${hubId}`, { name: 'ZZZ last hub' }, token)).status).toBe(200);
    const after = await list('sort=-hubName&limit=50');
    expect(after.data[0]!.hubName).toBe('ZZZ last hub');
    expect(after).toEqual(await sqlOf({ sort: '-hubName', limit: 50 }));

    expect(await warmNodeSearch(a.db, company)).toBe(true);
    expect((await call(b.app, 'DELETE', `/api/nodes/${created.body.data.id}`, undefined, token)).status).toBe(200);
    expect(await list('q=zebra')).toEqual({ data: [], total: 0 });
  });
});

describe('memory', () => {
  it('keeps copies under the cap, dropping the least recently used, and drops idle ones', async () => {
    const fresh = (await freshDb())!;
    try {
      const db = fresh.db;
      const companies: string[] = [];
      for (let c = 0; c < 3; c++) {
        const company = await addCompany(db);
        const hub = await addHub(db, await addSite(db, company));
        for (let i = 0; i < 50; i++) await addNode(db, hub);
        companies.push(company);
      }
      const search = nodeSearchOf(db, { maxBytes: 1 });
      await warmNodeSearch(db, companies[0]!);
      expect(nodeSearchStats(db).companies, 'a copy above the cap is not kept').toBe(0);
      search.options.maxBytes = 1_000_000;
      await warmNodeSearch(db, companies[0]!);
      const each = nodeSearchStats(db).bytes;
      expect(each).toBeGreaterThan(50 * 40);
      // Room for two copies of this size.
      search.options.maxBytes = each * 2.5;
      await warmNodeSearch(db, companies[1]!);
      expect(await search.current(companies[0]!), 'current, and now the most recently used').toBeDefined();
      await warmNodeSearch(db, companies[2]!);
      expect(nodeSearchStats(db).companies).toBe(2);
      expect(search.holds(companies[1]!), 'the least recently used went first').toBe(false);
      expect(search.holds(companies[0]!) && search.holds(companies[2]!)).toBe(true);
      search.sweep(Date.now() + search.options.idleMs + 1000);
      expect(nodeSearchStats(db).companies, 'idle copies are dropped').toBe(0);
    } finally {
      await fresh.drop();
    }
  });
});
