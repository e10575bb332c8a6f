import type { Selectable } from 'kysely';
import type { Db } from './database';
import type { ExportJobsTable } from './exports.schema';

export type ExportJobRow = Selectable<ExportJobsTable>;

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
