import type { Db } from './database';

/** Attempts recorded under `key` since `since`, and the oldest of them (for Retry-After). */
export async function attemptsSince(db: Db, key: string, since: number): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('authAttempts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number>('at').as('oldest')])
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest == null ? null : Number(row.oldest) };
}

export async function recordAttempt(db: Db, key: string, at: number, windowMs: number): Promise<void> {
  await db.deleteFrom('authAttempts').where('key', '=', key).where('at', '<=', at - windowMs).execute();
  await db.insertInto('authAttempts').values({ key, at }).execute();
}
