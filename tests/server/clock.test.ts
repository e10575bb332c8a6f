import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { ConfigError, loadConfig } from '../../server/config';
import { freezeClock, now } from '../../server/clock';
import { TokenService } from '../../server/auth/tokens';
import { audit } from '../../server/db/audit.repository';
import { planWorld } from '../../server/seed/plan';
import { STEP_MS } from '../../server/seed/patterns';
import { DEMO, TEST_JWT_SECRET, buildTestApp, call, signIn, type TestApp } from './helpers';

// Months before today, so a token issued then is long expired by the real clock.
const FROZEN = Date.parse('2026-06-15T09:30:00Z');

describe('FROZEN_NOW (screenshot comparisons only)', () => {
  it('is an ISO instant, read as epoch milliseconds', () => {
    expect(loadConfig({ FROZEN_NOW: '2026-06-15T10:30:00+01:00', SIMULATE: 'false' }).FROZEN_NOW).toBe(FROZEN);
    expect(loadConfig({}).FROZEN_NOW).toBeUndefined();
    expect(() => loadConfig({ FROZEN_NOW: '15/06/2026', SIMULATE: 'false' })).toThrow(/FROZEN_NOW: must be an ISO instant/);
  });

  it('is refused in production, and while the simulator would add live readings', () => {
    expect(() => loadConfig({ FROZEN_NOW: '2026-06-15T09:30:00Z', SIMULATE: 'false', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ FROZEN_NOW: '2026-06-15T09:30:00Z', SIMULATE: 'false', NODE_ENV: 'production' })).toThrow(/FROZEN_NOW: is for screenshot tests only/);
    expect(() => loadConfig({ FROZEN_NOW: '2026-06-15T09:30:00Z' })).toThrow(/FROZEN_NOW: needs SIMULATE=false/);
  });
});

describe('access tokens read the clock they are given, to sign and to verify', () => {
  it('expire by that clock, not by the wall clock', async () => {
    let at = FROZEN;
    const tokens = new TokenService(TEST_JWT_SECRET, 900, () => at);
    const token = await tokens.sign({ sub: 'u1', cid: null, role: 'admin', fam: 'f1' });
    expect(decodeJwt(token)).toMatchObject({ iat: FROZEN / 1000, exp: FROZEN / 1000 + 900 });
    expect(await tokens.verify(token)).toMatchObject({ sub: 'u1', fam: 'f1' });
    at = FROZEN + 901_000;
    expect(await tokens.verify(token)).toBeNull();
  });
});

describe('a frozen server clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    freezeClock(FROZEN);
    t = await buildTestApp();
  });
  afterAll(async () => {
    freezeClock(null);
    await t.close();
  });

  it('stands still', () => {
    expect(now()).toBe(FROZEN);
  });

  it('anchors the seed: accounts, invitations and the world history end at the frozen instant', async () => {
    const invited = await t.deps.db.selectFrom('memberships').select('invitedAt').where('invitedAt', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(invited.invitedAt)).toBe(FROZEN - 2 * 86_400_000);
    expect(planWorld([{ id: 'c', name: 'Northwind Care Homes', customerType: 'UKE', timezone: 'Europe/London' }], { sites: 1 }).end).toBe(Math.floor(FROZEN / STEP_MS) * STEP_MS);
  });

  it('issues sessions whose tokens are valid at the frozen instant, and stamps sign-ins and audit entries with it', async () => {
    const s = await signIn(t.app, DEMO.manager);
    expect(decodeJwt(s.accessToken).iat).toBe(FROZEN / 1000);
    const me = await call(t.app, 'GET', '/api/me', undefined, s.accessToken);
    expect(me.status).toBe(200);
    const user = await t.deps.db.selectFrom('users').select('lastLoginAt').where('email', '=', DEMO.manager).executeTakeFirstOrThrow();
    expect(Number(user.lastLoginAt)).toBe(FROZEN);
    await audit(t.deps.db, { actorUserId: null }, { companyId: null, action: 'test.clock' });
    const entry = await t.deps.db.selectFrom('auditLog').select('at').where('action', '=', 'test.clock').executeTakeFirstOrThrow();
    expect(Number(entry.at)).toBe(FROZEN);
  });
});
