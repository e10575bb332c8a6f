import type { Db } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { newId } from '../auth/secrets';
import { NO_PASSWORD } from '../db/users.repository';
import type { WorldOptions } from './catalogue';
import { seedWorld, worldIsEmpty } from './writer';
import { now as clockNow } from '../clock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

/**
 * Two more people of Northwind, so the users screen shows both states a membership can be in besides active: a care
 * assistant whose membership a manager disabled when she moved on, and a new team leader invited two days ago who has
 * not set a password yet (so cannot sign in). Neither is a demo sign-in.
 */
const NORTHWIND_PEOPLE = {
  disabled: { account: { email: 'grace.holloway@northwind-care.test', name: 'Grace Holloway' }, role: 'user' },
  invited: { account: { email: 'owen.pritchard@northwind-care.test', name: 'Owen Pritchard' }, role: 'manager' },
} as const;

const DAY_MS = 24 * 3600 * 1000;

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
  const now = clockNow();
  const companyIds = COMPANIES.map(() => newId());
  const hash = await hashPassword(DEMO_PASSWORD, scryptLogN);
  const ids = { admin: newId(), manager: newId(), user: newId(), viewer: newId(), disabled: newId(), invited: newId() };
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
        { ...base, id: ids.disabled, ...NORTHWIND_PEOPLE.disabled.account, mfaEnabled: 0, platformRole: null, lastLoginAt: now - 40 * DAY_MS },
        { ...base, id: ids.invited, ...NORTHWIND_PEOPLE.invited.account, passwordHash: NO_PASSWORD, mfaEnabled: 0, platformRole: null },
      ])
      .execute();
    // Every row names every column: a multi-row insert cannot leave one to its default on SQLite.
    const member = { disabled: 0, invitedAt: null };
    await trx
      .insertInto('memberships')
      .values([
        { ...member, userId: ids.manager, companyId: companyIds[0]!, role: 'manager' },
        { ...member, userId: ids.manager, companyId: companyIds[2]!, role: 'manager' },
        { ...member, userId: ids.user, companyId: companyIds[0]!, role: 'user' },
        { ...member, userId: ids.viewer, companyId: companyIds[0]!, role: 'viewer' },
        { ...member, userId: ids.disabled, companyId: companyIds[0]!, role: NORTHWIND_PEOPLE.disabled.role, disabled: 1 },
        { ...member, userId: ids.invited, companyId: companyIds[0]!, role: NORTHWIND_PEOPLE.invited.role, invitedAt: now - 2 * DAY_MS },
      ])
      .execute();
  });
  return true;
}
