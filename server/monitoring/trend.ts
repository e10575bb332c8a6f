import { sql } from 'kysely';
import type { Db } from '../db/database';
import { effMaxSql, effMinSql, onlineSql } from '../db/sites.repository';
import { TREND_HOURS, type HourlyTrend } from '../../src/api/contract/monitoring';
import { HOUR } from './time';
import { rawQuery, valuesList } from './sql';

/** Feeds per statement: far below both databases' parameter limits, and one statement for any real company. */
const FEEDS_PER_STATEMENT = 2_000;

interface RollupRow {
  feed_id: string;
  bucket: number;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/** The first hour of the trend window ending at `now`: the current (partial) hour is its last. */
export const trendStart = (now: number): number => Math.floor(now / HOUR) * HOUR - (TREND_HOURS - 1) * HOUR;

/**
 * The last TREND_HOURS hours of each feed as hourly points, read from the '1h' rollups ingest keeps (UTC hours, so
 * no time-zone work). One statement per 2,000 feeds, each a primary-key range per feed: at most 24 rows a feed, never
 * a scan of raw readings.
 */
export async function hourlyTrends(db: Db, feedIds: readonly string[], now: number): Promise<Map<string, HourlyTrend>> {
  const out = new Map<string, HourlyTrend>();
  const ids = [...new Set(feedIds)];
  for (const id of ids) out.set(id, { t: [], avg: [], min: [], max: [] });
  const from = trendStart(now);
  for (let i = 0; i < ids.length; i += FEEDS_PER_STATEMENT) {
    const chunk = ids.slice(i, i + FEEDS_PER_STATEMENT);
    const rows = await rawQuery<RollupRow>(
      db,
      `SELECT feed_id, bucket, "min", "max", "sum", "count" FROM reading_rollups
       WHERE grain = '1h' AND feed_id IN (${valuesList('?', chunk.length)}) AND bucket >= ? AND bucket <= ?
       ORDER BY feed_id, bucket`,
      [...chunk, from, now],
    );
    for (const r of rows) {
      const trend = out.get(r.feed_id)!;
      trend.t.push(Number(r.bucket));
      // Plain means, as the readings engine answers them (sum / count, the same IEEE division).
      trend.avg.push(Number(r.sum) / Number(r.count));
      trend.min.push(Number(r.min));
      trend.max.push(Number(r.max));
    }
  }
  return out;
}

/** What a dashboard tile needs besides its reading: the range it is judged by and whether its node reports now. */
export interface TileFacts {
  rangeMin: number | null;
  rangeMax: number | null;
  online: boolean;
  /** When the node counts as offline if nothing more arrives (3 reporting periods after it was last seen); null if never seen. */
  offlineAt: string | null;
  /** 3 reporting periods of the node's hub, in ms: a reading at `t` keeps the node online until `t` plus this. */
  reportingWindowMs: number;
}

/**
 * The range each feed is judged by (its own, else a fridge probe's site safe range), for the tiles' bands, and whether
 * its node is online (seen within 3 reporting periods of its hub). Only the company's own feeds answer.
 */
export async function tileFacts(db: Db, companyId: string, feedIds: readonly string[], now: number): Promise<Map<string, TileFacts>> {
  const out = new Map<string, TileFacts>();
  const ids = [...new Set(feedIds)];
  for (let i = 0; i < ids.length; i += FEEDS_PER_STATEMENT) {
    const chunk = ids.slice(i, i + FEEDS_PER_STATEMENT);
    const { rows } = await sql<{ feedId: string; effMin: number | null; effMax: number | null; online: number; lastSeenAt: number | string | null; reportingWindow: number | string }>`
      SELECT f.id AS feed_id, ${effMinSql} AS eff_min, ${effMaxSql} AS eff_max, ${onlineSql('n', now)} AS online,
        n.last_seen_at, 3000 * h.reporting_period_s AS reporting_window
      FROM feeds f
      JOIN nodes n ON n.id = f.node_id
      JOIN hubs h ON h.id = n.hub_id
      JOIN sites s ON s.id = n.site_id
      JOIN signal_types st ON st.id = f.signal_type_id
      WHERE f.company_id = ${companyId} AND f.id IN (${sql.join(chunk)})`.execute(db);
    for (const r of rows) {
      const window = Number(r.reportingWindow);
      out.set(r.feedId, {
        rangeMin: r.effMin === null ? null : Number(r.effMin),
        rangeMax: r.effMax === null ? null : Number(r.effMax),
        online: Number(r.online) === 1,
        offlineAt: r.lastSeenAt === null ? null : new Date(Number(r.lastSeenAt) + window).toISOString(),
        reportingWindowMs: window,
      });
    }
  }
  return out;
}
