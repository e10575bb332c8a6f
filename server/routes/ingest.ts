import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { PUBLIC, type AppDeps } from '../context';
import { badRequest, parse, unauthorized } from '../errors';
import { sha256 } from '../auth/secrets';
import { hubOfApiKey, hubsOfFeeds } from '../db/hub-api-keys.repository';
import { storeReadings } from '../monitoring/ingest';
import { publishStored } from '../live/publish';
import { ingestRequest } from '../../src/api/contract/monitoring';

/** Readings may be at most this far ahead of the server's clock (hub clocks drift). */
export const INGEST_MAX_FUTURE_MS = 5 * 60_000;
/** Readings older than this are refused: backfills beyond it are a data migration, not ingest. */
export const INGEST_MAX_AGE_MS = 730 * 86_400_000;

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
  // The key is checked before the body is read: a caller without one cannot make the server
  // receive and parse 4 MB.
  const hubOfRequest = new WeakMap<object, string>();
  const checkKey = async (req: { headers: Record<string, string | string[] | undefined> } & object) => {
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || key.length === 0) throw unauthorized('An X-Api-Key header is required', 'invalid_api_key');
    const hubId = key.length <= 200 ? await hubOfApiKey(db, sha256(key)) : undefined;
    if (!hubId) throw unauthorized('This API key is not valid or has been revoked', 'invalid_api_key');
    hubOfRequest.set(req, hubId);
  };
  app.post('/api/ingest', { ...PUBLIC, bodyLimit: 4 * 1024 * 1024, onRequest: checkKey }, async (req) => {
    const hubId = hubOfRequest.get(req)!;

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
    const { alerts, ...stored } = await storeReadings(db, rows, { seenAt: now });
    // Open streams see the readings and the alerts they moved once they are committed (a repeat is harmless there).
    void publishStored(db, deps.live, rows, alerts).catch((e: unknown) => req.log.error({ err: e }, 'live publish failed'));
    return { data: stored };
  });
}
