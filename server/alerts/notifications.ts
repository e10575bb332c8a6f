import crypto from 'node:crypto';
import type { Db, Dialect } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { mailLanguage, type MailLocale } from '../mail/language';
import { fillTemplate } from '../../src/api/contract/alerts';
import { DEFAULT_TEMPLATES, NOTIFICATION_WORDS } from './default-templates';
import { escalationDue, evaluateSilence, mutedAt } from './evaluator';
import { history, notify } from './engine';
import { noDataRuleFeeds, userIdsOf } from '../db/alerts.repository';
import { activeMembersAmong } from '../db/users.repository';
import { saveAlertLink } from '../db/alert-links.repository';
import { dueNotificationIds, eventForMail, findNotificationToSend, leaseNotifications, templateWordsIn, updateNotification } from '../db/alert-notifications.repository';
import { advanceEscalation, eventsToEscalate, insertEvent } from '../db/alert-events.repository';
import { openAlertState } from '../db/alert-states.repository';
import { latestTsOf } from '../db/feeds.repository';

/** A signed acknowledge link lives as long as a week of escalation could. */
export const LINK_TTL_MS = 7 * 86_400_000;
const MAX_ATTEMPTS = 6;
const BATCH = 50;
/** While one instance sends a notification, others leave it alone this long. */
const LEASE_MS = 60_000;

export const linkHash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Notifications due now, claimed for this instance (a lease, so PostgreSQL instances never send one twice at once). */
async function claim(db: Db, dialect: Dialect, now: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const ids = await dueNotificationIds(trx, dialect, now, BATCH);
    if (ids.length) await leaseNotifications(trx, ids, now + LEASE_MS);
    return ids;
  });
}

/** The words of one notification: the rule's template in the reader's language, else the company's default ones. */
async function render(db: Db, n: { eventId: string; kind: 'opened' | 'escalated' | 'ended'; userId: string }, locale: MailLocale, link: string) {
  const e = await eventForMail(db, n.eventId);
  if (!e) return null;
  // Templates per locale with English as fallback: the rule's template's sibling (same name) in the reader's language.
  let words = { subject: e.templateSubject, body: e.templateBody };
  if (e.templateName && e.templateLocale !== locale) {
    const sibling = await templateWordsIn(db, e.companyId, e.templateName, locale);
    if (sibling) words = sibling;
  }
  const fallback = DEFAULT_TEMPLATES[locale];
  const unit = e.unit ? ` ${e.unit}` : '';
  const threshold =
    e.condition === 'above' ? `${e.high}${unit}` : e.condition === 'below' || e.condition === 'battery_below' ? `${e.low}${e.condition === 'battery_below' ? ' %' : unit}` : e.condition === 'outside' ? `${e.low}–${e.high}${unit}` : `${e.forMinutes} min`;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: e.timezone }).format(new Date(Number(e.startedAt)));
  const say = NOTIFICATION_WORDS[locale];
  const values = {
    rule: e.rule, site: e.site, node: e.node, feed: e.feed ?? '', value: e.peak === null ? '—' : `${Number(e.peak)}${unit}`, threshold, time,
    severity: say[e.severity], link,
  };
  const subject = `${say[n.kind]} · ${fillTemplate(words.subject ?? fallback.subject, values)}`;
  const text = fillTemplate(words.body ?? fallback.body, values);
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html = `<div dir="${dir}" lang="${locale}"><p><strong>${escapeHtml(say[n.kind])}</strong></p>${text
    .split('\n')
    .map((line) => `<p>${escapeHtml(line).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`)
    .join('')}</div>`;
  return { subject, text, html };
}

/**
 * Sends the notifications due now: each in its reader's language with a single-use link that acknowledges the event.
 * A failure waits longer each time and gives up after six tries, keeping the reason; the event is unaffected.
 */
