import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true');

/** http:// is only for an identity provider on this machine (tests, local development); anything else must be https. */
export const isLoopbackUrl = (u: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);

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
  HOST: z.string().min(1).default('0.0.0.0'),
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
  /** Seconds an export worker holds a job between progress reports; a crashed worker's job waits this long to be taken up (tests shorten it). */
  EXPORT_LEASE_S: z.coerce.number().int().min(1).max(3600).default(60),
  /** Screenshot comparisons only: the server's clock stands still at this ISO instant (server/clock.ts). */
  FROZEN_NOW: z.iso.datetime({ offset: true, message: 'must be an ISO instant such as 2026-06-15T09:30:00Z' }).transform((v) => Date.parse(v)).optional(),
  ...oidcEnv('FACEBOOK'),
  ...oidcEnv('GOOGLE'),
  ...oidcEnv('AUTH0'),
});

export type Config = z.infer<typeof envSchema> & { mailMode: 'smtp' | 'outbox' };

export class ConfigError extends Error {}

/** Validates the environment; the message names every bad variable so start-up failures are obvious. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') picked[key] = v;
  }
  const parsed = envSchema
    .superRefine((v, ctx) => {
      if (v.FROZEN_NOW !== undefined && env.NODE_ENV === 'production') {
        ctx.addIssue({ code: 'custom', path: ['FROZEN_NOW'], message: 'is for screenshot tests only and is refused when NODE_ENV=production' });
      }
      if (v.FROZEN_NOW !== undefined && v.SIMULATE) {
        ctx.addIssue({ code: 'custom', path: ['FROZEN_NOW'], message: 'needs SIMULATE=false (live readings cannot arrive while the clock stands still)' });
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
