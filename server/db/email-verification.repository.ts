import type { Insertable, Selectable } from 'kysely';
import type { Db } from './database';
import type { EmailVerificationTokensTable } from './schema';

export type EmailVerificationToken = Selectable<EmailVerificationTokensTable>;

export async function insertEmailVerificationToken(db: Db, row: Insertable<EmailVerificationTokensTable>): Promise<void> {
  await db.insertInto('emailVerificationTokens').values(row).execute();
}

export const findEmailVerificationToken = (db: Db, tokenHash: string): Promise<EmailVerificationToken | undefined> =>
  db.selectFrom('emailVerificationTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();

/**
 * Uses the link, marks the account verified and gives it the password of the sign-up that mailed the link, together;
 * false when another request used it first (single use).
 */
export async function useEmailVerificationToken(db: Db, row: EmailVerificationToken, at: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const r = await trx.updateTable('emailVerificationTokens').set({ usedAt: at }).where('id', '=', row.id).where('usedAt', 'is', null).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await trx.updateTable('users').set({ emailVerified: 1, passwordHash: row.passwordHash }).where('id', '=', row.userId).where('emailVerified', '=', 0).execute();
    return true;
  });
}

/**
 * A password set through a mailed link proves the address as well as a verification link does. `dropPassword` for
 * proof from elsewhere (an external provider): the password an unconfirmed sign-up chose may be a stranger's.
 */
export async function markEmailVerified(db: Db, userId: string, dropPassword?: string): Promise<void> {
  await db
    .updateTable('users')
    .set(dropPassword ? { emailVerified: 1, passwordHash: dropPassword } : { emailVerified: 1 })
    .where('id', '=', userId)
    .where('emailVerified', '=', 0)
    .execute();
}

/** Every confirm link of the account still unused stops working (an invitation chose another way to prove the address). */
export async function expireEmailVerificationTokensOf(db: Db, userId: string, at: number): Promise<void> {
  await db.updateTable('emailVerificationTokens').set({ usedAt: at }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
}
