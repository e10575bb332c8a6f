import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEMO, signIn, type TestApp } from './helpers';

// Found by the fuzz: writes racing each other reached the database's unique index or deadlocked, and
// answered 500. A write that loses such a race is a 409 `conflict` with Retry-After, as the check would have answered
// had the other request finished first (server/app.ts); on both databases.
describe('writes made at the same moment', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await signIn(t.app, DEMO.manager)).accessToken;
  });
  afterAll(() => t?.close());

  it('one create of a name wins; the others are 409 (duplicate, or conflict with Retry-After), never a 500', async () => {
    let conflicts = 0;
    for (let round = 0; round < 5; round++) {
      const name = `Race ${round} ${Date.now()}`;
      const answers = await Promise.all(Array.from({ length: 12 }, () => call(t.app, 'POST', '/api/node-tags', { name, colour: '#1f5fbf' }, token)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(11).fill(409)]);
      for (const a of answers.filter((x) => x.status === 409)) {
        expect(['duplicate', 'conflict']).toContain(a.body.code);
        if (a.body.code === 'conflict') {
          conflicts++;
          expect(a.headers['retry-after']).toBe('1');
          expect(a.body.message).toMatch(/same moment/);
        }
      }
    }
    // On PostgreSQL the check and the insert of twelve requests interleave on their pooled connections; SQLite's one
    // connection runs each resource write's transaction whole, so there a duplicate is always the check's.
    if (process.env.DATABASE_URL) expect(conflicts).toBeGreaterThan(0);
  });

  it('a name with a capital that is not ASCII is refused as a duplicate, not a 500 from the unique index', async () => {
    // The check lowered it in JavaScript ('É' → 'é') and compared it with SQLite's lower(), which folds ASCII only.
    const name = `Éclair ${Date.now()}`;
    expect((await call(t.app, 'POST', '/api/node-tags', { name, colour: '#1f5fbf' }, token)).status).toBe(201);
    const again = await call(t.app, 'POST', '/api/node-tags', { name, colour: '#1f5fbf' }, token);
    expect([again.status, again.body.code]).toEqual([409, 'duplicate']);
  });
});
