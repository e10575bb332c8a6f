import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Dialect } from './db/database';
import type { Config } from './config';
import type { Mailer } from './mail/mailer';
import type { AuthService } from './auth/auth.service';
import type { AccessClaims } from './auth/tokens';

/** What every route plugin is handed. */
export interface AppDeps {
  db: Db;
  dialect: Dialect;
  config: Config;
  mailer: Mailer;
  auth: AuthService;
}

declare module 'fastify' {
  interface FastifyRequest {
    claims: AccessClaims | null;
  }
}

/** preHandler: a valid bearer token whose session is live. */
export function requireAuth(auth: AuthService) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const h = req.headers.authorization;
    const bearer = h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
    req.claims = await auth.sessions.authenticate(bearer);
  };
}

export function claimsOf(req: FastifyRequest): AccessClaims {
  if (!req.claims) throw new Error('route used claimsOf without requireAuth');
  return req.claims;
}
