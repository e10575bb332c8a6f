import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEYLEN = 32;

/** scrypt with r = 8, p = 1 and N = 2^logN; async so hashing runs on the libuv pool, never the event loop. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = crypto.randomBytes(16);
  const N = 2 ** logN;
  const key = await scrypt(password, salt, KEYLEN, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 });
  return `scrypt$${logN}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logNs, rs, ps, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const N = 2 ** Number(logNs);
  const r = Number(rs);
  const p = Number(ps);
  const expected = Buffer.from(keyB64, 'base64url');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64url'), expected.length, {
    N, r, p, maxmem: 128 * N * r * 2 + 1024 * 1024,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** A hash used only to make timing of unknown accounts comparable to known ones. */
export async function dummyVerify(password: string, logN: number): Promise<void> {
  const N = 2 ** logN;
  await scrypt(password, Buffer.alloc(16), KEYLEN, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 });
}
