import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { dueSchedules, moveScheduleOn, type ExportScheduleRow } from '../db/export-schedules.repository';
import { findSite } from '../db/sites.repository';
import { DAY, wallTime, wallToInstant } from '../monitoring/time';
import { createExportJob, type ExportJobRow } from './export-jobs';
import type { ReadingsRequest } from '../../src/api/contract/monitoring';
import type { ScheduleEvery } from '../../src/api/contract/export-schedules';

/** Due schedules one pass queues at most; the rest wait for the next pass (seconds later). */
const PASS_LIMIT = 100;

/**
 * The k-th run of a schedule made at `anchor` (k = 0 is the anchor itself), in the site's wall time so a run keeps its
 * local hour across daylight-saving changes: weekly every 7 days, monthly the same day of the month, or the month's
 * last day when it has fewer (a schedule made on the 31st runs on 30 April, then on 31 May).
 */
export function occurrence(anchor: number, every: ScheduleEvery, k: number, zone: string): number {
  const wall = wallTime(anchor, zone);
  if (every === 'week') return wallToInstant(wall + k * 7 * DAY, zone);
  const d = new Date(wall);
  const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const month = d.getUTCMonth() + k;
  const last = new Date(Date.UTC(d.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return wallToInstant(Date.UTC(d.getUTCFullYear(), month, Math.min(d.getUTCDate(), last)) + (wall - dayStart), zone);
}

/** The index of the first run after `t` (at least 1: the anchor is not a run). */
export function runIndexAfter(anchor: number, every: ScheduleEvery, t: number, zone: string): number {
  const period = every === 'week' ? 7 * DAY : 31 * DAY;
  let k = Math.max(1, Math.floor((t - anchor) / period) - 1);
  while (occurrence(anchor, every, k, zone) <= t) k++;
  return k;
}

/** When a schedule made (or changed) at `anchor` first runs after `t`. */
export const nextRunAfter = (anchor: number, every: ScheduleEvery, t: number, zone: string): number =>
  occurrence(anchor, every, runIndexAfter(anchor, every, t, zone), zone);

/**
 * Queues the export of every due schedule as a normal job (the same queue and worker as the site dashboard's Export),
 * owned by the schedule's maker and mailed to its recipients. Each run exports the period that just ended, from the
 * previous run to this one. A schedule behind by several runs (the server was down) queues one job, for the latest:
 * a burst of stale exports would only fill the recipients' mail. The schedule's next run moves on in the same
 * transaction as the job is queued, so a pass that crashes queues nothing, and PostgreSQL instances skip schedules
 * another is queuing: one job per run. Answers the jobs queued.
 */
export async function scheduleTick(deps: Pick<AppDeps, 'db' | 'dialect' | 'auth'>, now: () => number = () => deps.auth.now()): Promise<ExportJobRow[]> {
  const t = now();
  return deps.db.transaction().execute(async (trx) => {
    const due = await dueSchedules(trx, deps.dialect, t, PASS_LIMIT);
    const queued: ExportJobRow[] = [];
    for (const s of due) queued.push(...(await queueRun(trx, s, t)));
    return queued;
  });
}

async function queueRun(db: Db, s: ExportScheduleRow, t: number): Promise<ExportJobRow[]> {
  const site = await findSite(db, s.siteId);
  if (!site) return [];
  const anchor = Number(s.anchorAt);
  const next = runIndexAfter(anchor, s.every, t, site.timezone);
  const runAt = occurrence(anchor, s.every, next - 1, site.timezone);
  const from = occurrence(anchor, s.every, next - 2, site.timezone);
  if (!(await moveScheduleOn(db, s.id, s.nextRunAt, { nextRunAt: occurrence(anchor, s.every, next, site.timezone), lastRunAt: t }))) return [];
  const query = { ...(JSON.parse(s.query) as ReadingsRequest), from: new Date(from).toISOString(), to: new Date(runAt).toISOString() };
  const job = await createExportJob(
    db,
    { companyId: s.companyId, siteId: s.siteId, userId: s.createdBy, kind: s.kind, query, recipients: JSON.parse(s.recipients) as string[], scheduleId: s.id },
    t,
  );
  return [job];
}
