import { sql } from 'kysely';
import type { Db } from './database';
import type { NewUser, User } from './schema';

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

/** The user's memberships with company names, ordered by company name so "first" is stable. */
export const membershipsOf = (db: Db, userId: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.companyId')
    .select(['memberships.companyId', 'companies.name as companyName', 'memberships.role'])
    .where('memberships.userId', '=', userId)
    .orderBy('companies.name')
    .execute();

export const findMembership = (db: Db, userId: string, companyId: string) =>
  db
    .selectFrom('memberships')
    .select(['role'])
    .where('userId', '=', userId)
    .where('companyId', '=', companyId)
    .executeTakeFirst();

export async function updateProfile(db: Db, userId: string, change: { name?: string; locale?: string }): Promise<void> {
  if (change.name === undefined && change.locale === undefined) return;
  await db.updateTable('users').set(change).where('id', '=', userId).execute();
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern built from user input. */
const likeContains = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** Users whose name or email contains `q`, ignoring case (on SQLite only ASCII letters fold), ordered by name. */
export function searchUsers(db: Db, q: string | undefined, limit: number) {
  let query = db.selectFrom('users').select(['id', 'name', 'email', 'platformRole']);
  if (q) {
    const pattern = likeContains(q);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('email')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query.orderBy('name').orderBy('email').limit(limit).execute();
}

/** Memberships of several users at once, with company names, ordered by company name. */
export async function membershipsOfUsers(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.companyId')
    .select(['memberships.userId', 'memberships.companyId', 'companies.name as companyName', 'memberships.role'])
    .where('memberships.userId', 'in', userIds)
    .orderBy('companies.name')
    .execute();
}
