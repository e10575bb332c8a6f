import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/database';
import { newUser, signIn } from './helpers';

/** Small monitoring fixtures built straight in the database, independent of the demo world. */

const uid = (prefix: string) => `${prefix}-${crypto.randomBytes(6).toString('hex')}`;

export async function addCompany(db: Db, name = uid('Company')): Promise<string> {
  const id = uid('co');
  await db.insertInto('companies').values({ id, name, customerType: 'UKE', timezone: 'Europe/London', createdAt: Date.now() }).execute();
  return id;
}

export async function addSite(db: Db, companyId: string, opts: { timezone?: string; parentSiteId?: string | null; name?: string } = {}): Promise<string> {
  const id = uid('site');
  await db
    .insertInto('sites')
    .values({
      id, companyId, parentSiteId: opts.parentSiteId ?? null, name: opts.name ?? id, address: '', coordinates: '', latitude: null, longitude: null,
      timezone: opts.timezone ?? 'Europe/London', safeMin: null, safeMax: null, createdAt: Date.now(),
    })
    .execute();
  return id;
}

export async function addHub(db: Db, siteId: string): Promise<string> {
  const site = await db.selectFrom('sites').select('companyId').where('id', '=', siteId).executeTakeFirstOrThrow();
  const id = uid('hub');
  await db.insertInto('hubs').values({ id, siteId, companyId: site.companyId, serial: id, name: id, firmware: '1.0', reportingPeriodS: 900, lastSeenAt: null, createdAt: Date.now() }).execute();
  return id;
}

export async function addNode(db: Db, hubId: string, siteId?: string): Promise<string> {
  const hub = await db.selectFrom('hubs').select(['companyId', 'siteId']).where('id', '=', hubId).executeTakeFirstOrThrow();
  const id = uid('node');
  await db
    .insertInto('nodes')
    .values({ id, hubId, siteId: siteId ?? hub.siteId, companyId: hub.companyId, name: id, serial: id, deviceType: 'Fridge Probe', batteryPct: 90, signalDbm: -70, lastSeenAt: null, createdAt: Date.now() })
    .execute();
  return id;
}

/** Signal types are global; each fixture gets its own so suites never collide with each other or the demo world. */
export async function addSignalType(db: Db, kind: 'instant' | 'counter', unit = kind === 'counter' ? 'kWh' : '°C'): Promise<string> {
  const id = uid('sig');
  await db.insertInto('signalTypes').values({ id, key: id, name: id, unit, kind }).execute();
  return id;
}

export async function addFeed(db: Db, nodeId: string, signalTypeId: string, name = uid('feed')): Promise<string> {
  const node = await db.selectFrom('nodes').select('companyId').where('id', '=', nodeId).executeTakeFirstOrThrow();
  const id = uid('feed');
  await db.insertInto('feeds').values({ id, nodeId, companyId: node.companyId, signalTypeId, name, rangeMin: null, rangeMax: null }).execute();
  return id;
}

/** A new account that is a member of `companyId` with `role`, signed in (its token acts for that company). */
export async function memberOf(app: FastifyInstance, db: Db, companyId: string, role: 'manager' | 'user' | 'viewer') {
  const u = await newUser(app);
  const user = await db.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirstOrThrow();
  await db.insertInto('memberships').values({ userId: user.id, companyId, role }).execute();
  const s = await signIn(app, u.email, u.password);
  return { userId: user.id, token: s.accessToken as string };
}

/** A deterministic pseudo-random generator, so failures reproduce. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Local calendar parts of `ts` in `zone`, straight from Intl (the tests' independent clock). */
const formats = new Map<string, Intl.DateTimeFormat>();
export function localParts(ts: number, zone: string) {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formats.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(ts).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour), minute: Number(p.minute) };
}

/**
 * The first instant carrying the same local key (date, or date and block of `blockHours`) as `ts`, found by walking
 * back in 15-minute steps — a brute force that shares nothing with the server's arithmetic. Offsets and their changes
 * fall on quarter hours in every zone these tests use.
 */
const bucketMemo = new Map<string, number>();
export function bruteLocalBucket(ts: number, zone: string, blockHours = 24): number {
  const key = (t: number) => {
    const p = localParts(t, zone);
    return `${zone}/${blockHours}/${p.date}/${Math.floor(p.hour / blockHours)}`;
  };
  const k = key(ts);
  const known = bucketMemo.get(k);
  if (known !== undefined) return known;
  let t = ts - (((ts % 900_000) + 900_000) % 900_000);
  while (key(t - 900_000) === k) t -= 900_000;
  bucketMemo.set(k, t);
  return t;
}
