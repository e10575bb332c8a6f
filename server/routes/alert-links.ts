import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PUBLIC, type AppDeps } from '../context';
import { ACK_PAGE_WORDS } from '../alerts/default-templates';
import { showAlertLink, useAlertLink, type LinkAnswer } from '../alerts/alert-links';
import { escapeHtml, linkPage as page, postButton } from './link-page';

const tokenParams = z.object({ token: z.string().min(20).max(100) });
const tokenOf = (params: unknown): string | null => {
  const parsed = tokenParams.safeParse(params);
  return parsed.success ? parsed.data.token : null;
};

const STATUS = { gone: 404, used: 409, refused: 403, open: 200, done: 200 } as const;

/** The page for what the link did or would do, in its recipient's language. */
function answerPage(reply: FastifyReply, { locale, answer }: LinkAnswer) {
  const say = ACK_PAGE_WORDS[locale];
  const body =
    answer.state === 'open'
      ? `<p><strong>${escapeHtml(answer.event.ruleName)}</strong></p><p>${escapeHtml(answer.event.detail)}</p>${postButton(say.button)}`
      : `<p>${escapeHtml(say[answer.state])}</p>`;
  return page(reply, STATUS[answer.state], locale, say.title, body);
}

/**
 * The acknowledge link of a notification mail: GET shows the event and a button, POST acknowledges it once (the rules
 * are server/alerts/alert-links.ts's). The link is single-use and expires with LINK_TTL_MS.
 */
export async function alertLinkRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    // The page's form posts an empty urlencoded body; nothing in it is read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));
    scope.get('/api/alert-links/:token', PUBLIC, async (req, reply) => answerPage(reply, await showAlertLink(deps, tokenOf(req.params))));
    scope.post('/api/alert-links/:token', PUBLIC, async (req, reply) => answerPage(reply, await useAlertLink(deps, tokenOf(req.params))));
  });
}
