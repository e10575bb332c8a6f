import type { Insertable, Selectable } from 'kysely';
import type { Db } from './database';
import type { OtpChallengesTable } from './schema';

export type OtpChallenge = Selectable<OtpChallengesTable>;

export async function insertOtpChallenge(db: Db, row: Insertable<OtpChallengesTable>): Promise<void> {
  await db.insertInto('otpChallenges').values(row).execute();
}

export const findOtpChallenge = (db: Db, tokenHash: string): Promise<OtpChallenge | undefined> =>
  db.selectFrom('otpChallenges').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();

/**
 * Takes one try in the statement that checks a try is left, so guesses sent at once cannot share a try. Answers the
 * tries taken so far, or undefined when none was left.
 */
export async function takeOtpAttempt(db: Db, id: string, maxAttempts: number): Promise<number | undefined> {
  const row = await db
    .updateTable('otpChallenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Marks a challenge used; false when another request used it first (single use). */
export async function consumeOtpChallenge(db: Db, id: string, at: number): Promise<boolean> {
  const r = await db.updateTable('otpChallenges').set({ consumedAt: at }).where('id', '=', id).where('consumedAt', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A resent code: a new code and expiry; the wrong tries so far still count (they are the challenge's, not the code's). */
export async function renewOtpChallenge(
  db: Db,
  id: string,
  change: { codeHash: string; expiresAt: number; lastSentAt: number },
): Promise<void> {
  await db.updateTable('otpChallenges').set(change).where('id', '=', id).execute();
}
