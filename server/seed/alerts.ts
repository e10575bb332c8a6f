import crypto from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { AlertEventHistoryTable, AlertRulesTable } from '../db/alerts.schema';
import { DEFAULT_TEMPLATES } from '../alerts/default-templates';
import { MAIL_LOCALES } from '../mail/language';
import { notify } from '../alerts/engine';
import { silenceTick } from '../alerts/notifications';
import type { ThresholdRule } from '../alerts/evaluator';
import { userIdsOf } from '../db/alerts.repository';
import type { OpenIncident, WorldPlan } from './plan';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Events that ended longer ago than this are seeded as handled (acknowledged with a comment, then resolved). */
const HANDLED_AFTER_MS = 12 * HOUR;
/** An event still open this long has been taken in hand by someone; a younger one may still be waiting. */
const TAKEN_IN_HAND_MS = HOUR;
/**
 * A light's battery under this is a lamp that will not last its rated duration (a failed test, a dead cell). Clear at
 * 5 % above it: below the ~30 % where the patterns' failed batteries sit, so a failed battery that recharges back to
 * its usual low ends its event instead of waiting in the hysteresis band for ever.
 */
export const LIGHT_BATTERY_LOW = 20;
/** The emergency-lighting rule as the evaluator runs it (battery_below is `below` on the battery feed). */
const LIGHTS_RULE: ThresholdRule = { condition: 'below', low: LIGHT_BATTERY_LOW, high: null, forMinutes: 15, clearBy: 5 };

type Kind = 'warm' | 'cold' | 'silent' | 'battery';

/** What people wrote when they acknowledged an event that then ended, by what the event was. */
const HANDLED: Record<Kind, string[]> = {
  warm: [
    'Door left ajar after the delivery; closed it and checked the seal.',
    'Stock moved to the spare fridge while it recovered; nothing discarded.',
    'Power cut in the building; back on, fridge recovered within the hour.',
    'Thermostat reset by maintenance. Keeping an eye on it.',
    'Checked with the manufacturer: stock is fine to use within the range reached.',
    'Probe was touching the back wall; repositioned it.',
  ],
  cold: [
    'Thermostat had been turned right down after cleaning; set back to 5 °C.',
    'Stock checked for freezing: nothing frozen, nothing discarded.',
    'Thermostat faulty; maintenance replaced it and it is back in range.',
  ],
  silent: ['Probe battery replaced; readings are back.', 'The hub had been unplugged by the cleaners; plugged back in.', 'Probe knocked off its bracket; refitted.'],
  battery: [
    'Lamp went out 15 minutes into the monthly test; battery pack replaced and retested.',
    'Charger board faulty; fitting replaced, retest passed.',
    'Battery replaced under the maintenance contract; 3-hour test passed.',
  ],
};
/** What the person it was assigned to added before resolving it. */
const FOLLOW_UP: Record<Kind, string[]> = {
  warm: ['Checked again at the afternoon round: holding at 5 °C.', 'Logged on the fridge record; no stock affected.'],
  cold: ['Checked again at the afternoon round: holding at 4 °C.', 'Logged on the fridge record; no stock affected.'],
  silent: ['Readings steady since; closing.'],
  battery: ['Retested at the next round: the lamp stays lit for the whole test.', 'Logbook updated for the fire risk assessment.'],
};
/** What people wrote when they took in hand an event that is still going. */
const STILL_OPEN: Record<Kind, string[]> = {
  warm: ['Compressor not keeping up; engineer booked, stock moved to the spare fridge.', 'Door seal has split; replacement ordered, stock moved meanwhile.'],
  cold: ['Thermostat set too low; adjusted, watching it recover.'],
  silent: ['Asked the site to check the probe and its hub.'],
  battery: ['Battery flat; replacement pack ordered, the rest of the route checked and lit.', 'Charger fault; electrician booked for tomorrow morning.'],
};

/** The rule of a light's site: one per site with emergency lights. */
export const lightsRuleId = (siteId: string) => `rule-lights-${siteId}`;

/** The rule an open incident breaches: the fridge's cold-chain rule, or the emergency-lighting rule of the light's site. */
function ruleOfIncident(plan: WorldPlan, o: OpenIncident): string {
  const node = plan.nodes.find((n) => n.id === o.nodeId)!;
  return node.deviceType === 'Fridge Probe' ? `rule-${o.feedId}` : lightsRuleId(node.siteId);
}

