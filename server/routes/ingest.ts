import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../context';
import { claimsOf, PUBLIC } from '../context';
import { badRequest, notFound, parse, unauthorized } from '../errors';
import { newId, randomToken, sha256 } from '../auth/secrets';
import { audit } from '../db/audit.repository';
import { apiKeysOfHub, findHubApiKey, hubOfApiKey, hubsOfFeeds, insertHubApiKey, revokeHubApiKey } from '../db/hub-api-keys.repository';
import { storeReadings } from '../monitoring/ingest';
import { managedHub } from '../monitoring/site-access';
import { createHubApiKeyRequest, ingestRequest } from '../../src/api/contract/monitoring';
import { id } from '../../src/api/contract/common';

/** Readings may be at most this far ahead of the server's clock (hub clocks drift). */
export const INGEST_MAX_FUTURE_MS = 5 * 60_000;
/** Readings older than this are refused: backfills beyond it are a data migration, not ingest. */
export const INGEST_MAX_AGE_MS = 730 * 86_400_000;
/** The prefix tells a leaked key apart in logs and secret scanners. */
export const API_KEY_PREFIX = 'swk_';

const hubParams = z.object({ id });
const hubKeyParams = z.object({ id, keyId: id });

export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

const refuse = (problems: RowProblem[], total: number) => {
  const first = problems[0]!;
  return badRequest(
    `${problems.length} of ${total} readings are invalid, so none was stored. readings.${first.row}.${first.field}: ${first.message}`,
    problems,
  );
};

/** The contract's checks, with problems inside rows reported as { row, field, message } like the semantic ones. */
function parseIngest(body: unknown): z.infer<typeof ingestRequest> {
  const result = ingestRequest.safeParse(body ?? {});
  if (result.success) return result.data;
  const rows: RowProblem[] = [];
  for (const issue of result.error.issues) {
    const [top, row, field] = issue.path;
    if (top !== 'readings' || typeof row !== 'number') return parse(ingestRequest, body);
    const name = field !== undefined ? String(field) : issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'row';
    rows.push({ row, field: name, message: issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message });
  }
  throw refuse(rows, Array.isArray((body as { readings?: unknown }).readings) ? (body as { readings: unknown[] }).readings.length : rows.length);
}

export async function ingestRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;

  // 10,000 readings with ISO times and UUIDs are about 1 MB, the default body limit.
  // A hub's API key (X-Api-Key), not a session, authenticates ingest.
  app.post('/api/ingest', { ...PUBLIC, bodyLimit: 4 * 1024 * 1024 }, async (req) => {
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || key.length === 0) throw unauthorized('An X-Api-Key header is required', 'invalid_api_key');
    const hubId = key.length <= 200 ? await hubOfApiKey(db, sha256(key)) : undefined;
    if (!hubId) throw unauthorized('This API key is not valid or has been revoked', 'invalid_api_key');

    const { readings } = parseIngest(req.body);
    const now = deps.auth.now();
    // PostgreSQL text cannot hold NUL: such an id is refused before it reaches a query.
    const hubOf = await hubsOfFeeds(db, [...new Set(readings.map((r) => r.feedId).filter((f) => !f.includes('\u0000')))]);
    const problems: RowProblem[] = [];
    const rows = readings.map((r, row) => {
      const ts = typeof r.ts === 'number' ? r.ts : Date.parse(r.ts);
      if (hubOf.get(r.feedId) !== hubId) problems.push({ row, field: 'feedId', message: 'is not a feed of this hub' });
      if (ts > now + INGEST_MAX_FUTURE_MS) problems.push({ row, field: 'ts', message: 'is more than 5 minutes in the future' });
      else if (ts < now - INGEST_MAX_AGE_MS) problems.push({ row, field: 'ts', message: 'is more than 2 years old' });
      return { feedId: r.feedId, ts, value: r.value };
    });
    if (problems.length) throw refuse(problems, readings.length);
    return { data: await storeReadings(db, rows, { seenAt: now }) };
  });

  app.post('/api/hubs/:id/api-keys', async (req, reply) => {
    const { id: hubId } = parse(hubParams, req.params);
    const { label } = parse(createHubApiKeyRequest, req.body);
    const claims = claimsOf(req);
    const hub = await managedHub(db, claims, hubId);
    const key = `${API_KEY_PREFIX}${randomToken(32)}`;
    const row = { id: newId(), hubId, keyHash: sha256(key), label: label ?? '', createdAt: deps.auth.now() };
    await insertHubApiKey(db, row);
    await audit(db, claims, { companyId: hub.companyId, action: 'hub-api-key.create', detail: `hub ${hubId} key ${row.id}` });
    return reply.code(201).send({ data: { id: row.id, key, label: row.label, createdAt: new Date(row.createdAt).toISOString() } });
  });

  app.get('/api/hubs/:id/api-keys', async (req) => {
    const { id: hubId } = parse(hubParams, req.params);
    await managedHub(db, claimsOf(req), hubId);
    return { data: (await apiKeysOfHub(db, hubId)).map(toSummary) };
  });

  app.delete('/api/hubs/:id/api-keys/:keyId', async (req) => {
    const { id: hubId, keyId } = parse(hubKeyParams, req.params);
    const claims = claimsOf(req);
    const hub = await managedHub(db, claims, hubId);
    const before = await findHubApiKey(db, hubId, keyId);
    if (!before) throw notFound('API key not found');
    if (before.revokedAt === null) {
      await revokeHubApiKey(db, hubId, keyId, deps.auth.now());
      await audit(db, claims, { companyId: hub.companyId, action: 'hub-api-key.revoke', detail: `hub ${hubId} key ${keyId}` });
    }
    return { data: toSummary((await findHubApiKey(db, hubId, keyId))!) };
  });
}

const toSummary = (k: { id: string; label: string; createdAt: number; revokedAt: number | null }) => ({
  id: k.id,
  label: k.label,
  createdAt: new Date(Number(k.createdAt)).toISOString(),
  revokedAt: k.revokedAt === null ? null : new Date(Number(k.revokedAt)).toISOString(),
});
