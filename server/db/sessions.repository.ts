import type { Db } from './database';
import type { RefreshFamiliesTable } from './schema';
import type { Insertable } from 'kysely';

export async function insertFamily(db: Db, family: Insertable<RefreshFamiliesTable>): Promise<void> {
  await db.insertInto('refreshFamilies').values(family).execute();
}

export const findFamily = (db: Db, id: string) =>
  db.selectFrom('refreshFamilies').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertRefreshToken(
  db: Db,
  row: { id: string; familyId: string; tokenHash: string; companyId: string | null; createdAt: number },
): Promise<void> {
  await db.insertInto('refreshTokens').values({ ...row, spentAt: null }).execute();
}

export const findRefreshToken = (db: Db, tokenHash: string) =>
  db.selectFrom('refreshTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();

/** Marks a token spent; false when another request spent it first (a reuse race). */
export async function spendRefreshToken(db: Db, id: string, at: number): Promise<boolean> {
  const r = await db
    .updateTable('refreshTokens')
    .set({ spentAt: at })
    .where('id', '=', id)
    .where('spentAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function revokeFamily(db: Db, id: string, reason: string, at: number): Promise<void> {
  await db
    .updateTable('refreshFamilies')
    .set({ revokedAt: at, revokedReason: reason })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function revokeAllFamiliesOfUser(db: Db, userId: string, reason: string, at: number): Promise<void> {
  await db
    .updateTable('refreshFamilies')
    .set({ revokedAt: at, revokedReason: reason })
    .where((eb) => eb.or([eb('userId', '=', userId), eb('actorUserId', '=', userId)]))
    .where('revokedAt', 'is', null)
    .execute();
}
