import crypto from 'node:crypto';

/** High-entropy tokens (refresh, reset, MFA) are stored as SHA-256: a slow hash adds nothing at 256 bits. */
export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('base64url');

export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');

export const newId = (): string => crypto.randomUUID();

/** Six uniformly random digits. */
export const randomCode = (): string => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

/** One-time codes have only 10^6 values, so they are keyed with a server secret before storage. */
export const hashCode = (code: string, pepper: string, challengeId: string): string =>
  crypto.createHmac('sha256', pepper).update(`${challengeId}:${code}`).digest('base64url');

export const safeEqual = (a: string, b: string): boolean => {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
};
