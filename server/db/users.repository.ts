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
