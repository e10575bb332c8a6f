import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database';
import type { OutboxMail } from '../../src/api/contract/dev';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  outbox(to?: string): Promise<OutboxMail[]>;
}

/**
 * A nodemailer transport that stores each mail in the outbox table: the development mail of docs/product.md, Demo world.
 * It goes through nodemailer like SMTP does, so the product path is the same in both modes.
 */
function outboxTransport(db: Db, log: (line: string) => void) {
  return {
    name: 'sitewatch-outbox',
    version: '1',
    send(mail: { data: nodemailer.SendMailOptions }, done: (err: Error | null, info?: unknown) => void) {
      const d = mail.data;
      const to = String(d.to ?? '').toLowerCase();
      db.insertInto('mailOutbox')
        .values({ toAddr: to, subject: String(d.subject ?? ''), text: String(d.text ?? ''), html: String(d.html ?? ''), createdAt: Date.now() })
        .execute()
        .then(() => {
          log(`mail to ${to}: ${String(d.subject ?? '')}`);
          done(null, { messageId: `outbox-${Date.now()}` });
        })
        .catch((e: Error) => done(e));
    },
  };
}

export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: (line: string) => void }): Mailer {
  const transporter: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport(outboxTransport(opts.db, opts.log) as never);
  return {
    mode: opts.smtpUrl ? 'smtp' : 'outbox',
    async send(m) {
      await transporter.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    async outbox(to) {
      let q = opts.db.selectFrom('mailOutbox').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(200);
      if (to) q = q.where('toAddr', '=', to);
      const rows = await q.execute();
      return rows.map((r) => ({ to: r.toAddr, subject: r.subject, text: r.text, html: r.html, at: new Date(r.createdAt).toISOString() }));
    },
  };
}
