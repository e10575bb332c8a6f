import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC, type AppDeps } from '../context';
import { audit } from '../db/audit.repository';
import { eventView } from '../db/alert-events.repository';
import { history } from '../alerts/engine';
import { alertMessage } from '../live/publish';
import { linkHash } from '../alerts/notifications';
import { ACK_PAGE_WORDS } from '../alerts/default-templates';
import { mailLanguage } from '../mail/language';
import { activeRoleOf } from '../db/users.repository';
import { mayAct } from '../auth/site-scope';
import { escapeHtml, linkPage as page, postButton } from './link-page';

const tokenParams = z.object({ token: z.string().min(20).max(100) });

/**
 * The acknowledge link of a notification mail (issue 13): GET shows the event and a button, POST acknowledges it once.
 * A GET never changes anything, because mail scanners open links before people do; the link is single-use, expires
 * with LINK_TTL_MS, and acts as the person it was mailed to only while that person may still acknowledge in the
 * event's company (an active member whose role may act, as PUT /api/alertevents/detail asks): a removed, disabled or
 * viewer recipient's link offers nothing and changes nothing (issue 26 item 1).
 */
export async function alertLinkRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  await app.register(async (scope) => {
    // The page's form posts an empty urlencoded body; nothing in it is read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

    const find = async (token: string) =>
      db
        .selectFrom('alertLinks as l')
        .innerJoin('users as u', 'u.id', 'l.userId')
        .innerJoin('alertEvents as e', 'e.id', 'l.eventId')
        .select(['l.tokenHash', 'l.eventId', 'l.userId', 'l.expiresAt', 'l.usedAt', 'u.locale', 'e.companyId'])
        .where('l.tokenHash', '=', linkHash(token))
        .executeTakeFirst();
    const mayAcknowledge = async (link: { userId: string; companyId: string }) => {
      const role = await activeRoleOf(db, link.userId, link.companyId);
      return role !== undefined && mayAct(role);
    };

    scope.get('/api/alert-links/:token', PUBLIC, async (req, reply) => {
      const parsed = tokenParams.safeParse(req.params);
      const link = parsed.success ? await find(parsed.data.token) : undefined;
      const locale = mailLanguage(link?.locale);
      const say = ACK_PAGE_WORDS[locale];
      if (!link || Number(link.expiresAt) < deps.auth.now()) return page(reply, 404, locale, say.title, `<p>${escapeHtml(say.gone)}</p>`);
      if (link.usedAt !== null) return page(reply, 409, locale, say.title, `<p>${escapeHtml(say.used)}</p>`);
      // Someone who may no longer act there is not shown the event either: the mail was the company's, not theirs.
      if (!(await mayAcknowledge(link))) return page(reply, 403, locale, say.title, `<p>${escapeHtml(say.refused)}</p>`);
      const e = await eventView(db, link.eventId);
      return page(reply, 200, locale, say.title, `<p><strong>${escapeHtml(e.ruleName)}</strong></p><p>${escapeHtml(e.detail)}</p>${postButton(say.button)}`);
    });

    scope.post('/api/alert-links/:token', PUBLIC, async (req, reply) => {
      const parsed = tokenParams.safeParse(req.params);
      const link = parsed.success ? await find(parsed.data.token) : undefined;
      const locale = mailLanguage(link?.locale);
      const say = ACK_PAGE_WORDS[locale];
      const at = deps.auth.now();
      if (!link || Number(link.expiresAt) < at) return page(reply, 404, locale, say.title, `<p>${escapeHtml(say.gone)}</p>`);
      // Refused before the link is spent: a link that acts for nobody stays as it was, and says so again next time.
      if (!(await mayAcknowledge(link))) return page(reply, 403, locale, say.title, `<p>${escapeHtml(say.refused)}</p>`);
      const acknowledged = await db.transaction().execute(async (trx) => {
        const used = await trx.updateTable('alertLinks').set({ usedAt: at }).where('tokenHash', '=', link.tokenHash).where('usedAt', 'is', null).executeTakeFirst();
        if (Number(used.numUpdatedRows) === 0) return null;
        const r = await trx
          .updateTable('alertEvents')
          .set({ state: 'acknowledged', acknowledgedBy: link.userId, acknowledgedAt: at })
          .where('id', '=', link.eventId)
          .where('state', '=', 'active')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) > 0) await history(trx, link.eventId, 'acknowledge', link.userId, at, null);
        return Number(r.numUpdatedRows) > 0;
      });
      if (acknowledged === null) return page(reply, 409, locale, say.title, `<p>${escapeHtml(say.used)}</p>`);
      const e = await eventView(db, link.eventId);
      if (acknowledged) {
        await audit(db, { actorUserId: link.userId }, { companyId: link.companyId, action: 'alert-events.acknowledge', detail: `${e.ruleName} (${e.id}) by mail link` });
        void deps.live.publish([alertMessage(link.companyId, e)]);
      }
      // Acknowledged by someone else first: the link still did its job, nothing more to do.
      return page(reply, 200, locale, say.title, `<p>${escapeHtml(say.done)}</p>`);
    });
  });
}
