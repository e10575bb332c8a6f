import type { Insertable } from 'kysely';
import type { Db } from './database';
import type { OidcState, OidcStatesTable } from './schema';

export async function insertOidcState(db: Db, row: Insertable<OidcStatesTable>): Promise<void> {
  await db.insertInto('oidcStates').values(row).execute();
}

/**
 * Takes a state for use: the row is deleted in the same statement that reads it, so of two callbacks racing with
 * one state only one gets it. A wrong binding leaves the row alone (a stranger cannot burn someone's sign-in).
 */
export const takeOidcState = (db: Db, stateHash: string, bindingHash: string): Promise<OidcState | undefined> =>
  db.deleteFrom('oidcStates').where('stateHash', '=', stateHash).where('bindingHash', '=', bindingHash).returningAll().executeTakeFirst();

export async function deleteExpiredOidcStates(db: Db, now: number): Promise<void> {
  await db.deleteFrom('oidcStates').where('expiresAt', '<=', now).execute();
}
