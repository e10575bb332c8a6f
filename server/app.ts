import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { authenticateRoutes, PUBLIC, type AppDeps } from './context';
import { AppError } from './errors';
import { audit } from './db/audit.repository';
import { authRoutes } from './routes/auth';
import { companyRoutes } from './routes/companies';
import { whiteLabelRoutes } from './routes/white-label';
import { devRoutes } from './routes/dev';
import { profileRoutes } from './routes/profile';
import { externalLoginRoutes } from './routes/external-login';
import { readingsRoutes } from './routes/readings';
import { ingestRoutes } from './routes/ingest';
import { siteRoutes } from './routes/sites';
import { dashboardRoutes } from './routes/dashboard';
import { searchRoutes } from './routes/search';
import { auditRoutes } from './routes/audit';
import { streamRoutes } from './routes/stream';
import { alertEventRoutes } from './routes/alert-events';
import { alertLinkRoutes } from './routes/alert-links';
import { invitationRoutes } from './routes/invitations';
import { locateRoutes } from './routes/locate';
import { reportRoutes } from './routes/reports';
import { exportRoutes } from './routes/exports';
import { sharedPageHeaders, shareRoutes } from './routes/shares';
import { registerResources } from './resources';
import { openApiDocument } from './openapi';
import { idempotency } from './idempotency';
import type { ServerErrorCode } from '../src/api/contract/errors';
import { securityHeaders } from './security-headers';
import { buildIdSource } from './build-id';

/** An error answer's body (the contract's ErrorBody), with one of the contract's codes. */
const errorAnswer = (code: ServerErrorCode, message: string, details?: unknown) => ({ message, code, ...(details ? { details } : {}) });

/** Options of the Fastify instance the app plugin is registered on (server.ts and the tests use the same). */
export const serverOptions = {
  bodyLimit: 1024 * 1024,
  // Host names in paths (white-label settings) may be 253 characters; the default limit is 100.
  routerOptions: { maxParamLength: 300 },
  // What the router refuses before any route (a path parameter over the limit, a malformed URL) answers with the
  // contract's body and code too, not Fastify's own code.
  frameworkErrors: (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) =>
    reply.code(err.statusCode ?? 400).send(errorAnswer('bad_request', err.message)),
};

/**
 * The database refused a write because of a concurrent one: a unique or primary key taken meanwhile (PostgreSQL's
 * unique_violation, SQLite's constraint codes), or PostgreSQL ending one of two transactions that waited on each
 * other (deadlock_detected, serialization_failure).
 */
const CONFLICTS = new Set(['23505', '40P01', '40001', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const isConflict = (err: { code?: unknown }) => typeof err.code === 'string' && CONFLICTS.has(err.code);


/** The whole API (and the built client when present) as one Fastify plugin; server.ts only listens. */
export async function app(fastify: FastifyInstance, deps: AppDeps): Promise<void> {
  const buildId = buildIdSource(deps.config.STATIC_DIR, deps.config.BUILD_ID);
  fastify.decorateRequest('claims', null);
  fastify.decorateRequest('audited', false);

  fastify.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.code(err.statusCode).send(errorAnswer(err.code, err.message, err.details));
    }
    // A write that lost a race to a concurrent one (two creates of one name, two edits of one node's tags on
    // PostgreSQL, where the checks and writes of concurrent requests interleave): the database refused it. A 409, as
    // the check would have answered had the other request finished first; trying again is safe.
    if (isConflict(err)) {
      return reply.code(409).header('Retry-After', '1').send(errorAnswer('conflict', 'This conflicts with a change made at the same moment. Try again.'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(500).send(errorAnswer('internal_error', 'Something went wrong. Please try again later.'));
    }
    // Fastify's own 4xx (malformed JSON, body too large, wrong content type).
    const code = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'payload_too_large' : 'bad_request';
    return reply.code(status).send(errorAnswer(code, err.message));
  });

  // Every write made while shadowing is recorded with both identities: by its handler when it audits itself
  // (management writes name what they changed), else here.
  fastify.addHook('onResponse', async (req, reply) => {
    const c = req.claims;
    if (!c?.act || req.audited || req.method === 'GET' || reply.statusCode >= 400) return;
    if (req.url === '/api/exit-shadow') return;
    await audit(deps.db, c, { companyId: c.cid, action: 'shadow.write', detail: `${req.method} ${req.url}` })
      .catch((e: unknown) => req.log.error({ err: e }, 'audit failed'));
  });

  securityHeaders(fastify);
  sharedPageHeaders(fastify);
  await fastify.register(async (api) => {
    authenticateRoutes(api, deps.auth);
    idempotency(api, deps);
    await authRoutes(api, deps);
    await companyRoutes(api, deps);
    await profileRoutes(api, deps);
    await whiteLabelRoutes(api, deps);
    await externalLoginRoutes(api, deps);
    await devRoutes(api, deps);
    await readingsRoutes(api, deps);
    await ingestRoutes(api, deps);
    await siteRoutes(api, deps);
    await dashboardRoutes(api, deps);
    await searchRoutes(api, deps);
    await auditRoutes(api, deps);
    await streamRoutes(api, deps);
    await alertEventRoutes(api, deps);
    await alertLinkRoutes(api, deps);
    await invitationRoutes(api, deps);
    await locateRoutes(api, deps);
    await reportRoutes(api, deps);
    await exportRoutes(api, deps);
    await shareRoutes(api, deps);
    registerResources(api, deps);
    api.get('/api/health', PUBLIC, async () => ({ data: { ok: true, dialect: deps.dialect, buildId: buildId() } }));
    const doc = openApiDocument();
    api.get('/api/openapi.json', PUBLIC, async () => doc);
  });

  const staticDir = path.resolve(deps.config.STATIC_DIR);
  const hasClient = fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasClient) {
    await fastify.register(fastifyStatic, { root: staticDir, wildcard: false, index: false });
  }

  fastify.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') {
      return reply.code(404).send(errorAnswer('not_found', `No route for ${req.method} ${req.url.split('?')[0]}`));
    }
    if (!hasClient) {
      return reply.code(404).type('text/plain').send('The client is not built. Run `npm run build` (or `npm start`).');
    }
    // The SPA owns every other path; it shows its own not-found page.
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
