import type { Db } from '../db/database';
import type { AlertEventRow } from '../db/alerts.schema';
import { acknowledgeIfActive, markResolved, setAssignee } from '../db/alert-events.repository';
import { activeMembersAmong } from '../db/users.repository';
import { audit, type AuditWho } from '../db/audit.repository';
import { AppError } from '../errors';
import { invalidField } from '../resources/checks';
import type { AlertEventAction } from '../../src/api/contract/alerts';
import { history } from './engine';

/**
 * What a person does to an event (acknowledge, comment, assign, resolve), in one transaction with its history line,
 * so the list never shows a change without who made it. The rules: an event is acknowledged once and only while
 * active; a resolved event is not resolved again; an assignee is an active member of the event's company.
 * The audit line is written in the same transaction: a change is never kept without its record, nor recorded when
 * it was refused. The route checks the company and the role before, and announces the change after.
 */
export async function actOnEvent(
  db: Db,
  a: { companyId: string; event: Pick<AlertEventRow, 'id' | 'state'> & { ruleName: string }; action: AlertEventAction; userId: string; who: AuditWho; at: number },
): Promise<void> {
  const { event, action } = a;
  await db.transaction().execute(async (trx) => {
    if (action.action === 'acknowledge') {
      // Checked again inside the write: two people acknowledging at once, one of them is told it is done already.
      if (event.state !== 'active' || !(await acknowledgeIfActive(trx, event.id, a.userId, a.at))) throw alreadyDone(event.state);
    } else if (action.action === 'resolve') {
      if (event.state === 'resolved') throw new AppError(409, 'resolved', 'This event is already resolved');
      await markResolved(trx, event.id);
    } else if (action.action === 'assign') {
      const assignee = action.assigneeId ?? null;
      if (assignee && (await activeMembersAmong(trx, a.companyId, [assignee])).length === 0) throw invalidField('assigneeId', 'is not a member of this company');
      await setAssignee(trx, event.id, assignee);
    }
    await history(trx, event.id, action.action, a.userId, a.at, action.comment ? action.comment : null);
    await audit(trx, a.who, { companyId: a.companyId, action: `alert-events.${action.action}`, detail: `${event.ruleName} (${event.id})` }, a.at);
  });
}

function alreadyDone(state: string): AppError {
  return new AppError(409, state === 'resolved' ? 'resolved' : 'already_acknowledged', `This event is already ${state === 'active' ? 'acknowledged' : state}`);
}
