import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './context';
import type { Db } from './db/database';
import type { IdempotencyKeysTable } from './db/idempotency.schema';
import { AppError, badRequest } from './errors';
import { sha256 } from './auth/secrets';
import type { AccessClaims } from './auth/tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False: the route ignores Idempotency-Key, because its answer holds a secret the server keeps only hashed. */
    idempotency?: boolean;
  }
}

/** docs/decisions.md, Idempotency-Key: keys are kept 7 days per user and acting company (and shadow). */
export const IDEMPOTENCY_TTL_MS = 7 * 86_400_000;
export const IDEMPOTENCY_KEY_MAX = 255;
/**
 * A claim still 'running' after this long belongs to an instance that died mid-request (no answer took that long);
 * it may be taken over, else the key would stay blocked for 7 days.
 */
export const IDEMPOTENCY_ABANDONED_MS = 10 * 60_000;
/** Answers larger than this are not kept (a big read by POST is cheap to run again, and rows stay small). */
export const IDEMPOTENCY_MAX_ANSWER_BYTES = 1024 * 1024;
/** Expired rows are deleted at most this often per instance, piggybacked on a claim rather than on a timer. */
const PURGE_EVERY_MS = 60 * 60_000;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes whose answer is a session (refresh token) or a key shown once: keeping it for a replay would store in clear
 * what the server otherwise keeps only as a hash. They ignore the header; they are safe to send again anyway or, for
 * a new key, cheap to revoke.
 */
const SECRET_ANSWERS = new Set([
  'POST /api/logout',
  'POST /api/change-password',
  'POST /api/switch-company',
  'POST /api/shadow-company',
  'POST /api/shadow-user',
  'POST /api/exit-shadow',
  'POST /api/hubs/:id/api-keys',
  'POST /api/displays',
  'POST /api/site-dashboard/:id/shares',
]);

/** Whether a route (method and Fastify path, `:id` style) takes the header, for the API document. */
export const acceptsIdempotencyKey = (method: string, url: string): boolean => WRITES.has(method.toUpperCase()) && !SECRET_ANSWERS.has(`${method.toUpperCase()} ${url}`);

/** Whose key it is: the token's user, the company it acts for ('' for none) and the shadowing admin ('' for none). */
export interface KeyRef {
  userId: string;
  companyId: string;
  actorId: string;
  key: string;
}

/**
 * A key belongs to the session's user *as acting now*: a manager of two companies (a token per company) or an admin
 * acting as themselves and as a shadow of the same company would otherwise be answered the other one's stored
 * result, and their write would silently not happen.
 */
export const keyRefOf = (claims: Pick<AccessClaims, 'sub' | 'cid' | 'act'>, key: string): KeyRef => ({
  userId: claims.sub,
  companyId: claims.cid ?? '',
  actorId: claims.act?.sub ?? '',
  key,
});

/** The primary key's columns of a key's row (a caller's object may carry more fields than KeyRef names). */
const keyColumns = (ref: KeyRef) => ({ userId: ref.userId, companyId: ref.companyId, actorId: ref.actorId, key: ref.key });

export type ClaimOutcome =
  | { kind: 'claimed' }
  | { kind: 'replay'; statusCode: number; contentType: string; body: string }
  | { kind: 'mismatch' }
  | { kind: 'running' };

type Row = Pick<IdempotencyKeysTable, 'requestHash' | 'state' | 'statusCode' | 'contentType' | 'body' | 'createdAt'>;

/** JSON with object keys sorted, so the same body sent with its fields in another order is the same request. */
function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_k, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
    ) ?? ''
  );
}

/**
 * What a request asks, hashed: method, URL with its query, body, and the admin acting while shadowing (so a key of a
 * shadow session never replays to the person shadowed, nor the other way round).
 */
export function requestHash(req: Pick<FastifyRequest, 'method' | 'url' | 'body' | 'claims'>): string {
  const body = typeof req.body === 'string' ? req.body : Buffer.isBuffer(req.body) ? req.body.toString('base64') : canonicalJson(req.body);
  return sha256(JSON.stringify([req.method, req.url, req.claims?.act?.sub ?? null, body]));
}

