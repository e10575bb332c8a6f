import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true');

/**
 * Loopback: 127.0.0.0/8, ::1 and `localhost` names (RFC 6761 keeps them on this machine), in any spelling a URL
 * normalises to the same address ("0:0:0:0:0:0:0:1", "[::1]"). The one test of "only this machine reaches it".
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  // A path, query, user or port would let the URL below read a loopback name out of something else.
  if (!bare || /[/?#@\s]/.test(bare)) return false;
  let name: string;
  try {
    name = new URL(`http://${bare.includes(':') ? `[${bare}]` : bare}`).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
  return name === 'localhost' || name.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(name) || name === '::1';
}

/** http:// is only for an identity provider on this machine (tests, local development); anything else must be https. */
export const isLoopbackUrl = (u: URL) => isLoopbackHost(u.hostname);

const issuerUrl = z
  .string()
  .url('must be the issuer URL, such as https://accounts.google.com')
  .refine((v) => {
    if (!URL.canParse(v)) return true; // .url() has said so already
    const u = new URL(v);
    return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackUrl(u));
  }, 'must be https:// (http:// only for localhost or 127.0.0.1)');

/** OIDC_<P>_ISSUER, _CLIENT_ID, _CLIENT_SECRET: an unset issuer means the provider is not offered. */
function oidcEnv<P extends string>(p: P) {
  return {
    [`OIDC_${p}_ISSUER`]: issuerUrl.optional(),
    [`OIDC_${p}_CLIENT_ID`]: z.string().min(1).max(512).optional(),
    [`OIDC_${p}_CLIENT_SECRET`]: z.string().min(1).max(1024).optional(),
  } as Record<`OIDC_${P}_ISSUER` | `OIDC_${P}_CLIENT_ID` | `OIDC_${P}_CLIENT_SECRET`, z.ZodOptional<z.ZodString>>;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Listen address; unset: 127.0.0.1 while the dev outbox or the demo accounts are on (see `openDoors`), else 0.0.0.0. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Sitewatch <no-reply@sitewatch.test>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url('must be a URL such as http://localhost:8080').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL: z.coerce.number().int().min(300).default(30 * 24 * 3600),
  /** scrypt cost as log2(N); production default 17 (N = 2^17). Tests lower it. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: bool.default(true),
  /** Days of history, all raw, for every device of the demo world; unset: 90 days of hourly and daily rollups for every device, raw readings for 90 days on fridges and 7 on the rest. */
  SEED_DAYS: z.coerce.number().int().min(1).max(730).optional(),
  /** The simulator appends live readings while the server runs (0 turns it off). */
  SIMULATE: bool.default(true),
  /** Seconds between the simulator's readings (hubs of the demo report every 900 s; 60 keeps screens lively). */
  SIMULATE_PERIOD_S: z.coerce.number().int().min(5).max(3600).default(60),
  STATIC_DIR: z.string().default('./dist'),
  /** The deployment's id, answered by /api/health; unset: a digest of the client's index.html. */
  BUILD_ID: z.string().trim().min(1).max(100).optional(),
  /**
   * Behind a reverse proxy: which hops to believe for the client's address and protocol (X-Forwarded-For/-Proto).
   * A number of hops ("1"), or the proxies' addresses or CIDR ranges ("10.0.0.1,10.0.0.0/8"); unset: none, every
   * request is from its socket's address (behind a proxy that would put every client in one rate-limit bucket).
   */
  TRUST_PROXY: z
    .string()
    .max(2000)
    .refine((v) => /^\d{1,2}$/.test(v) || v.split(',').every((a) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a.trim())), 'must be a hop count such as 1, or proxy addresses or CIDR ranges separated by commas')
    .optional(),
  /**
   * Days of raw readings kept (whole local days of each site); older ones are deleted hourly, on PostgreSQL whole
   * months at a time, while the rollups (15-minute, hourly, daily) stay. Unset: every raw reading is kept.
   */
  RAW_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  /** Seconds an export worker holds a job between progress reports; a crashed worker's job waits this long to be taken up (tests shorten it). */
  EXPORT_LEASE_S: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * A public demo on purpose: with it, a server others can reach (a PUBLIC_URL that is not a local address, a HOST that
   * is not loopback, or NODE_ENV=production) may still run the dev outbox and the demo accounts, and says so loudly at
   * start. Without it, it refuses to start.
   */
  DEMO: bool.default(false),
  /** Screenshot comparisons only: the server's clock stands still at this ISO instant (server/clock.ts). */
  FROZEN_NOW: z.iso.datetime({ offset: true, message: 'must be an ISO instant such as 2026-06-15T09:30:00Z' }).transform((v) => Date.parse(v)).optional(),
  ...oidcEnv('FACEBOOK'),
  ...oidcEnv('GOOGLE'),
  ...oidcEnv('AUTH0'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'HOST'> & { HOST: string; mailMode: 'smtp' | 'outbox' };

export class ConfigError extends Error {}

/** Fastify's `trustProxy` from TRUST_PROXY: false, the nearest `n` hops, or the proxies' addresses. */
export function trustProxyOf(config: Pick<Config, 'TRUST_PROXY'>): boolean | string[] | ((address: string, hop: number) => boolean) {
  const v = config.TRUST_PROXY;
  if (!v) return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v.split(',').map((a) => a.trim()).filter(Boolean);
}

/** A URL whose host is loopback: a server only this machine reaches. */
export const isLocalUrl = (url: string): boolean => URL.canParse(url) && isLoopbackUrl(new URL(url));

/** What a demo leaves open to whoever reaches the server: the dev outbox (no SMTP_URL) and the demo accounts (SEED). */
const openDoors = (v: { SMTP_URL?: string; SEED: boolean }) =>
  [v.SMTP_URL ? null : 'the development outbox (SMTP_URL is unset)', v.SEED ? 'the demo accounts with their known password (SEED)' : null].filter((d) => d !== null);

/** Why others than this machine reach the server (told so, addressed by a public URL, or listening beyond loopback); empty when none. */
const reachedBecause = (v: { PUBLIC_URL?: string; HOST: string }, nodeEnv: string | undefined) =>
  [
    v.PUBLIC_URL !== undefined && !isLocalUrl(v.PUBLIC_URL) ? `PUBLIC_URL ${v.PUBLIC_URL} is not a local address` : null,
    isLoopbackHost(v.HOST) ? null : `HOST ${v.HOST} listens beyond this machine`,
    nodeEnv === 'production' ? 'NODE_ENV is production' : null,
  ].filter((r) => r !== null);

/** The open doors of a demo that a public server keeps open because DEMO=true says so: the start-up warning names them. */
export function publicDemoWarning(config: Config, nodeEnv = process.env.NODE_ENV): string | null {
  if (!config.DEMO || !reachedBecause(config, nodeEnv).length) return null;
  const open = [config.mailMode === 'outbox' ? 'every mail (sign-in codes, reset links) is readable at /dev/mail and /api/dev/outbox' : null, config.SEED ? 'the demo accounts sign in with the published password' : null].filter(Boolean);
  const where =
    config.PUBLIC_URL !== undefined && !isLocalUrl(config.PUBLIC_URL) ? config.PUBLIC_URL
    : isLoopbackHost(config.HOST) ? 'a production server'
    : ['0.0.0.0', '::'].includes(config.HOST) ? `every address of this machine (HOST=${config.HOST})`
    : `HOST=${config.HOST}`;
  return open.length ? `WARNING: PUBLIC DEMO (DEMO=true) at ${where}: ${open.join('; ')}. Never keep real data here.` : null;
}

/** Validates the environment; the message names every bad variable so start-up failures are obvious. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') picked[key] = v;
  }
  const parsed = envSchema
    // A demo's doors stay on this machine unless HOST says otherwise, which the check below then weighs.
    .transform((v) => ({ ...v, HOST: v.HOST ?? (openDoors(v).length ? '127.0.0.1' : '0.0.0.0') }))
    .superRefine((v, ctx) => {
      if (v.FROZEN_NOW !== undefined && env.NODE_ENV === 'production') {
        ctx.addIssue({ code: 'custom', path: ['FROZEN_NOW'], message: 'is for screenshot tests only and is refused when NODE_ENV=production' });
      }
      if (v.FROZEN_NOW !== undefined && v.SIMULATE) {
        ctx.addIssue({ code: 'custom', path: ['FROZEN_NOW'], message: 'needs SIMULATE=false (live readings cannot arrive while the clock stands still)' });
      }
      const open = openDoors(v);
      const reached = reachedBecause(v, env.NODE_ENV);
      if (open.length && reached.length && !v.DEMO) {
        const hostOnly = reached.length === 1 && !isLoopbackHost(v.HOST);
        ctx.addIssue({
          code: 'custom',
          path: ['DEMO'],
          message: `${reached.join(' and ')}, yet ${open.join(' and ')} would give anyone these accounts. Set SMTP_URL and SEED=false, or DEMO=true to run a public demo knowingly${hostOnly ? ' (HOST=0.0.0.0 DEMO=true in a container), or leave HOST unset to listen on 127.0.0.1 only' : ''}.`,
        });
      }
      for (const p of ['FACEBOOK', 'GOOGLE', 'AUTH0'] as const) {
        if (v[`OIDC_${p}_ISSUER`] && !v[`OIDC_${p}_CLIENT_ID`]) {
          ctx.addIssue({ code: 'custom', path: [`OIDC_${p}_CLIENT_ID`], message: `is required when OIDC_${p}_ISSUER is set` });
        }
      }
    })
    .safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, mailMode: parsed.data.SMTP_URL ? 'smtp' : 'outbox' };
}
