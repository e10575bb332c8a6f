import type { Db } from '../db/database';
import { attemptsSince, recordAttempt } from '../db/rate-limit.repository';
import { AppError } from '../errors';
import { now as clockNow } from '../clock';

export const WINDOW_MS = 15 * 60 * 1000;

/** Limits per rolling 15 minutes (docs/product.md, Sessions). */
export const LIMITS = {
  loginFailuresPerAccount: 10,
  loginPerAddress: 100,
  forgotPerEmail: 5,
  forgotPerAddress: 20,
  codePerAddress: 100,
  signupPerAddress: 20,
  /** Each of external sign-in start and callback, like sign-in per address. */
  externalPerAddress: 100,
  /** Hub serials refused per person (the admin, while shadowing): so many guesses cannot map another company's hubs. */
  refusedSerialsPerUser: 10,
} as const;

export class RateLimiter {
  constructor(private readonly db: Db, private readonly now: () => number = clockNow) {}

  /** True when `key` already has `limit` attempts in the window. */
  async exceeded(key: string, limit: number): Promise<{ exceeded: boolean; retryAfter: number }> {
    const now = this.now();
    const { count, oldest } = await attemptsSince(this.db, key, now - WINDOW_MS);
    const retryAfter = oldest == null ? 1 : Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
    return { exceeded: count >= limit, retryAfter };
  }

  async record(key: string): Promise<void> {
    await recordAttempt(this.db, key, this.now(), WINDOW_MS);
  }

  /**
   * Records an attempt, then throws the 429 when it is past the limit. Recording first means attempts
   * sent at once each see the ones before them, so a burst cannot all pass a check made before any was recorded.
   */
  async hit(key: string, limit: number): Promise<void> {
    await this.record(key);
    await this.check(key, limit + 1);
  }

  /** Throws the 429 of docs/product.md, Sessions when over the limit. */
  async check(key: string, limit: number): Promise<void> {
    const r = await this.exceeded(key, limit);
    if (r.exceeded) throw tooMany(r.retryAfter);
  }
}

export const tooMany = (retryAfter: number) =>
  new AppError(429, 'rate_limited', `Too many attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, undefined, {
    'Retry-After': String(retryAfter),
  });
