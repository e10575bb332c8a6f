import type { AppDeps } from '../context';
import { every } from './every';
import { mailLinkBase } from '../auth/passwords.service';
import { eventView } from '../db/alert-events.repository';
import { alertMessage } from '../live/publish';
import { escalateDue, sendDueNotifications, silenceTick } from '../alerts/notifications';

/** How often the alert timer looks: notifications leave within this of their commit (docs/product.md, Alerts: "within seconds"). */
export const ALERT_TICK_MS = 2_000;

/** One pass of the alert timer: feeds gone silent, escalations due, notifications to send; the touched events are announced. */
export async function alertTick(deps: AppDeps, now = deps.auth.now()): Promise<{ opened: number; escalated: number; sent: number }> {
  const opened = await silenceTick(deps.db, now);
  const escalated = await escalateDue(deps.db, now);
  const sent = await sendDueNotifications(deps.db, deps.dialect, deps.mailer, mailLinkBase(deps.config), now);
  for (const id of [...opened, ...escalated]) {
    const e = await eventView(deps.db, id);
    const companyId = (await deps.db.selectFrom('alertEvents').select('companyId').where('id', '=', id).executeTakeFirstOrThrow()).companyId;
    void deps.live.publish([alertMessage(companyId, e)]);
  }
  return { opened: opened.length, escalated: escalated.length, sent };
}

/** Runs the alert timer until stopped. */
export function startAlertJobs(deps: AppDeps, opts: { periodMs?: number; log?: (line: string) => void } = {}): { stop(): Promise<void> } {
  return every('alerts', opts.periodMs ?? ALERT_TICK_MS, () => alertTick(deps), opts.log);
}
