import { sql, type Updateable } from 'kysely';
import type { Db } from './database';
import type { WhiteLabelRow, WhiteLabelSettingsTable } from './schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import type { ListAnswer, ListParams } from '../../src/api/contract/list';
import type { WHITE_LABEL_SORTS } from '../../src/api/contract/white-label';

export type WhiteLabelChange = Updateable<WhiteLabelSettingsTable>;

const SORTS: Record<(typeof WHITE_LABEL_SORTS)[number], SortColumn> = {
  domain: { ref: 'domain', text: true },
  websiteTitle: { ref: 'websiteTitle', text: true },
  updatedAt: { ref: 'updatedAt' },
};

export const findWhiteLabel = (db: Db, domain: string): Promise<WhiteLabelRow | undefined> =>
  db.selectFrom('whiteLabelSettings').selectAll().where('domain', '=', domain).executeTakeFirst();

/** One page of the rows whose host name or title holds every word of the filter. */
export async function listWhiteLabels(db: Db, params: ListParams<(typeof WHITE_LABEL_SORTS)[number]>): Promise<ListAnswer<WhiteLabelRow>> {
  let q = db.selectFrom('whiteLabelSettings').selectAll();
  if (params.q) q = q.where(matchesAll([sql.ref('domain'), sql.ref('websiteTitle')], params.q));
  return pageOf(q, params, SORTS, 'domain', 'domain');
}

export async function insertWhiteLabel(db: Db, row: WhiteLabelRow): Promise<void> {
  await db.insertInto('whiteLabelSettings').values(row).execute();
}

export async function updateWhiteLabel(db: Db, domain: string, change: WhiteLabelChange): Promise<void> {
  await db.updateTable('whiteLabelSettings').set(change).where('domain', '=', domain).execute();
}

export async function deleteWhiteLabel(db: Db, domain: string): Promise<void> {
  await db.deleteFrom('whiteLabelSettings').where('domain', '=', domain).execute();
}
