import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { mailLanguage, type MailLocale } from '../mail/language';
import { fillTemplate } from '../../src/api/contract/alerts';
import { DEFAULT_TEMPLATES, NOTIFICATION_WORDS } from './default-templates';
import { escalationDue, evaluateSilence, mutedAt } from './evaluator';
import { history, notify } from './engine';
import { userIdsOf } from '../db/alerts.repository';
import { activeMembersAmong } from '../db/users.repository';
import { saveAlertLink } from '../db/alert-links.repository';

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
    let q = trx.selectFrom('alertNotifications').select('id').where('sentAt', 'is', null).where('nextAt', '<=', now).orderBy('nextAt').limit(BATCH);
    // SQLite has one writer at a time already; PostgreSQL instances skip what another is claiming.
    if (dialect === 'postgres') q = q.forUpdate().skipLocked();
    const ids = (await q.execute()).map((r) => r.id);
    if (ids.length) await trx.updateTable('alertNotifications').set({ nextAt: now + LEASE_MS }).where('id', 'in', ids).execute();
    return ids;
  });
}

/** The words of one notification: the rule's template in the reader's language, else the company's default ones. */
async function render(db: Db, n: { eventId: string; kind: 'opened' | 'escalated' | 'ended'; userId: string }, locale: MailLocale, link: string) {
  const e = await db
    .selectFrom('alertEvents as e')
    .innerJoin('alertRules as r', 'r.id', 'e.ruleId')
    .innerJoin('sites as s', 's.id', 'e.siteId')
    .innerJoin('nodes as n', 'n.id', 'e.nodeId')
    .leftJoin('feeds as f', 'f.id', 'e.feedId')
    .leftJoin('signalTypes as st', 'st.id', 'f.signalTypeId')
    .leftJoin('messageTemplates as t', 't.id', 'r.templateId')
    .select([
      'r.name as rule', 'r.companyId', 's.name as site', 's.timezone', 'n.name as node', 'f.name as feed', 'st.unit', 'e.peak', 'e.severity', 'e.startedAt',
      'r.condition', 'r.low', 'r.high', 'r.forMinutes', 't.name as templateName', 't.locale as templateLocale', 't.subject as templateSubject', 't.body as templateBody',
    ])
    .where('e.id', '=', n.eventId)
    .executeTakeFirst();
  if (!e) return null;
  // Templates per locale with English as fallback: the rule's template's sibling (same name) in the reader's language.
  let words = { subject: e.templateSubject, body: e.templateBody };
  if (e.templateName && e.templateLocale !== locale) {
    const sibling = await db
      .selectFrom('messageTemplates')
      .select(['subject', 'body'])
      .where('companyId', '=', e.companyId)
      .where('name', '=', e.templateName)
      .where('locale', 'in', [locale, 'en'])
      .orderBy(sql`case when locale = ${locale} then 0 else 1 end`)
      .executeTakeFirst();
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
    const n = await db
      .selectFrom('alertNotifications as a')
      .innerJoin('users as u', 'u.id', 'a.userId')
      .innerJoin('alertEvents as e', 'e.id', 'a.eventId')
      .select(['a.id', 'a.eventId', 'a.userId', 'a.kind', 'a.attempts', 'u.email', 'u.locale', 'e.companyId'])
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (!n) continue;
    // Recipients are asked about when the mail goes, not when the rule was written or the event opened: someone removed
    // or disabled since gets no more of the company's sites, nodes and values (as export schedules do).
    if ((await activeMembersAmong(db, n.companyId, [n.userId])).length === 0) {
      await db.updateTable('alertNotifications').set({ sentAt: now, error: 'not an active member of the company' }).where('id', '=', id).execute();
      continue;
    }
    try {
      const token = crypto.randomBytes(32).toString('base64url');
      const link = `${baseUrl}/api/alert-links/${token}`;
      const locale = mailLanguage(n.locale);
      const mail = await render(db, n, locale, link);
      if (!mail) {
        await db.updateTable('alertNotifications').set({ sentAt: now, error: 'the event is gone' }).where('id', '=', id).execute();
        continue;
      }
      await saveAlertLink(db, { tokenHash: linkHash(token), eventId: n.eventId, userId: n.userId, expiresAt: now + LINK_TTL_MS });
      await mailer.send({ to: n.email, ...mail });
      await db.updateTable('alertNotifications').set({ sentAt: now, error: null }).where('id', '=', id).execute();
      sent++;
    } catch (err) {
      const attempts = Number(n.attempts) + 1;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await db
        .updateTable('alertNotifications')
        .set({ attempts, error: message, nextAt: attempts >= MAX_ATTEMPTS ? Number.MAX_SAFE_INTEGER : now + 5_000 * 2 ** attempts })
        .where('id', '=', id)
        .execute();
    }
  }
  return sent;
}

