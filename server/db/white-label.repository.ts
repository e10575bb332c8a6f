import type { Db } from './database';
import type { WhiteLabelRow } from './schema';

export const findWhiteLabel = (db: Db, domain: string): Promise<WhiteLabelRow | undefined> =>
  db.selectFrom('whiteLabelSettings').selectAll().where('domain', '=', domain).executeTakeFirst();

export const allWhiteLabels = (db: Db): Promise<WhiteLabelRow[]> =>
  db.selectFrom('whiteLabelSettings').selectAll().orderBy('domain').execute();

export async function upsertWhiteLabel(db: Db, row: WhiteLabelRow): Promise<void> {
  const { domain: _domain, ...values } = row;
  await db
    .insertInto('whiteLabelSettings')
    .values(row)
    .onConflict((oc) => oc.column('domain').doUpdateSet(values))
    .execute();
}

/** False when there was no such domain. */
export async function deleteWhiteLabel(db: Db, domain: string): Promise<boolean> {
  const r = await db.deleteFrom('whiteLabelSettings').where('domain', '=', domain).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
