import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, base64url, decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import { DEMO, TEST_JWT_SECRET, buildTestApp, call, signIn, type TestApp } from './helpers';

const key = (secret: string) => new TextEncoder().encode(secret);

interface Forge {
  secret?: string;
  alg?: string;
  typ?: string | null;
  aud?: string;
  iss?: string;
  exp?: number;
  payload?: JWTPayload;
}

describe('access tokens', () => {
  let t: TestApp;
  let claims: JWTPayload;
  beforeAll(async () => {
    t = await buildTestApp();
    const s = await signIn(t.app, DEMO.manager);
    claims = decodeJwt(s.accessToken);
  });
  afterAll(() => t.close());

  /** A token with the claims of a real session, changed only where the test says. */
  const forge = async (f: Forge = {}) => {
    const now = Math.floor(Date.now() / 1000);
    const header: { alg: string; typ?: string } = { alg: f.alg ?? 'HS256' };
    if (f.typ !== null) header.typ = f.typ ?? 'at+jwt';
    return new SignJWT({ ...claims, iat: now, exp: f.exp ?? now + 600, aud: f.aud ?? 'sitewatch-api', iss: f.iss ?? 'sitewatch', ...f.payload })
      .setProtectedHeader(header)
      .sign(key(f.secret ?? TEST_JWT_SECRET));
  };
  const me = (token: string) => call(t.app, 'GET', '/api/me', undefined, token);

  it('is a JWT signed HS256 with typ at+jwt, an audience and an expiry', async () => {
    const s = await signIn(t.app, DEMO.user);
    expect(decodeProtectedHeader(s.accessToken)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const c = decodeJwt(s.accessToken);
    expect(c).toMatchObject({ aud: 'sitewatch-api', iss: 'sitewatch', sub: expect.any(String), fam: expect.any(String) });
    expect(c.exp! - c.iat!).toBe(s.expiresIn);
  });

  it('a correctly forged token is accepted (so the refusals below are about one change each)', async () => {
    const r = await me(await forge());
    expect(r.status).toBe(200);
    expect(r.body.data.email).toBe(DEMO.manager);
  });

  const refusals: [string, () => Promise<string>][] = [
    ['signed with another key', () => forge({ secret: 'another-secret-another-secret-another-0' })],
    ['signed HS512 with the right key', () => forge({ alg: 'HS512' })],
    ['with a wrong audience', () => forge({ aud: 'some-other-api' })],
    ['with a wrong issuer', () => forge({ iss: 'someone-else' })],
    ['with typ JWT', () => forge({ typ: 'JWT' })],
    ['without typ', () => forge({ typ: null })],
    ['expired', () => forge({ exp: Math.floor(Date.now() / 1000) - 120 })],
    ['without a session family', () => forge({ payload: { fam: undefined } })],
    ['for an unknown session family', () => forge({ payload: { fam: 'not-a-family' } })],
    [
      'with alg none',
      async () => {
        const enc = (o: object) => base64url.encode(JSON.stringify(o));
        return `${enc({ alg: 'none', typ: 'at+jwt' })}.${enc({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
      },
    ],
    [
      'with its payload changed after signing',
      async () => {
        const [h, , sig] = (await forge()).split('.');
        return `${h}.${base64url.encode(JSON.stringify({ ...claims, role: 'admin' }))}.${sig}`;
      },
    ],
    ['that is not a JWT at all', async () => 'not-a-token'],
  ];

  it.each(refusals)('a token %s is 401 {message, code}', async (_why, make) => {
    const r = await me(await make());
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: expect.any(String), code: expect.any(String) });
  });

  it('a request without the Bearer scheme is 401', async () => {
    const s = await signIn(t.app, DEMO.user);
    const r = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Basic ${s.accessToken}` } });
    expect(r.statusCode).toBe(401);
  });
});