/**
 * The feeds a seeded rule watches: fridge temperatures and emergency-light batteries. Their history older than the raw
 * readings is evaluated too (writeWorld), so a company's alert history spans its whole history, as events outlive the
 * raw readings that opened them in a real deployment. A light's battery is watched by its site's threshold rule alone,
 * given here so the writer may skip a stretch that never leaves its clear band; a fridge's no-data rule needs every
 * reading (null).
 */
export function watchedFeeds(plan: WorldPlan): Map<string, ThresholdRule | null> {
  const out = new Map<string, ThresholdRule | null>();
  for (const n of plan.nodes) {
    for (const f of n.feeds) {
      if (n.deviceType === 'Fridge Probe' && f.signalKey === 'temperature') out.set(f.id, null);
      else if (n.deviceType === 'Emergency Light' && f.signalKey === 'battery') out.set(f.id, LIGHTS_RULE);
    }
  }
  return out;
}

/**
 * The alert side of the demo world, written before its readings so the real evaluator opens the history's events
 * from the readings as they are stored: for each company its default message template in all six languages, a
 * cold-chain rule per fridge probe (out of 2–8 °C for 30 minutes, half a degree of hysteresis, escalated to the
 * managers after 30 minutes), a no-data rule per fridge (60 minutes), and per site with emergency lights a battery
 * rule (below 20 % for 15 minutes, clear at 25 %, escalated after an hour). Rule ids derive from the plan's, so the same
 * seed gives the same rules.
 */
export async function seedAlertRules(db: Db, plan: WorldPlan): Promise<void> {
  const companies = [...new Set(plan.nodes.map((n) => n.companyId))];
  const managers = new Map<string, string[]>();
  for (const companyId of companies) {
    const rows = await db.selectFrom('memberships').select('userId').where('companyId', '=', companyId).where('role', '=', 'manager').where('disabled', '=', 0).orderBy('userId').execute();
    managers.set(companyId, rows.map((r) => r.userId));
    await db
      .insertInto('messageTemplates')
      .values(MAIL_LOCALES.map((locale) => ({ id: `tpl-${companyId}-${locale}`, companyId, name: 'Cold chain', channel: 'email' as const, locale, ...withoutName(DEFAULT_TEMPLATES[locale]), createdAt: plan.options?.now ?? plan.end })))
      .execute();
  }
  const rules: AlertRulesTable[] = [];
  const base = (companyId: string, createdAt: number) => ({
    companyId, enabled: 1, scopeFeedId: null, scopeNodeId: null, scopeSiteId: null, scopeSignalTypeId: null, templateId: `tpl-${companyId}-en`,
    recipients: JSON.stringify(managers.get(companyId) ?? []), mutedUntil: null, createdAt,
  });
  for (const node of plan.nodes.filter((n) => n.deviceType === 'Fridge Probe')) {
    const feed = node.feeds.find((f) => f.signalKey === 'temperature');
    if (!feed) continue;
    const people = JSON.stringify(managers.get(node.companyId) ?? []);
    rules.push({
      ...base(node.companyId, feed.from), id: `rule-${feed.id}`, name: `${node.name}: out of 2–8 °C`, scopeFeedId: feed.id, condition: 'outside',
      low: feed.rangeMin ?? 2, high: feed.rangeMax ?? 8, forMinutes: 30, clearBy: 0.5, severity: 'critical', escalateTo: people, escalateAfterMinutes: 30,
    });
    rules.push({
      ...base(node.companyId, feed.from), id: `rule-silent-${feed.id}`, name: `${node.name}: no data`, scopeFeedId: feed.id, condition: 'no_data',
      low: null, high: null, forMinutes: 60, clearBy: null, severity: 'major', escalateTo: '[]', escalateAfterMinutes: null,
    });
  }
  const battery = await db.selectFrom('signalTypes').select('id').where('key', '=', 'battery').where('companyId', 'is', null).executeTakeFirst();
  const withFridges = new Set(plan.nodes.filter((n) => n.deviceType === 'Fridge Probe').map((n) => n.companyId));
  for (const site of battery ? plan.sites : []) {
    const lights = plan.nodes.filter((n) => n.siteId === site.id && n.deviceType === 'Emergency Light');
    if (lights.length === 0) continue;
    rules.push({
      ...base(site.companyId, Math.min(...lights.flatMap((n) => n.feeds.map((f) => f.from)))), id: lightsRuleId(site.id),
      name: `${site.name}: emergency light battery below ${LIGHT_BATTERY_LOW} %`, scopeSiteId: site.id, scopeSignalTypeId: battery!.id,
      condition: 'battery_below', low: LIGHTS_RULE.low, high: null, forMinutes: LIGHTS_RULE.forMinutes, clearBy: LIGHTS_RULE.clearBy,
      // Where emergency lighting is what the company looks after (no fridges), a light that fails is its critical alarm.
      severity: withFridges.has(site.companyId) ? 'major' : 'critical',
      escalateTo: JSON.stringify(managers.get(site.companyId) ?? []), escalateAfterMinutes: 60,
    });
  }
  for (let i = 0; i < rules.length; i += 200) await db.insertInto('alertRules').values(rules.slice(i, i + 200)).execute();
}

