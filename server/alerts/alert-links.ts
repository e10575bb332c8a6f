import type { AppDeps } from '../context';
import type { AlertEvent } from '../../src/api/contract/alerts';
import { audit } from '../db/audit.repository';
import { acknowledgeIfActive, eventView } from '../db/alert-events.repository';
import { findAlertLink, spendAlertLink, type AlertLinkRow } from '../db/alert-links.repository';
import { activeMembersAmong } from '../db/users.repository';
import { mayAct } from '../auth/site-scope';
import { alertMessage } from '../live/publish';
import { mailLanguage, type MailLocale } from '../mail/language';
import { history } from './engine';
import { linkHash } from './notifications';

/** What a link's page says: unknown or expired, spent, refused to its holder, or (GET) the event to acknowledge. */
export type LinkState = { state: 'gone' } | { state: 'used' } | { state: 'refused' } | { state: 'open'; event: AlertEvent } | { state: 'done' };

/** The page's language is the recipient's, and a link that names nobody is answered in the default one. */
export interface LinkAnswer {
  locale: MailLocale;
  answer: LinkState;
}

/**
 * A link acts as the person it was mailed to only while that person may still acknowledge in the event's company
 * (an active member whose role may act, as PUT /api/alertevents/detail asks): a removed, disabled or viewer
 * recipient's link offers nothing and changes nothing (docs/decisions.md, "Mailed links act only for an active member").
 */
async function mayAcknowledge(deps: AppDeps, link: AlertLinkRow): Promise<boolean> {
  const [member] = await activeMembersAmong(deps.db, link.companyId, [link.userId]);
  return member !== undefined && mayAct(member.role);
}

async function usableLink(deps: AppDeps, token: string | null): Promise<{ locale: MailLocale; link: AlertLinkRow | null; refusal: LinkState | null }> {
  const link = token === null ? undefined : await findAlertLink(deps.db, linkHash(token));
  const locale = mailLanguage(link?.locale);
  if (!link || Number(link.expiresAt) < deps.auth.now()) return { locale, link: null, refusal: { state: 'gone' } };
  return { locale, link, refusal: null };
}

/** GET: what the link would do. It never changes anything, because mail scanners open links before people do. */
export async function showAlertLink(deps: AppDeps, token: string | null): Promise<LinkAnswer> {
  const { locale, link, refusal } = await usableLink(deps, token);
  if (!link) return { locale, answer: refusal! };
  if (link.usedAt !== null) return { locale, answer: { state: 'used' } };
  // Someone who may no longer act there is not shown the event either: the mail was the company's, not theirs.
  if (!(await mayAcknowledge(deps, link))) return { locale, answer: { state: 'refused' } };
  return { locale, answer: { state: 'open', event: await eventView(deps.db, link.eventId) } };
}

/** POST: acknowledges the event once, as the link's recipient, and tells the company's open streams. */
export async function useAlertLink(deps: AppDeps, token: string | null): Promise<LinkAnswer> {
  const { db } = deps;
  const { locale, link, refusal } = await usableLink(deps, token);
  if (!link) return { locale, answer: refusal! };
  // Refused before the link is spent: a link that acts for nobody stays as it was, and says so again next time.
  if (!(await mayAcknowledge(deps, link))) return { locale, answer: { state: 'refused' } };
  const at = deps.auth.now();
  const acknowledged = await db.transaction().execute(async (trx) => {
    if (!(await spendAlertLink(trx, link.tokenHash, at))) return null;
    const done = await acknowledgeIfActive(trx, link.eventId, link.userId, at);
    if (done) await history(trx, link.eventId, 'acknowledge', link.userId, at, null);
    return done;
  });
  if (acknowledged === null) return { locale, answer: { state: 'used' } };
  if (acknowledged) {
    const e = await eventView(db, link.eventId);
    await audit(db, { actorUserId: link.userId }, { companyId: link.companyId, action: 'alert-events.acknowledge', detail: `${e.ruleName} (${e.id}) by mail link` });
    void deps.live.publish([alertMessage(link.companyId, e)]);
  }
  // Acknowledged by someone else first: the link still did its job, nothing more to do.
  return { locale, answer: { state: 'done' } };
}
