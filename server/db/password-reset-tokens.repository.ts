import type { Insertable, Selectable } from 'kysely';
import type { Db } from './database';
import type { PasswordResetTokensTable } from './schema';

export type PasswordResetToken = Selectable<PasswordResetTokensTable>;

export async function insertPasswordResetToken(db: Db, row: Insertable<PasswordResetTokensTable>): Promise<void> {
  await db.insertInto('passwordResetTokens').values(row).execute();
}

export const findPasswordResetToken = (db: Db, tokenHash: string): Promise<PasswordResetToken | undefined> =>
  db.selectFrom('passwordResetTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();

/** Marks a token used; false when another request used it first (single use). */
export async function usePasswordResetToken(db: Db, id: string, at: number): Promise<boolean> {
  const r = await db
    .updateTable('passwordResetTokens')
    .set({ usedAt: at })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Once the password changes, every reset link still in a mailbox is worthless. */
export async function expirePasswordResetTokensOf(db: Db, userId: string, at: number): Promise<void> {
  await db.updateTable('passwordResetTokens').set({ usedAt: at }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
}
