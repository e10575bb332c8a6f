import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { Db, Dialect } from './database';
import type { ExportSchedulesTable } from './export-schedules.schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import type { ListAnswer } from '../../src/api/contract/list';
import type { EXPORT_SCHEDULE_SORTS, exportScheduleListQuery } from '../../src/api/contract/export-schedules';

export type ExportScheduleRow = Selectable<ExportSchedulesTable>;
export type NewExportSchedule = Insertable<ExportSchedulesTable>;
export type ExportScheduleChange = Updateable<ExportSchedulesTable>;

const SORTS: Record<(typeof EXPORT_SCHEDULE_SORTS)[number], SortColumn> = {
  name: { ref: 'name', text: true },
  every: { ref: 'every', text: true },
  nextRunAt: { ref: 'nextRunAt' },
  createdAt: { ref: 'createdAt' },
};

/** One page of the company's schedules, filtered by site and name, and the count of all. */
export async function listSchedules(db: Db, companyId: string, query: z.infer<typeof exportScheduleListQuery>): Promise<ListAnswer<ExportScheduleRow>> {
  let q = db.selectFrom('exportSchedules').selectAll().where('companyId', '=', companyId);
  if (query.siteId) q = q.where('siteId', '=', query.siteId);
  if (query.q) q = q.where(matchesAll([sql.ref('name')], query.q));
  return pageOf(q, query, SORTS, 'name', 'id');
}

export const findSchedule = (db: Db, companyId: string, id: string): Promise<ExportScheduleRow | undefined> =>
  db.selectFrom('exportSchedules').selectAll().where('id', '=', id).where('companyId', '=', companyId).executeTakeFirst();

export async function insertSchedule(db: Db, row: NewExportSchedule): Promise<void> {
  await db.insertInto('exportSchedules').values(row).execute();
}

export async function updateSchedule(db: Db, id: string, change: ExportScheduleChange): Promise<void> {
  await db.updateTable('exportSchedules').set(change).where('id', '=', id).execute();
}

export async function deleteSchedule(db: Db, id: string): Promise<void> {
  await db.deleteFrom('exportSchedules').where('id', '=', id).execute();
}

/**
 * Up to `limit` schedules due at `t`, the longest waiting first. Inside the caller's transaction: PostgreSQL instances
 * skip schedules another is queuing.
 */
export async function dueSchedules(trx: Db, dialect: Dialect, t: number, limit: number): Promise<ExportScheduleRow[]> {
  let q = trx.selectFrom('exportSchedules').selectAll().where('nextRunAt', '<=', t).orderBy('nextRunAt').orderBy('id').limit(limit);
  if (dialect === 'postgres') q = q.forUpdate().skipLocked();
  return q.execute();
}

/** Changes a schedule whose next run is still `nextRunAt`: false when another pass moved it on first. */
export async function moveScheduleOn(db: Db, id: string, nextRunAt: number, change: ExportScheduleChange): Promise<boolean> {
  const r = await db.updateTable('exportSchedules').set(change).where('id', '=', id).where('nextRunAt', '=', nextRunAt).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
