import type { Selectable, Updateable } from 'kysely';
import type { Db, Dialect } from './database';
import type { ExportJobsTable } from './exports.schema';

export type ExportJobRow = Selectable<ExportJobsTable>;
export type ExportJobChange = Updateable<ExportJobsTable>;

export const findExportJob = (db: Db, id: string): Promise<ExportJobRow | undefined> => db.selectFrom('exportJobs').selectAll().where('id', '=', id).executeTakeFirst();

/** One person's jobs in one company (a site's alone when asked), newest first unless asked oldest first, and their count. */
export async function jobsOf(
  db: Db,
  who: { companyId: string; userId: string },
  q: { siteId?: string | undefined; sort?: string | undefined; limit: number; offset: number },
): Promise<{ rows: ExportJobRow[]; total: number }> {
  let base = db.selectFrom('exportJobs').where('companyId', '=', who.companyId).where('userId', '=', who.userId);
  if (q.siteId) base = base.where('siteId', '=', q.siteId);
  const rows = await base.selectAll().orderBy('createdAt', q.sort === 'createdAt' ? 'asc' : 'desc').orderBy('id').limit(q.limit).offset(q.offset).execute();
  const count = await base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

export async function insertExportJob(db: Db, row: ExportJobRow): Promise<void> {
  await db.insertInto('exportJobs').values(row).execute();
}

/**
 * The oldest Pending job due now that no worker holds. Inside the caller's transaction: PostgreSQL instances skip what
 * another is claiming.
 */
export async function nextDueExportJob(trx: Db, dialect: Dialect, now: number): Promise<ExportJobRow | undefined> {
  let q = trx
    .selectFrom('exportJobs')
    .selectAll()
    .where('status', '=', 'Pending')
    .where('notBefore', '<=', now)
    .where((e) => e.or([e('leaseUntil', 'is', null), e('leaseUntil', '<', now)]))
    .orderBy('createdAt')
    .limit(1);
  if (dialect === 'postgres') q = q.forUpdate().skipLocked();
  return q.executeTakeFirst();
}

export async function updateExportJob(db: Db, id: string, change: ExportJobChange): Promise<void> {
  await db.updateTable('exportJobs').set(change).where('id', '=', id).execute();
}

/** Changes a job that is still Pending: false when it is not (another worker finished it), and then nothing changed. */
export async function updatePendingExportJob(db: Db, id: string, change: ExportJobChange): Promise<boolean> {
  const r = await db.updateTable('exportJobs').set(change).where('id', '=', id).where('status', '=', 'Pending').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
