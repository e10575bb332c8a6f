import type { Db } from './database';

export const findCompany = (db: Db, id: string) =>
  db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();

/** The people of a company with their role there, ordered by name. */
export const membersOf = (db: Db, companyId: string) =>
  db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.userId')
    .select(['users.id as userId', 'users.name', 'users.email', 'memberships.role'])
    .where('memberships.companyId', '=', companyId)
    .orderBy('users.name')
    .orderBy('users.email')
    .execute();
