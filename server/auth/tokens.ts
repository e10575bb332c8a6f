import { SignJWT, jwtVerify, errors } from 'jose';
import { now as clockNow } from '../clock';

export const ACCESS_TYP = 'at+jwt';
export const AUDIENCE = 'sitewatch-api';
export const ISSUER = 'sitewatch';

export interface AccessClaims {
  /** The identity whose rights the token carries. */
  sub: string;
  /** The company the token acts for; null for an admin outside any company. */
  cid: string | null;
  role: 'admin' | 'manager' | 'user' | 'viewer';
  /** The refresh family, so logout can revoke exactly this session. */
  fam: string;
  /** While shadowing: the admin acting. */
  act?: { sub: string };
  shd?: 'company' | 'user';
}

export class TokenService {
  /**
   * The secret as a Web Crypto key, imported once: jose imports raw bytes again on every call, which was half of
   * verifying a token (every authenticated request verifies one).
   */
  private readonly key: Promise<CryptoKey>;
  constructor(secret: string, private readonly ttlSeconds: number, private readonly now: () => number = clockNow) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  get ttl(): number {
    return this.ttlSeconds;
  }

  async sign(claims: AccessClaims): Promise<string> {
    const { sub, ...rest } = claims;
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYP })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(await this.key);
  }

  /** Verifies with an allow-listed algorithm and the typ/aud/iss we issue; anything else is null. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        typ: ACCESS_TYP,
        audience: AUDIENCE,
        issuer: ISSUER,
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string' || typeof payload.fam !== 'string') return null;
      return payload as unknown as AccessClaims;
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
  }
}
