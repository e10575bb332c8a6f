import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AlertRulesTable } from '../db/alerts.schema';
import { DEFAULT_TEMPLATES } from '../alerts/default-templates';
import { MAIL_LOCALES } from '../mail/language';
import { escalationDue } from '../alerts/evaluator';
import { userIdsOf } from '../db/alerts.repository';
import type { WorldPlan } from './plan';

const MIN = 60_000;
/** Events that ended longer ago than this are seeded as handled (acknowledged with a comment, then resolved). */
const HANDLED_AFTER_MS = 12 * 60 * MIN;

const COMMENTS = [
  'Door left ajar after the delivery; closed it and checked the seal.',
  'Stock moved to the spare fridge while it recovered; nothing discarded.',
  'Power cut in the building; back on, fridge recovered within the hour.',
  'Thermostat reset by maintenance. Keeping an eye on it.',
  'Checked with the manufacturer: stock is fine to use within the range reached.',
  'Probe was touching the back wall; repositioned it.',
];

/**
 * The alert side of the demo world, written before its readings so the real evaluator opens the history's events
 * from the readings as they are stored: for each company its default message template in all six languages, a
 * cold-chain rule per fridge probe (out of 2–8 °C for 30 minutes, half a degree of hysteresis, escalated to the
 * managers after 30 minutes) and a no-data rule per fridge (60 minutes). Rule ids derive from the plan's, so the same
 * seed gives the same rules.
 */
export async function seedAlertRules(db: Db, plan: WorldPlan): Promise<void> {
  const companies = [...new Set(plan.nodes.map((n) => n.companyId))];
  const managers = new Map<string, string[]>();
  for (const companyId of companies) {
    const rows = await db.selectFrom('memberships').select('userId').where('companyId', '=', companyId).where('role', '=', 'manager').where('disabled', '=', 0).execute();
    managers.set(companyId, rows.map((r) => r.userId));
    await db
      .insertInto('messageTemplates')
      .values(MAIL_LOCALES.map((locale) => ({ id: `tpl-${companyId}-${locale}`, companyId, name: 'Cold chain', channel: 'email' as const, locale, ...withoutName(DEFAULT_TEMPLATES[locale]), createdAt: plan.options?.now ?? plan.end })))
      .execute();
  }
  const rules: AlertRulesTable[] = [];
  for (const node of plan.nodes.filter((n) => n.deviceType === 'Fridge Probe')) {
    const feed = node.feeds.find((f) => f.signalKey === 'temperature');
    if (!feed) continue;
    const people = JSON.stringify(managers.get(node.companyId) ?? []);
    const base = {
      companyId: node.companyId, enabled: 1, scopeNodeId: null, scopeSiteId: null, scopeSignalTypeId: null, templateId: `tpl-${node.companyId}-en`,
      recipients: people, mutedUntil: null, createdAt: feed.from,
    };
    rules.push({
      ...base, id: `rule-${feed.id}`, name: `${node.name}: out of 2–8 °C`, scopeFeedId: feed.id, condition: 'outside', low: feed.rangeMin ?? 2,
      high: feed.rangeMax ?? 8, forMinutes: 30, clearBy: 0.5, severity: 'critical', escalateTo: people, escalateAfterMinutes: 30,
    });
    rules.push({
      ...base, id: `rule-silent-${feed.id}`, name: `${node.name}: no data`, scopeFeedId: feed.id, condition: 'no_data', low: null, high: null,
      forMinutes: 60, clearBy: null, severity: 'major', escalateTo: '[]', escalateAfterMinutes: null,
    });
  }
  for (let i = 0; i < rules.length; i += 200) await db.insertInto('alertRules').values(rules.slice(i, i + 200)).execute();
}

const withoutName = ({ subject, body }: { subject: string; body: string }) => ({ subject, body });

/**
 * After the history is written: its events are history, not news. Those that ended a while ago were handled the way
 * a team handles them — acknowledged by a manager with a comment, escalated when nobody answered in time, resolved —
 * and nobody is mailed about the past: the queued notifications count as sent, and open events' escalation is where
 * the clock says it would be.
 */
export async function settleSeededAlerts(db: Db, now: number): Promise<void> {
  const events = await db
    .selectFrom('alertEvents as e')
    .innerJoin('alertRules as r', 'r.id', 'e.ruleId')
    .select(['e.id', 'e.companyId', 'e.openedAt', 'e.endedAt', 'r.escalateAfterMinutes', 'r.recipients'])
    .orderBy('e.openedAt')
    .execute();
  let n = 0;
  await db.transaction().execute(async (trx) => {
    for (const e of events) {
      const openedAt = Number(e.openedAt);
      const endedAt = e.endedAt === null ? null : Number(e.endedAt);
      const people = userIdsOf(e.recipients);
      const who = people.length ? people[n % people.length]! : null;
      if (endedAt !== null && endedAt < now - HANDLED_AFTER_MS && who) {
        // Every third one waited past its escalation step before someone answered.
        const late = n % 3 === 0 && e.escalateAfterMinutes;
        const ackAt = Math.min(endedAt, openedAt + (late ? Number(e.escalateAfterMinutes) + 10 : 5 + (n % 20)) * MIN);
        if (late) await history(trx, e.id, 'escalated', null, openedAt + Number(e.escalateAfterMinutes) * MIN, null);
        await history(trx, e.id, 'acknowledge', who, ackAt, COMMENTS[n % COMMENTS.length]!);
        await history(trx, e.id, 'resolve', who, endedAt + 20 * MIN, null);
        await trx
          .updateTable('alertEvents')
          .set({ state: 'resolved', acknowledgedBy: who, acknowledgedAt: ackAt, escalationSteps: late ? 1 : 0 })
          .where('id', '=', e.id)
          .execute();
      } else if (endedAt === null && e.escalateAfterMinutes) {
        const step = escalationDue({ openedAt, stepsDone: 0, acknowledged: false, ended: false }, Number(e.escalateAfterMinutes), now);
        await trx.updateTable('alertEvents').set({ escalationSteps: step }).where('id', '=', e.id).execute();
      }
      n++;
    }
    await trx.updateTable('alertNotifications').set({ sentAt: sql`created_at` }).where('sentAt', 'is', null).execute();
  });
}

async function history(db: Db, eventId: string, action: string, userId: string | null, at: number, comment: string | null) {
  await db.insertInto('alertEventHistory').values({ id: crypto.randomUUID(), eventId, action, userId, at, comment }).execute();
}
