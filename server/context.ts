import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Dialect } from './db/database';
import type { Config } from './config';
import type { Mailer } from './mail/mailer';
import type { AuthService } from './auth/auth.service';
import type { AccessClaims } from './auth/tokens';
import type { LiveHub } from './live/hub';
import { audit, type AuditWhat } from './db/audit.repository';

/** What every route plugin is handed. */
export interface AppDeps {
  db: Db;
  dialect: Dialect;
  config: Config;
  mailer: Mailer;
  auth: AuthService;
  /** Live updates to open streams, across instances. */
  live: LiveHub;
}

declare module 'fastify' {
  interface FastifyRequest {
    claims: AccessClaims | null;
    /** The handler wrote its own audit entry, so the shadow-write catch-all need not. */
    audited: boolean;
  }
  interface FastifyContextConfig {
    /** The route answers without a session (sign-in and its kin, white-label, health, ingest by hub key, dev mail). */
    public?: boolean;
    /** The route also answers a wall display's X-Display-Key instead of a bearer token; the handler checks the key. */
    displayKey?: boolean;
  }
}

/** Route options of a route that answers without a session; every other route of the API requires one. */
export const PUBLIC = { config: { public: true } } as const;

/**
 * The one authentication hook: every route registered on `api` needs a valid bearer token of a live session unless it
 * is marked PUBLIC, so a new route is protected by default and cannot forget to be.
 */
export function authenticateRoutes(api: FastifyInstance, auth: AuthService): void {
  api.addHook('preHandler', async (req: FastifyRequest) => {
    if (req.routeOptions.config.public) return;
    // A bearer token, when given, is checked as ever; only a request without one may be a wall's.
    if (req.routeOptions.config.displayKey && req.headers.authorization === undefined && req.headers['x-display-key'] !== undefined) return;
    const h = req.headers.authorization;
    const bearer = h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
    req.claims = await auth.sessions.authenticate(bearer);
  });
}

export function claimsOf(req: FastifyRequest): AccessClaims {
  if (!req.claims) throw new Error('claimsOf on a PUBLIC route: it has no session');
  return req.claims;
}

/** Audits a write of this request with the request's identities (both, while shadowing); see audit(). */
export async function auditRequest(db: Db, req: FastifyRequest, what: AuditWhat): Promise<void> {
  await audit(db, claimsOf(req), what);
  req.audited = true;
}