const withoutName = ({ subject, body }: { subject: string; body: string }) => ({ subject, body });

/** The people who act on a company's events (managers and users who have accepted and are not disabled), in a fixed order. */
async function actorsOf(db: Db): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select(['m.companyId', 'm.userId'])
    .where('m.role', 'in', ['manager', 'user'])
    .where('m.disabled', '=', 0)
    .where('m.invitedAt', 'is', null)
    .where('u.disabled', '=', 0)
    .orderBy('u.email')
    .execute();
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.companyId, [...(out.get(r.companyId) ?? []), r.userId]);
  return out;
}

/**
 * After the history is written: its events are history, not news. Those that ended a while ago (or were followed by
 * another of the same rule and feed) were handled the way a team handles them — acknowledged with a comment, assigned,
 * escalated first when nobody answered in time, resolved by the assignee — and those still open for an hour or more have
 * been taken in hand (escalated, acknowledged, assigned); younger ones are waiting, escalated as far as the clock says.
 * Silent feeds get the no-data events the timer would have opened, and the plan's muted incident the maintenance window
 * that muted it. Nobody is mailed about any of it: every queued notification counts as sent, and a muted event has none.
 */
export async function settleSeededAlerts(db: Db, plan: WorldPlan): Promise<void> {
  const now = plan.options?.now ?? plan.end;
  // When the world is written the timer is not running yet: it would have opened these as each feed fell silent.
  for (const id of await silenceTick(db, now)) {
    const e = await db.selectFrom('alertEvents').select('startedAt').where('id', '=', id).executeTakeFirstOrThrow();
    await db.updateTable('alertEvents').set({ openedAt: e.startedAt }).where('id', '=', id).execute();
    await db.updateTable('alertEventHistory').set({ at: e.startedAt }).where('eventId', '=', id).where('action', '=', 'opened').execute();
  }
  // A maintenance window on the muted incident's rule, from an hour before it began until this time tomorrow.
  const mutes = new Map<string, number>();
  const until = Math.ceil((now + 20 * HOUR) / HOUR) * HOUR;
  for (const o of plan.open.filter((x) => x.role === 'muted')) {
    const ruleId = ruleOfIncident(plan, o);
    mutes.set(ruleId, Math.min(mutes.get(ruleId) ?? Infinity, o.from - HOUR));
    await db.updateTable('alertRules').set({ mutedUntil: until }).where('id', '=', ruleId).execute();
  }

  const events = await db
    .selectFrom('alertEvents as e')
    .innerJoin('alertRules as r', 'r.id', 'e.ruleId')
    .select(['e.id', 'e.companyId', 'e.ruleId', 'e.feedId', 'e.openedAt', 'e.endedAt', 'e.peak', 'r.condition', 'r.high', 'r.escalateAfterMinutes', 'r.escalateTo'])
    // Ties broken by rule and feed, not by the events' random ids, so the same seed hands out the same comments.
    .orderBy('e.openedAt')
    .orderBy('e.ruleId')
    .orderBy('e.feedId')
    .execute();
  const latest = new Map<string, string>();
  for (const e of events) latest.set(`${e.ruleId}|${e.feedId}`, e.id);
  const actors = await actorsOf(db);
  // The history is written in a few statements at the end, not one per entry: hundreds of events, several entries each.
  const entries: Insertable<AlertEventHistoryTable>[] = [];
  const record = (eventId: string, action: string, userId: string | null, at: number, comment: string | null = null) =>
    entries.push({ id: crypto.randomUUID(), eventId, action, userId, at, comment });
  let n = 0;
  await db.transaction().execute(async (trx) => {
    for (const e of events) {
      const openedAt = Number(e.openedAt);
      const endedAt = e.endedAt === null ? null : Number(e.endedAt);
      const mutedFrom = mutes.get(e.ruleId);
      if (mutedFrom !== undefined && openedAt >= mutedFrom) {
        await trx.updateTable('alertEvents').set({ muted: 1 }).where('id', '=', e.id).execute();
        await trx.deleteFrom('alertNotifications').where('eventId', '=', e.id).execute();
        continue;
      }
      const people = actors.get(e.companyId) ?? [];
      const escalateTo = userIdsOf(e.escalateTo);
      const every = e.escalateAfterMinutes && escalateTo.length > 0 ? Number(e.escalateAfterMinutes) * MIN : null;
      const kind: Kind = e.condition === 'no_data' ? 'silent' : e.condition === 'battery_below' ? 'battery' : e.high !== null && Number(e.peak) > Number(e.high) ? 'warm' : 'cold';
      /** Escalation steps before `by`, each in the history with its mail (sent, like every notification here). */
      const escalate = async (by: number): Promise<number> => {
        if (every === null) return 0;
        let steps = 0;
        for (let at = openedAt + every; at < by; at += every) {
          steps++;
          record(e.id, 'escalated', null, at);
          await notify(trx, e.id, escalateTo, 'escalated', steps, at);
        }
        return steps;
      };
      const handled = endedAt !== null && (endedAt < now - HANDLED_AFTER_MS || latest.get(`${e.ruleId}|${e.feedId}`) !== e.id);
      const takenInHand = endedAt === null && now - openedAt >= TAKEN_IN_HAND_MS;
      if (people.length === 0 || !(handled || takenInHand)) {
        const steps = await escalate(Math.min(now, endedAt ?? now));
        if (steps) await trx.updateTable('alertEvents').set({ escalationSteps: steps }).where('id', '=', e.id).execute();
        n++;
        continue;
      }
      const acker = people[n % people.length]!;
      const assignee = people[(n + 1) % people.length]!;
      // Every third handled one, and every one still going, waited past its escalation step before someone answered.
      const late = every !== null && (takenInHand || n % 3 === 0);
      const ackAt = Math.min(now - 2 * MIN, openedAt + (late ? every + (5 + (n % 11)) * MIN : (4 + (n % 20)) * MIN));
      const steps = await escalate(Math.min(ackAt, endedAt ?? ackAt));
      const words = (takenInHand ? STILL_OPEN : HANDLED)[kind];
      record(e.id, 'acknowledge', acker, ackAt, words[n % words.length]!);
      record(e.id, 'assign', acker, ackAt + MIN);
      if (handled) {
        const resolvedAt = Math.min(now, Math.max(endedAt!, ackAt) + 20 * MIN);
        if (n % 2 === 0) record(e.id, 'comment', assignee, resolvedAt - 5 * MIN, FOLLOW_UP[kind][n % FOLLOW_UP[kind].length]!);
        record(e.id, 'resolve', assignee, resolvedAt);
      }
      await trx
        .updateTable('alertEvents')
        .set({ state: handled ? 'resolved' : 'acknowledged', acknowledgedBy: acker, acknowledgedAt: ackAt, assigneeId: assignee, escalationSteps: steps })
        .where('id', '=', e.id)
        .execute();
      n++;
    }
    for (let i = 0; i < entries.length; i += 500) await trx.insertInto('alertEventHistory').values(entries.slice(i, i + 500)).execute();
    await trx.updateTable('alertNotifications').set({ sentAt: sql`created_at` }).where('sentAt', 'is', null).execute();
  });
}
