import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database';
import type { MembershipsTable, NewUser, User } from './schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import type { ListAnswer, ListParams } from '../../src/api/contract/list';
import type { CompanyUser, PlatformUser, USER_SORTS } from '../../src/api/contract/users';

export const findUserByEmail = (db: Db, email: string): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export const findUserById = (db: Db, id: string): Promise<User | undefined> =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash }).where('id', '=', userId).execute();
}

export async function touchLastLogin(db: Db, userId: string, at: number): Promise<void> {
  await db.updateTable('users').set({ lastLoginAt: at }).where('id', '=', userId).execute();
}

/**
 * The companies the user may act for, with their names, ordered by company name so "first" is stable. A disabled
 * membership, and an invitation not yet accepted, are left out: sign-in must not offer that company.
 */
export const membershipsOf = (db: Db, userId: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.companyId')
    .select(['memberships.companyId', 'companies.name as companyName', 'memberships.role'])
    .where('memberships.userId', '=', userId)
    .where('memberships.disabled', '=', 0)
    .where('memberships.invitedAt', 'is', null)
    .orderBy('companies.name')
    .execute();

/**
 * The user's role in a company they may act for. Every per-request check (roleIn, tokenCompany, switch and refresh)
 * goes through here, so disabling a membership ends its live tokens at their next request, and an invitation grants
 * nothing until it is accepted.
 */
export const findMembership = (db: Db, userId: string, companyId: string) =>
  db
    .selectFrom('memberships')
    .select(['role'])
    .where('userId', '=', userId)
    .where('companyId', '=', companyId)
    .where('disabled', '=', 0)
    .where('invitedAt', 'is', null)
    .executeTakeFirst();

export async function updateProfile(db: Db, userId: string, change: { name?: string; locale?: string }): Promise<void> {
  if (change.name === undefined && change.locale === undefined) return;
  await db.updateTable('users').set(change).where('id', '=', userId).execute();
}

/** The password hash of an account that has none yet (an invitation not yet accepted): no password verifies against it. */
export const NO_PASSWORD = '';

/** Epoch ms as ISO 8601 (aggregates may arrive as strings). */
const iso = (ms: number | string | null) => (ms == null ? null : new Date(Number(ms)).toISOString());

const loginSort = sql<number>`coalesce(${sql.ref('users.lastLoginAt')}, 0)`.as('loginSort');

type UserSort = (typeof USER_SORTS)[number];

/** A member of a company as the users resource reads it: the account and its membership there, disabled or not. */
export type MemberRow = Pick<User, 'id' | 'email' | 'name' | 'lastLoginAt'> & Pick<Selectable<MembershipsTable>, 'role' | 'disabled' | 'invitedAt' | 'invitedName'>;

const MEMBER_SORTS: Record<UserSort, SortColumn> = {
  name: { ref: 'users.name', text: true },
  email: { ref: 'users.email', text: true },
  role: { ref: 'memberships.role' },
  // Never signed in sorts as the oldest sign-in, alike on both databases (they order nulls differently).
  lastLoginAt: { ref: 'loginSort' },
};

function members(db: Db, companyId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.userId')
    .select(['users.id', 'users.email', 'users.name', 'memberships.role', 'memberships.disabled', 'memberships.invitedAt', 'memberships.invitedName', 'users.lastLoginAt'])
    .select(loginSort)
    .where('memberships.companyId', '=', companyId);
}

const memberRow = ({ loginSort: _, ...r }: MemberRow & { loginSort: number }): MemberRow => r;

/**
 * Until the person accepts, the company sees only what its manager typed: the account's own name and its sign-ins
 * (in any company) are not the company's to learn from an invitation.
 */
export const memberView = (r: MemberRow): CompanyUser =>
  r.invitedAt != null
    ? { id: r.id, email: r.email, name: r.invitedName ?? r.name, role: r.role, disabled: r.disabled === 1, invitedAt: iso(r.invitedAt), lastLoginAt: null }
    : { id: r.id, email: r.email, name: r.name, role: r.role, disabled: r.disabled === 1, invitedAt: null, lastLoginAt: iso(r.lastLoginAt) };

/** The company's members, disabled and invited ones included, filtered by name or email and by role. */
export async function listMembers(db: Db, companyId: string, params: ListParams<UserSort> & { role?: MembershipsTable['role'] }): Promise<ListAnswer<MemberRow>> {
  let q = members(db, companyId);
  if (params.q) q = q.where(matchesAll([sql.ref('users.name'), sql.ref('users.email')], params.q));
  if (params.role) q = q.where('memberships.role', '=', params.role);
  const page = await pageOf(q, params, MEMBER_SORTS, 'name', 'users.id');
  return { data: page.data.map(memberRow), total: page.total };
}

/** The member of the company with this user id, disabled or not; undefined when the user is not a member there. */
export async function findMember(db: Db, companyId: string, userId: string): Promise<MemberRow | undefined> {
  const r = await members(db, companyId).where('users.id', '=', userId).executeTakeFirst();
  return r && memberRow(r);
}

export async function insertMembership(db: Db, row: Insertable<MembershipsTable>): Promise<void> {
  await db.insertInto('memberships').values(row).execute();
}

export async function updateMembership(db: Db, companyId: string, userId: string, change: Updateable<MembershipsTable>): Promise<void> {
  await db.updateTable('memberships').set(change).where('companyId', '=', companyId).where('userId', '=', userId).execute();
}

export async function deleteMembership(db: Db, companyId: string, userId: string): Promise<void> {
  await db.deleteFrom('memberships').where('companyId', '=', companyId).where('userId', '=', userId).execute();
}

/**
 * Managers of the company who can act now (enabled, invitation accepted), but `except`. Called after
 * lockCompanyMemberships, so two requests cannot each remove the manager the other one counted on.
 */
export async function countActiveManagers(db: Db, companyId: string, except: string): Promise<number> {
  const r = await db
    .selectFrom('memberships')
    .select(sql<number>`count(*)`.as('n'))
    .where('companyId', '=', companyId)
    .where('role', '=', 'manager')
    .where('disabled', '=', 0)
    .where('invitedAt', 'is', null)
    .where('userId', '<>', except)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * Serialises changes to a company's memberships until the transaction ends: a no-op write takes the company row's
 * lock on PostgreSQL (SQLite has one writer anyway), portably where SELECT … FOR UPDATE is not.
 */
export async function lockCompanyMemberships(db: Db, companyId: string): Promise<void> {
  await db.updateTable('companies').set((eb) => ({ name: eb.ref('name') })).where('id', '=', companyId).execute();
}

/**
 * The person accepted this invitation from its mail (every pending one when no company is named): the membership acts
 * from now on. False when none was pending.
 */
export async function acceptInvitation(db: Db, userId: string, companyId?: string): Promise<boolean> {
  let q = db.updateTable('memberships').set({ invitedAt: null, invitedName: null, inviteTokenHash: null }).where('userId', '=', userId).where('invitedAt', 'is not', null);
  if (companyId) q = q.where('companyId', '=', companyId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The pending invitation an accept link names, with its company's name; undefined for an unknown or accepted one. */
export const findInvitation = (db: Db, tokenHash: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.companyId')
    .innerJoin('users', 'users.id', 'memberships.userId')
    .select(['memberships.userId', 'memberships.companyId', 'memberships.role', 'memberships.invitedAt', 'companies.name as companyName', 'users.locale'])
    .where('memberships.inviteTokenHash', '=', tokenHash)
    .where('memberships.invitedAt', 'is not', null)
    .executeTakeFirst();

/**
 * Of these people, the ones who may act for the company right now, with their role there: an enabled account and an
 * enabled, accepted membership; in no particular order. The one "active member" question: mailed links ask it when they
 * act, alert and export mails when they are sent, not when they were made, and an assignee must be one.
 */
export async function activeMembersAmong(db: Db, companyId: string, userIds: readonly string[]): Promise<Pick<Selectable<MembershipsTable>, 'userId' | 'role'>[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.userId')
    .select(['memberships.userId', 'memberships.role'])
    .where('memberships.companyId', '=', companyId)
    .where('memberships.userId', 'in', [...new Set(userIds)])
    .where('memberships.disabled', '=', 0)
    .where('memberships.invitedAt', 'is', null)
    .where('users.disabled', '=', 0)
    .execute();
}

/**
 * Of these people, the ones whose membership of the company is enabled, invitations not yet accepted included: whom a
 * rule or an export schedule may name (they get mail once they accept, and only while activeMembersAmong has them).
 */
export async function enabledMembersAmong(db: Db, companyId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('memberships')
    .select('userId')
    .where('companyId', '=', companyId)
    .where('disabled', '=', 0)
    .where('userId', 'in', [...new Set(userIds)])
    .execute();
  return rows.map((r) => r.userId);
}

/** The names of these users (the ids of accounts that exist). */
export const namesOf = (db: Db, ids: readonly string[]) => db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();

/** Where and in which language to mail these users. */
export const mailAddressesOf = (db: Db, ids: readonly string[]) => db.selectFrom('users').select(['id', 'email', 'locale']).where('id', 'in', ids).execute();

const PLATFORM_SORTS: Record<UserSort, SortColumn> = {
  name: { ref: 'users.name', text: true },
  email: { ref: 'users.email', text: true },
  // A platform user's role is the platform one; admins sort last, alike on both databases.
  role: { ref: 'roleSort' },
  lastLoginAt: { ref: 'loginSort' },
};

/**
 * Every user of the platform (the admin's `?all=1`), filtered by name or email and by a role held in any company,
 * each with all their memberships.
 */
export async function listPlatformUsers(db: Db, params: ListParams<UserSort> & { role?: MembershipsTable['role'] }): Promise<ListAnswer<PlatformUser>> {
  let q = db
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.name', 'users.platformRole', 'users.disabled', 'users.lastLoginAt'])
    .select((eb) => [
      eb.selectFrom('memberships').whereRef('memberships.userId', '=', 'users.id').select((m) => m.fn.min('memberships.invitedAt').as('n')).as('invitedAt'),
      loginSort,
      sql<string>`coalesce(${sql.ref('users.platformRole')}, '')`.as('roleSort'),
    ]);
  if (params.q) q = q.where(matchesAll([sql.ref('users.name'), sql.ref('users.email')], params.q));
  const role = params.role;
  if (role) q = q.where((eb) => eb.exists(eb.selectFrom('memberships').select('memberships.userId').whereRef('memberships.userId', '=', 'users.id').where('memberships.role', '=', role)));
  const page = await pageOf(q, params, PLATFORM_SORTS, 'name', 'users.id');
  const memberships = await membershipsOfUsers(db, page.data.map((u) => u.id));
  return {
    data: page.data.map((u) => ({
      id: u.id, email: u.email, name: u.name, platformRole: u.platformRole, disabled: u.disabled === 1,
      invitedAt: iso(u.invitedAt), lastLoginAt: iso(u.lastLoginAt),
      companies: memberships
        .filter((m) => m.userId === u.id)
        .map((m) => ({ companyId: m.companyId, companyName: m.companyName, role: m.role, disabled: m.disabled === 1, invitedAt: iso(m.invitedAt) })),
    })),
    total: page.total,
  };
}

/** Memberships of several users at once, disabled ones included, with company names, ordered by company name. */
export async function membershipsOfUsers(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.companyId')
    .select(['memberships.userId', 'memberships.companyId', 'companies.name as companyName', 'memberships.role', 'memberships.disabled', 'memberships.invitedAt'])
    .where('memberships.userId', 'in', userIds)
    .orderBy('companies.name')
    .execute();
}
