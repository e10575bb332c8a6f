import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { redactUrl } from '../../server/log-redact';

/** Tokens in links never reach the request log. */
describe('the request log keeps no secrets', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({}, { log: (line) => lines.push(line) });
  });
  afterAll(() => t.close());

  it('redacts link tokens in paths and query strings, and leaves the rest as it was', () => {
    expect(redactUrl('/api/shared/abcDEF123_-xyz/readings')).toBe('/api/shared/[redacted]/readings');
    expect(redactUrl('/api/alert-links/tok123?x=1')).toBe('/api/alert-links/[redacted]?x=1');
    expect(redactUrl('/api/export-jobs/j1/file?token=secret123&a=b')).toBe('/api/export-jobs/j1/file?token=[redacted]&a=b');
    expect(redactUrl('/resetpassword?email=a%40b.c&token=secret')).toBe('/resetpassword?email=a%40b.c&token=[redacted]');
    expect(redactUrl('/api/sites?limit=10')).toBe('/api/sites?limit=10');
  });

  it('a request with a token in its link is logged without it', async () => {
    const secret = 'S3cretT0kenValue1234567890abcdef';
    await t.app.inject({ method: 'GET', url: `/api/shared/${secret}` });
    await t.app.inject({ method: 'GET', url: `/api/export-jobs/no-such-job/file?token=${secret}` });
    await t.app.inject({ method: 'GET', url: `/resetpassword?token=${secret}` });
    const log = lines.join('\n');
    expect(log).toContain('/api/shared/[redacted]');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain(secret);
  });
});
