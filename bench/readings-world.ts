import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config';
import { createDeps } from '../server/bootstrap';
import { app as appPlugin, serverOptions } from '../server/app';
import { hashPassword } from '../server/auth/passwords';
import type { Db } from '../server/db/database';
import { storeReadings } from '../server/monitoring/ingest';

/** Helpers shared by the readings benchmarks: timing, and a temporary SQLite world built through storeReadings. */

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function time(fn: () => unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** A fresh SQLite file under the temp directory (removed by the returned cleanup). */
export function tempDir(name: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sitewatch-bench-${name}-`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}


/** The bench's server and its company: one site, one hub, a viewer, and a temperature signal type, on a SQLite file. */
export async function benchCompany(dir: string) {
  const config = loadConfig({ DATA_DIR: dir, STATIC_DIR: path.join(dir, 'no-client'), LOG_LEVEL: 'silent', SCRYPT_LOG_N: '10', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00' });
  const deps = await createDeps(config, { sqliteFile: path.join(dir, 'bench.db'), log: () => {} });
  const db = deps.db;
  const now = Date.now();
  const ids = { company: 'bench-co', site: 'bench-site', hub: 'bench-hub', user: 'bench-user' };
  await db.insertInto('companies').values({ id: ids.company, name: 'Bench', customerType: 'UKE', timezone: 'Europe/London', createdAt: now }).execute();
  await db.insertInto('users').values({ id: ids.user, email: 'bench@example.test', name: 'Bench', passwordHash: await hashPassword('Bench1234', 10), mfaEnabled: 0, locale: 'en', platformRole: null, disabled: 0, lastLoginAt: null, createdAt: now }).execute();
  await db.insertInto('memberships').values({ userId: ids.user, companyId: ids.company, role: 'viewer' }).execute();
  await db.insertInto('sites').values({ id: ids.site, companyId: ids.company, parentSiteId: null, name: 'Bench', address: '', coordinates: '', latitude: null, longitude: null, timezone: 'Europe/London', safeMin: null, safeMax: null, createdAt: now }).execute();
  await db.insertInto('hubs').values({ id: ids.hub, siteId: ids.site, companyId: ids.company, serial: ids.hub, name: 'Hub', firmware: '', reportingPeriodS: 60, lastSeenAt: null, createdAt: now }).execute();
  await db.insertInto('signalTypes').values({ id: 'bench-temp', key: 'bench-temp', name: 'Temperature', unit: '°C', kind: 'instant' }).execute();
  return { deps, ids, now };
}

export interface BenchWorld {
  app: FastifyInstance;
  db: Db;
  token: string;
  siteId: string;
  /** 50 temperature feeds with a week of 1-minute readings. */
  weekFeeds: string[];
  weekFrom: number;
  /** One fridge with a year of 15-minute readings. */
  fridge: string;
  yearFrom: number;
  close(): Promise<void>;
}

const DAY = 86_400_000;

/** The world B5 reads: the whole app on a temporary SQLite file, a member's token, and the readings asked for. */
export async function buildReadingsWorld(want: { week?: boolean; year?: boolean }): Promise<BenchWorld> {
  const tmp = tempDir('readings');
  const { deps, ids, now } = await benchCompany(tmp.dir);
  const db = deps.db;
  const feed = async (i: number) => {
    const node = `bench-node-${i}`;
    await db.insertInto('nodes').values({ id: node, hubId: ids.hub, siteId: ids.site, companyId: ids.company, name: node, serial: node, deviceType: 'Fridge Probe', batteryPct: null, signalDbm: null, lastSeenAt: null, createdAt: now }).execute();
    await db.insertInto('feeds').values({ id: `bench-feed-${i}`, nodeId: node, companyId: ids.company, signalTypeId: 'bench-temp', name: `Probe ${i}`, rangeMin: 2, rangeMax: 8 }).execute();
    return `bench-feed-${i}`;
  };
  const weekFeeds: string[] = [];
  for (let i = 0; i < 50; i++) weekFeeds.push(await feed(i));
  const fridge = await feed(50);

  const weekFrom = Date.parse('2026-03-23T00:00:00Z');
  for (let day = 0; want.week && day < 7; day++) {
    const rows = [];
    for (let m = 0; m < 1440; m++) {
      const ts = weekFrom + day * DAY + m * 60_000;
      for (let f = 0; f < weekFeeds.length; f++) rows.push({ feedId: weekFeeds[f]!, ts, value: 5 + 2 * Math.sin(ts / 3.7e6 + f) + ((m * 7919 + f * 31) % 100) / 100 });
    }
    await storeReadings(db, rows);
  }
  const yearFrom = Date.parse('2025-03-01T00:00:00Z');
  const yearRows = [];
  for (let ts = yearFrom; want.year && ts < yearFrom + 365 * DAY; ts += 15 * 60_000) yearRows.push({ feedId: fridge, ts, value: 5 + 2 * Math.sin(ts / 8.64e6) + ((ts / 900_000) % 13) / 13 });
  for (let i = 0; i < yearRows.length; i += 20_000) await storeReadings(db, yearRows.slice(i, i + 20_000));

  const app = Fastify({ ...serverOptions, logger: false });
  await app.register(appPlugin, deps);
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'bench@example.test', password: 'Bench1234' } });
  const token = login.json<{ data: { accessToken: string } }>().data.accessToken;
  return {
    app, db, token, siteId: ids.site, weekFeeds, weekFrom, fridge, yearFrom,
    close: async () => {
      await app.close();
      await deps.close();
      tmp.remove();
    },
  };
}
