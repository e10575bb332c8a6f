import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { DEMO, buildTestApp, call, freshIp, type TestApp } from './helpers';

/** Real SMTP: a local SMTP server started by the test receives what nodemailer sends. */
describe('mail over SMTP', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://watch.example.com', DEMO: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the sign-in code through the SMTP server, and the dev outbox is gone', async () => {
    const r = await call(t.app, 'POST', '/api/login', { email: DEMO.admin, password: DEMO.password }, undefined, freshIp());
    expect(r.body.data.requireMFV).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([DEMO.admin]);
    expect(received[0]!.raw).toMatch(/Subject: Your Sitewatch sign-in code/);
    expect(received[0]!.raw).toMatch(/\b\d{6}\b/);
    expect((await call(t.app, 'GET', `/api/dev/outbox?to=${DEMO.admin}`)).status).toBe(404);
    expect((await t.deps.db.selectFrom('mailOutbox').select('id').execute()).length).toBe(0);
  });
});
