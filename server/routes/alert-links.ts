import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PUBLIC, type AppDeps } from '../context';
import { audit } from '../db/audit.repository';
import { eventView } from '../db/alert-events.repository';
import { history } from '../alerts/engine';
import { alertMessage } from '../live/publish';
import { linkHash } from '../alerts/notifications';
import { ACK_PAGE_WORDS } from '../alerts/default-templates';
import { mailLanguage, type MailLocale } from '../mail/language';

const tokenParams = z.object({ token: z.string().min(20).max(100) });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A small page of its own: the link is opened from a mail client, signed in or not, maybe on a phone. */
function page(reply: FastifyReply, status: number, locale: MailLocale, title: string, body: string) {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1c1f24}` +
        `button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:0;background:#1f5fbf;color:#fff;cursor:pointer}</style></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

/**
 * The acknowledge link of a notification mail (issue 13): GET shows the event and a button, POST acknowledges it once.
 * A GET never changes anything, because mail scanners open links before people do; the link is single-use, expires
 * with LINK_TTL_MS, and acts as the person it was mailed to.
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
        .select(['l.tokenHash', 'l.eventId', 'l.userId', 'l.expiresAt', 'l.usedAt', 'u.locale'])
        .where('l.tokenHash', '=', linkHash(token))
        .executeTakeFirst();

    scope.get('/api/alert-links/:token', PUBLIC, async (req, reply) => {
      const parsed = tokenParams.safeParse(req.params);
      const link = parsed.success ? await find(parsed.data.token) : undefined;
      const locale = mailLanguage(link?.locale);
      const say = ACK_PAGE_WORDS[locale];
      if (!link || Number(link.expiresAt) < deps.auth.now()) return page(reply, 404, locale, say.title, `<p>${escapeHtml(say.gone)}</p>`);
      if (link.usedAt !== null) return page(reply, 409, locale, say.title, `<p>${escapeHtml(say.used)}</p>`);
      const e = await eventView(db, link.eventId);
      return page(
        reply, 200, locale, say.title,
        `<p><strong>${escapeHtml(e.ruleName)}</strong></p><p>${escapeHtml(e.detail)}</p><form method="post"><button type="submit">${escapeHtml(say.button)}</button></form>`,
      );
    });

    scope.post('/api/alert-links/:token', PUBLIC, async (req, reply) => {
      const parsed = tokenParams.safeParse(req.params);
      const link = parsed.success ? await find(parsed.data.token) : undefined;
      const locale = mailLanguage(link?.locale);
      const say = ACK_PAGE_WORDS[locale];
      const at = deps.auth.now();
      if (!link || Number(link.expiresAt) < at) return page(reply, 404, locale, say.title, `<p>${escapeHtml(say.gone)}</p>`);
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
        const company = await db.selectFrom('alertEvents').select('companyId').where('id', '=', link.eventId).executeTakeFirstOrThrow();
        await audit(db, { actorUserId: link.userId }, { companyId: company.companyId, action: 'alert-events.acknowledge', detail: `${e.ruleName} (${e.id}) by mail link` });
        void deps.live.publish([alertMessage(company.companyId, e)]);
      }
      // Acknowledged by someone else first: the link still did its job, nothing more to do.
      return page(reply, 200, locale, say.title, `<p>${escapeHtml(say.done)}</p>`);
    });
  });
}
