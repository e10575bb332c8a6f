import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database';
import type { MedicationFridgeReportsTable } from './reports.schema';

export type FridgeReportRow = Selectable<MedicationFridgeReportsTable>;
export type NewFridgeReport = Insertable<MedicationFridgeReportsTable>;
export type FridgeReportChange = Updateable<MedicationFridgeReportsTable>;

export const findReportRow = (db: Db, id: string): Promise<FridgeReportRow | undefined> =>
  db.selectFrom('medicationFridgeReports').selectAll().where('id', '=', id).executeTakeFirst();

/** The report of this fridge and month, if there is one (one per fridge and month). */
export const findReportOf = (db: Db, nodeId: string, period: string) =>
  db.selectFrom('medicationFridgeReports').select('id').where('nodeId', '=', nodeId).where('period', '=', period).executeTakeFirst();

/** A site's reports, newest month first, with their fridge's name while the node exists. */
export const reportsOfSite = (db: Db, siteId: string) =>
  db
    .selectFrom('medicationFridgeReports as r')
    .leftJoin('nodes as n', 'n.id', 'r.nodeId')
    .select(['r.id', 'r.nodeId', 'n.name as nodeName', 'r.period', 'r.status', 'r.submittedBy', 'r.submittedAt', 'r.snapshot'])
    .where('r.siteId', '=', siteId)
    .orderBy('r.period', 'desc')
    .orderBy(sql`lower(n.name)`)
    .execute();

export async function insertReport(db: Db, row: NewFridgeReport): Promise<void> {
  await db.insertInto('medicationFridgeReports').values(row).execute();
}

/** Changes a report while it is a draft: false when it was submitted (here or meanwhile), and then nothing changed. */
export async function updateDraft(db: Db, id: string, change: FridgeReportChange): Promise<boolean> {
  const r = await db.updateTable('medicationFridgeReports').set(change).where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The node a fridge report is of, with where it belongs. */
export const fridgeNode = (db: Db, nodeId: string) =>
  db.selectFrom('nodes').select(['id', 'name', 'siteId', 'companyId']).where('id', '=', nodeId).executeTakeFirst();

/** The node's temperature feed (the first by name when it has several) and its own range. */
export const temperatureFeedOf = (db: Db, nodeId: string) =>
  db
    .selectFrom('feeds as f')
    .innerJoin('signalTypes as st', 'st.id', 'f.signalTypeId')
    .select(['f.id', 'f.rangeMin', 'f.rangeMax'])
    .where('f.nodeId', '=', nodeId)
    .where('st.key', '=', 'temperature')
    .orderBy('f.name')
    .orderBy('f.id')
    .executeTakeFirst();
