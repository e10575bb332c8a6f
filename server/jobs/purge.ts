import type { Db } from '../db/database';
import type { AppDeps } from '../context';
import { WINDOW_MS } from '../auth/rate-limiter';
import { every } from './every';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Deletes what can no longer be used: sessions past their absolute end (a day later, so a reuse
 * of their last token is still recognised meanwhile), one-time-code challenges and reset tokens past their expiry,
 * external sign-ins never finished, and rate-limit attempts older than their window. Answers how many rows went.
 */
export async function purgeExpired(db: Db, now: number): Promise<number> {
  let removed = 0;
  const count = (r: { numDeletedRows: bigint }[]) => r.reduce((n, x) => n + Number(x.numDeletedRows), 0);
  const oldFamilies = db.selectFrom('refreshFamilies').select('id').where('absoluteExpiresAt', '<', now - DAY);
  removed += count(await db.deleteFrom('refreshTokens').where('familyId', 'in', oldFamilies).execute());
  removed += count(await db.deleteFrom('refreshFamilies').where('absoluteExpiresAt', '<', now - DAY).execute());
  removed += count(await db.deleteFrom('otpChallenges').where('expiresAt', '<', now - DAY).execute());
  removed += count(await db.deleteFrom('passwordResetTokens').where('expiresAt', '<', now - DAY).execute());
  removed += count(await db.deleteFrom('emailVerificationTokens').where('expiresAt', '<', now - DAY).execute());
  removed += count(await db.deleteFrom('oidcStates').where('expiresAt', '<', now - HOUR).execute());
  removed += count(await db.deleteFrom('authAttempts').where('at', '<', now - WINDOW_MS - HOUR).execute());
  return removed;
}

/** The purge, hourly on every instance (the deletes are idempotent, so instances need not agree on who runs it). */
export function startPurge(deps: Pick<AppDeps, 'db' | 'auth'>, opts: { log?: (line: string) => void; periodMs?: number } = {}) {
  return every('purge', opts.periodMs ?? HOUR, async () => {
    const n = await purgeExpired(deps.db, deps.auth.now());
    if (n > 0) opts.log?.(`purge: removed ${n} expired rows`);
  }, opts.log);
}
