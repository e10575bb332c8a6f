import type { Db } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { newId } from '../auth/secrets';
import type { WorldOptions } from './catalogue';
import { seedWorld, worldIsEmpty } from './writer';

export const DEMO_PASSWORD = 'Demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@sitewatch.test', name: 'Ada Admin', note: 'platform admin, MFA on' },
  { email: 'manager@sitewatch.test', name: 'Max Manager', note: 'manager in two companies' },
  { email: 'user@sitewatch.test', name: 'Uma User', note: 'user in one company' },
  { email: 'viewer@sitewatch.test', name: 'Vic Viewer', note: 'viewer, for wall displays' },
] as const;

const COMPANIES = [
  { name: 'Northwind Care Homes', customerType: 'UKE', timezone: 'Europe/London' },
  { name: 'Harbour Pharmacy Group', customerType: 'UKE', timezone: 'Europe/London' },
  { name: 'Mackwell Lighting Services', customerType: 'Mackwell', timezone: 'Europe/London' },
  { name: 'Beacon Estates', customerType: 'Mackwell', timezone: 'Europe/Dublin' },
  { name: 'EPS Facilities', customerType: 'EPS', timezone: 'Europe/Paris' },
  { name: 'Riverside Clinics', customerType: 'EPS', timezone: 'Europe/Madrid' },
] as const;

export interface SeedOptions {
  /** Also build the demo world (sites, hubs, nodes, history) when the database has no sites; absent means accounts only. */
  world?: Partial<WorldOptions>;
  log?: (line: string) => void;
}

/**
 * Seeds the demo accounts and companies when the database has no users, and the demo world when asked and the
 * database has no sites; what exists is left alone. True when anything was seeded.
 */
export async function seedIfEmpty(db: Db, scryptLogN: number, opts: SeedOptions = {}): Promise<boolean> {
  const accounts = await seedAccounts(db, scryptLogN);
  if (!opts.world || !(await worldIsEmpty(db))) return accounts;
  opts.log?.('seeding the demo world (sites, devices and their history)…');
  await seedWorld(db, opts.world, opts.log);
  return true;
}

/**
 * The world options the environment asks for: SEED_DAYS gives every device that many days of history, all of it raw
 * readings (no retention cut, so `SEED_DAYS=2` is a fast start); unset keeps the defaults (90 days of rollups for every
 * device, raw readings for 90 days on fridges and 7 on the rest).
 */
export function worldOptionsFrom(config: { SEED_DAYS?: number }): Partial<WorldOptions> {
  const n = config.SEED_DAYS;
  return n === undefined ? {} : { days: n, fridgeDays: n, historyDays: n };
}

async function seedAccounts(db: Db, scryptLogN: number): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const now = Date.now();
  const companyIds = COMPANIES.map(() => newId());
  const hash = await hashPassword(DEMO_PASSWORD, scryptLogN);
  const ids = { admin: newId(), manager: newId(), user: newId(), viewer: newId() };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('companies').values(COMPANIES.map((c, i) => ({ id: companyIds[i]!, ...c, createdAt: now }))).execute();
    const base = { passwordHash: hash, locale: 'en', disabled: 0, lastLoginAt: null, createdAt: now };
    await trx
      .insertInto('users')
      .values([
        { ...base, id: ids.admin, email: DEMO_ACCOUNTS[0].email, name: DEMO_ACCOUNTS[0].name, mfaEnabled: 1, platformRole: 'admin' },
        { ...base, id: ids.manager, email: DEMO_ACCOUNTS[1].email, name: DEMO_ACCOUNTS[1].name, mfaEnabled: 0, platformRole: null },
        { ...base, id: ids.user, email: DEMO_ACCOUNTS[2].email, name: DEMO_ACCOUNTS[2].name, mfaEnabled: 0, platformRole: null },
        { ...base, id: ids.viewer, email: DEMO_ACCOUNTS[3].email, name: DEMO_ACCOUNTS[3].name, mfaEnabled: 0, platformRole: null },
      ])
      .execute();
    await trx
      .insertInto('memberships')
      .values([
        { userId: ids.manager, companyId: companyIds[0]!, role: 'manager' },
        { userId: ids.manager, companyId: companyIds[2]!, role: 'manager' },
        { userId: ids.user, companyId: companyIds[0]!, role: 'user' },
        { userId: ids.viewer, companyId: companyIds[0]!, role: 'viewer' },
      ])
      .execute();
  });
  return true;
}