/**
 * Claims a key for a request: a new row in state 'running', or what an earlier use of the key says. Insert-or-nothing
 * on the primary key decides a race on both databases; an expired or abandoned row is taken over by a
 * compare-and-set on its claim time, so two takers cannot both win either.
 */
export async function claimKey(db: Db, ref: KeyRef, hash: string, now: number): Promise<ClaimOutcome> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insertInto('idempotencyKeys')
      .values({ ...keyColumns(ref), requestHash: hash, state: 'running', statusCode: null, contentType: null, body: null, createdAt: now })
      .onConflict((oc) => oc.columns(['userId', 'companyId', 'actorId', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { kind: 'claimed' };

    const row: Row | undefined = await db
      .selectFrom('idempotencyKeys')
      .select(['requestHash', 'state', 'statusCode', 'contentType', 'body', 'createdAt'])
      .where((eb) => eb.and(keyColumns(ref)))
      .executeTakeFirst();
    if (!row) continue; // released or purged between the two statements: claim again
    const expired = row.createdAt <= now - IDEMPOTENCY_TTL_MS;
    const abandoned = row.state === 'running' && row.createdAt <= now - IDEMPOTENCY_ABANDONED_MS;
    if (expired || abandoned) {
      const taken = await db
        .updateTable('idempotencyKeys')
        .set({ requestHash: hash, state: 'running', statusCode: null, contentType: null, body: null, createdAt: now })
        .where((eb) => eb.and(keyColumns(ref)))
        .where('createdAt', '=', row.createdAt)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed' };
      continue;
    }
    if (row.requestHash !== hash) return { kind: 'mismatch' };
    if (row.state === 'running') return { kind: 'running' };
    return { kind: 'replay', statusCode: row.statusCode ?? 200, contentType: row.contentType ?? 'application/json; charset=utf-8', body: row.body ?? '' };
  }
  // Only a storm of simultaneous takeovers gets here; the caller may simply try again.
  return { kind: 'running' };
}

/** Keeps the answer of a claimed key for replays. */
export async function storeAnswer(db: Db, ref: KeyRef, answer: { statusCode: number; contentType: string; body: string }): Promise<void> {
  await db
    .updateTable('idempotencyKeys')
    .set({ state: 'done', statusCode: answer.statusCode, contentType: answer.contentType, body: answer.body })
    .where((eb) => eb.and(keyColumns(ref)))
    .where('state', '=', 'running')
    .execute();
}

/** Gives a claimed key up, so the request may be tried again with it. */
export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db.deleteFrom('idempotencyKeys').where((eb) => eb.and(keyColumns(ref))).where('state', '=', 'running').execute();
}