export async function sendDueNotifications(db: Db, dialect: Dialect, mailer: Mailer, baseUrl: string, now: number): Promise<number> {
  const ids = await claim(db, dialect, now);
  let sent = 0;
  for (const id of ids) {
    const n = await findNotificationToSend(db, id);
    if (!n) continue;
    // Recipients are asked about when the mail goes, not when the rule was written or the event opened: someone removed
    // or disabled since gets no more of the company's sites, nodes and values (as export schedules do).
    if ((await activeMembersAmong(db, n.companyId, [n.userId])).length === 0) {
      await updateNotification(db, id, { sentAt: now, error: 'not an active member of the company' });
      continue;
    }
    try {
      const token = crypto.randomBytes(32).toString('base64url');
      const link = `${baseUrl}/api/alert-links/${token}`;
      const locale = mailLanguage(n.locale);
      const mail = await render(db, n, locale, link);
      if (!mail) {
        await updateNotification(db, id, { sentAt: now, error: 'the event is gone' });
        continue;
      }
      await saveAlertLink(db, { tokenHash: linkHash(token), eventId: n.eventId, userId: n.userId, expiresAt: now + LINK_TTL_MS });
      await mailer.send({ to: n.email, ...mail });
      await updateNotification(db, id, { sentAt: now, error: null });
      sent++;
    } catch (err) {
      const attempts = Number(n.attempts) + 1;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await updateNotification(db, id, { attempts, error: message, nextAt: attempts >= MAX_ATTEMPTS ? Number.MAX_SAFE_INTEGER : now + 5_000 * 2 ** attempts });
    }
  }
  return sent;
}

/** Escalation steps now due: `escalateTo` is mailed and the step written in the event's history. */
export async function escalateDue(db: Db, now: number): Promise<string[]> {
  const open = await eventsToEscalate(db);
  const touched: string[] = [];
  for (const e of open) {
    const people = userIdsOf(e.escalateTo);
    if (people.length === 0) continue;
    const step = escalationDue({ openedAt: Number(e.openedAt), stepsDone: Number(e.escalationSteps), acknowledged: false, ended: false }, e.escalateAfterMinutes, now);
    if (!step) continue;
    await db.transaction().execute(async (trx) => {
      // Only if nobody acknowledged or escalated it meanwhile (another instance, a person).
      if (!(await advanceEscalation(trx, e.id, step))) return;
      await history(trx, e.id, 'escalated', null, now, null);
      await notify(trx, e.id, people, 'escalated', step, now);
      touched.push(e.id);
    });
  }
  return touched;
}

/** No data: each `no_data` rule's feeds, looked at now; an event opens when a feed has been silent too long. */
export async function silenceTick(db: Db, now: number): Promise<string[]> {
  const rows = await noDataRuleFeeds(db);
  const touched: string[] = [];
  for (const r of rows) {
    const lastTs = r.lastTs === null ? null : Number(r.lastTs);
    // A feed the rule has not heard yet counts from its newest stored reading, else from when the rule began.
    const latest = lastTs ?? Number((await latestTsOf(db, r.feedId)) ?? NaN);
    const state = { phase: r.phase === 'open' ? ('open' as const) : ('clear' as const), lastTs: Number.isFinite(latest) ? latest : null, watchedSince: Number(r.watchedSince ?? r.createdAt) };
    const { changes } = evaluateSilence(Number(r.forMinutes), state, [], now);
    const opened = changes.find((c) => c.kind === 'opened');
    if (!opened || opened.kind !== 'opened') continue;
    await db.transaction().execute(async (trx) => {
      const id = crypto.randomUUID();
      const muted = mutedAt(opened.startedAt, r.mutedUntil === null ? null : Number(r.mutedUntil), r.siteMutedUntil === null ? null : Number(r.siteMutedUntil));
      await insertEvent(trx, {
        id, companyId: r.companyId, ruleId: r.ruleId, siteId: r.siteId, nodeId: r.nodeId, feedId: r.feedId, severity: r.severity, state: 'active',
        startedAt: opened.startedAt, openedAt: now, endedAt: null, peak: null, detail: `no data for ${r.forMinutes} min`, acknowledgedBy: null,
        acknowledgedAt: null, assigneeId: null, muted: muted ? 1 : 0, escalationSteps: 0,
      });
      await history(trx, id, 'opened', null, now);
      if (!muted) await notify(trx, id, userIdsOf(r.recipients), 'opened', 0, now);
      const s = { ruleId: r.ruleId, subjectId: r.feedId, phase: 'open' as const, lastTs: state.lastTs, since: null, peak: null, watchedSince: state.watchedSince, eventId: id };
      await openAlertState(trx, s);
      touched.push(id);
    });
  }
  return touched;
}
