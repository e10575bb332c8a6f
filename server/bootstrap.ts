import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { createDb, migrateToLatest } from './db/database';
import { createMailer } from './mail/mailer';
import { TokenService } from './auth/tokens';
import { AuthService } from './auth/auth.service';
import type { AppDeps } from './context';
import { LiveHub, localTransport } from './live/hub';
import { pgTransport } from './live/pg-transport';

/** The JWT secret: configured, or generated once and kept under DATA_DIR so restarts keep sessions. */
function resolveSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function createDeps(config: Config, opts: { sqliteFile?: string; log?: (line: string) => void } = {}): Promise<AppDeps & { close(): Promise<void> }> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const { db, dialect } = createDb({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: opts.sqliteFile ?? path.join(config.DATA_DIR, 'sitewatch.db'),
  });
  await migrateToLatest(db);
  const secret = resolveSecret(config);
  const mailer = createMailer({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log });
  const tokens = new TokenService(secret, config.ACCESS_TOKEN_TTL);
  const auth = new AuthService({ db, config, mailer, tokens, secret, log });
  const live = new LiveHub(config.DATABASE_URL ? pgTransport(config.DATABASE_URL) : localTransport());
  await live.start();
  const close = async () => {
    await live.close();
    await db.destroy();
  };
  return { db, dialect, config, mailer, auth, live, close };
}
