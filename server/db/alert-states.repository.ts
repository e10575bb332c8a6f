import type { Insertable } from 'kysely';
import type { Db } from './database';
import type { AlertStatesTable } from './alerts.schema';

/** The rule's state for the subject becomes open on `eventId` (a new state row as given when it had none). */
export async function openAlertState(trx: Db, s: Insertable<AlertStatesTable>): Promise<void> {
  await trx
    .insertInto('alertStates')
    .values(s)
    .onConflict((oc) => oc.columns(['ruleId', 'subjectId']).doUpdateSet({ phase: 'open', lastTs: s.lastTs, eventId: s.eventId }))
    .execute();
}