/** Escalation steps now due: `escalateTo` is mailed and the step written in the event's history. */
export async function escalateDue(db: Db, now: number): Promise<string[]> {
  const open = await db
    .selectFrom('alertEvents as e')
    .innerJoin('alertRules as r', 'r.id', 'e.ruleId')
    .select(['e.id', 'e.companyId', 'e.siteId', 'e.openedAt', 'e.escalationSteps', 'e.muted', 'r.escalateTo', 'r.escalateAfterMinutes'])
    .where('e.state', '=', 'active')
    .where('e.endedAt', 'is', null)
    .where('e.muted', '=', 0)
    .where('r.escalateAfterMinutes', 'is not', null)
    .execute();
  const touched: string[] = [];
  for (const e of open) {
    const people = userIdsOf(e.escalateTo);
    if (people.length === 0) continue;
    const step = escalationDue({ openedAt: Number(e.openedAt), stepsDone: Number(e.escalationSteps), acknowledged: false, ended: false }, e.escalateAfterMinutes, now);
    if (!step) continue;
    await db.transaction().execute(async (trx) => {
      // Only if nobody acknowledged or escalated it meanwhile (another instance, a person).
      const r = await trx
        .updateTable('alertEvents')
        .set({ escalationSteps: step })
        .where('id', '=', e.id)
        .where('state', '=', 'active')
        .where('escalationSteps', '<', step)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return;
      await history(trx, e.id, 'escalated', null, now, null);
      await notify(trx, e.id, people, 'escalated', step, now);
      touched.push(e.id);
    });
  }
  return touched;
}

/** No data: each `no_data` rule's feeds, looked at now; an event opens when a feed has been silent too long. */
export async function silenceTick(db: Db, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('alertRules as r')
    .innerJoin('feeds as f', (join) =>
      join.on((eb) => eb.or([eb('f.id', '=', eb.ref('r.scopeFeedId')), eb('f.nodeId', '=', eb.ref('r.scopeNodeId')), eb('f.signalTypeId', '=', eb.ref('r.scopeSignalTypeId'))])),
    )
    .innerJoin('nodes as n', 'n.id', 'f.nodeId')
    .innerJoin('sites as s', 's.id', 'n.siteId')
    .leftJoin('alertStates as st', (join) => join.onRef('st.ruleId', '=', 'r.id').onRef('st.subjectId', '=', 'f.id'))
    .select([
      'r.id as ruleId', 'r.companyId', 'r.forMinutes', 'r.severity', 'r.recipients', 'r.mutedUntil', 'r.createdAt', 'f.id as feedId', 'n.id as nodeId',
      'n.siteId', 's.mutedUntil as siteMutedUntil', 'st.phase', 'st.lastTs', 'st.watchedSince', 'st.eventId',
    ])
    .where('r.condition', '=', 'no_data')
    .where('r.enabled', '=', 1)
    .whereRef('f.companyId', '=', 'r.companyId')
    .where((eb) => eb.or([eb('r.scopeSiteId', 'is', null), eb('n.siteId', '=', eb.ref('r.scopeSiteId'))]))
    .execute();
  const touched: string[] = [];
  for (const r of rows) {
    const lastTs = r.lastTs === null ? null : Number(r.lastTs);
    // A feed the rule has not heard yet counts from its newest stored reading, else from when the rule began.
    const latest = lastTs ?? Number((await db.selectFrom('feedLatest').select('ts').where('feedId', '=', r.feedId).executeTakeFirst())?.ts ?? NaN);
    const state = { phase: r.phase === 'open' ? ('open' as const) : ('clear' as const), lastTs: Number.isFinite(latest) ? latest : null, watchedSince: Number(r.watchedSince ?? r.createdAt) };
    const { changes } = evaluateSilence(Number(r.forMinutes), state, [], now);
    const opened = changes.find((c) => c.kind === 'opened');
    if (!opened || opened.kind !== 'opened') continue;
    await db.transaction().execute(async (trx) => {
      const id = crypto.randomUUID();
      const muted = mutedAt(opened.startedAt, r.mutedUntil === null ? null : Number(r.mutedUntil), r.siteMutedUntil === null ? null : Number(r.siteMutedUntil));
      await trx
        .insertInto('alertEvents')
        .values({
          id, companyId: r.companyId, ruleId: r.ruleId, siteId: r.siteId, nodeId: r.nodeId, feedId: r.feedId, severity: r.severity, state: 'active',
          startedAt: opened.startedAt, openedAt: now, endedAt: null, peak: null, detail: `no data for ${r.forMinutes} min`, acknowledgedBy: null,
          acknowledgedAt: null, assigneeId: null, muted: muted ? 1 : 0, escalationSteps: 0,
        })
        .execute();
      await history(trx, id, 'opened', null, now);
      if (!muted) await notify(trx, id, userIdsOf(r.recipients), 'opened', 0, now);
      const s = { ruleId: r.ruleId, subjectId: r.feedId, phase: 'open' as const, lastTs: state.lastTs, since: null, peak: null, watchedSince: state.watchedSince, eventId: id };
      await trx
        .insertInto('alertStates')
        .values(s)
        .onConflict((oc) => oc.columns(['ruleId', 'subjectId']).doUpdateSet({ phase: 'open', lastTs: s.lastTs, eventId: id }))
        .execute();
      touched.push(id);
    });
  }
  return touched;
}