/** Deletes every key past its 7 days; the created_at index keeps this cheap. */
export async function purgeExpiredKeys(db: Db, now: number): Promise<number> {
  const r = await db.deleteFrom('idempotencyKeys').where('createdAt', '<=', now - IDEMPOTENCY_TTL_MS).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * A final answer worth replaying: not a 5xx (the server failed, a retry should run), nor a 429 or 408 (they say
 * "later", and a replay would repeat that for 7 days).
 */
const keepable = (status: number) => status < 500 && status !== 429 && status !== 408;

/**
 * The request's hash, or a 400 for a body nested thousands of levels deep: JSON.stringify walks it by recursion and
 * overflows the stack (a 500). No contract body nests like that, so the request could only be refused anyway; the 400
 * names the top-level field that holds the nesting, as a schema failure would.
 */
function hashOrRefuse(req: FastifyRequest): string {
  try {
    return requestHash(req);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    const body = req.body;
    const walks = (v: unknown) => {
      try {
        canonicalJson(v);
        return true;
      } catch {
        return false;
      }
    };
    const field = body && typeof body === 'object' && !Array.isArray(body) ? (Object.entries(body).find(([, v]) => !walks(v))?.[0] ?? '') : '';
    throw badRequest(`${field || 'body'}: is nested too deeply`, [{ path: field, message: 'is nested too deeply', code: 'too_deep' }]);
  }
}

const keyProblem = (message: string, code: string, limit: number) =>
  badRequest(`Idempotency-Key: ${message}`, [{ path: 'Idempotency-Key', message, code, limit }]);

/**
 * Idempotency-Key on every signed-in write (docs/decisions.md, Idempotency-Key): registered on the API's scope right after the authentication
 * hook, so the key is claimed per authenticated user and acting company before the handler runs, and the answer is
 * kept in onSend.
 */
export function idempotency(api: FastifyInstance, deps: Pick<AppDeps, 'db' | 'auth'>): void {
  const { db } = deps;
  const claimed = new WeakMap<FastifyRequest, KeyRef>();
  let lastPurge = Number.NEGATIVE_INFINITY;

  const purgeNowAndThen = async (req: FastifyRequest, now: number) => {
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    await purgeExpiredKeys(db, now).catch((e: unknown) => req.log.error({ err: e }, 'idempotency purge failed'));
  };

  const release = async (req: FastifyRequest, ref: KeyRef) => {
    await releaseKey(db, ref).catch((e: unknown) => req.log.error({ err: e }, 'idempotency release failed'));
  };

  api.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers['idempotency-key'];
    if (header === undefined || !WRITES.has(req.method) || !req.claims) return;
    if (req.routeOptions.config.idempotency === false || !acceptsIdempotencyKey(req.method, req.routeOptions.url ?? '')) return;
    const key = Array.isArray(header) ? header.join(', ') : header;
    if (key.length === 0) throw keyProblem('must not be empty', 'too_small', 1);
    if (key.length > IDEMPOTENCY_KEY_MAX) throw keyProblem(`must be at most ${IDEMPOTENCY_KEY_MAX} characters`, 'too_big', IDEMPOTENCY_KEY_MAX);

    const ref = keyRefOf(req.claims, key);
    const now = deps.auth.now();
    const outcome = await claimKey(db, ref, hashOrRefuse(req), now);
    switch (outcome.kind) {
      case 'claimed':
        claimed.set(req, ref);
        await purgeNowAndThen(req, now);
        return;
      case 'mismatch':
        throw new AppError(422, 'idempotency_mismatch', 'This Idempotency-Key was used for another request', [
          { path: 'Idempotency-Key', message: 'was used for another request', code: 'idempotency_mismatch' },
        ]);
      case 'running':
        throw new AppError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still running; try again shortly', undefined, {
          'Retry-After': '1',
        });
      case 'replay':
        // A replay changes nothing, so the shadow-write audit must not record it a second time.
        req.audited = true;
        return reply.code(outcome.statusCode).header('content-type', outcome.contentType).header('idempotent-replayed', 'true').send(outcome.body);
    }
  });

  api.addHook('onSend', async (req, reply, payload) => {
    const ref = claimed.get(req);
    if (!ref) return payload;
    claimed.delete(req);
    const status = reply.statusCode;
    const body = payload === null || payload === undefined ? '' : typeof payload === 'string' ? payload : null;
    if (!keepable(status) || body === null || Buffer.byteLength(body) > IDEMPOTENCY_MAX_ANSWER_BYTES) {
      await release(req, ref);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    try {
      await storeAnswer(db, ref, { statusCode: status, contentType: typeof contentType === 'string' ? contentType : 'application/json; charset=utf-8', body });
    } catch (e) {
      // The write happened and its answer must still reach the client; without a stored answer a retry runs again.
      req.log.error({ err: e }, 'idempotency store failed');
      await release(req, ref);
    }
    return payload;
  });

  // A request that ended without onSend (a hijacked reply, a socket gone before the answer) gives its key up.
  api.addHook('onResponse', async (req) => {
    const ref = claimed.get(req);
    if (!ref) return;
    claimed.delete(req);
    await release(req, ref);
  });
}
