import type { FastifyInstance } from 'fastify';
import { PUBLIC, type AppDeps } from '../context';
import { notFound, parse } from '../errors';
import { outboxPageQuery, outboxQuery } from '../../src/api/contract/dev';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The development mail of docs/product.md, Demo world: present only while the outbox transport is in use. */
export async function devRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const guard = () => {
    if (deps.mailer.mode !== 'outbox') throw notFound();
  };
  app.get('/api/dev/outbox', PUBLIC, async (req) => {
    guard();
    const { to } = parse(outboxQuery, req.query);
    return { data: await deps.mailer.outbox(to) };
  });
  app.get('/dev/mail', PUBLIC, async (req, reply) => {
    guard();
    const { to } = parse(outboxPageQuery, req.query);
    // Everyone's codes and reset links in one list would hand any visitor any account: one recipient at a time.
    const mails = to ? await deps.mailer.outbox(to) : [];
    const rows = mails
      .map((m) => `<article><h2>${escapeHtml(m.subject)}</h2><p><strong>To:</strong> ${escapeHtml(m.to)} · <time>${escapeHtml(m.at)}</time></p><pre>${escapeHtml(m.text)}</pre></article>`)
      .join('\n');
    // One-time codes and reset links: no cache (a shared computer's, a proxy's) may keep the page.
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sitewatch development mail</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap}</style></head>
<body><main><h1>Development mail</h1><form><label for="to">Recipient</label> <input id="to" name="to" value="${escapeHtml(to ?? '')}"> <button>Filter</button></form>
${rows || (to ? '<p>No mail yet.</p>' : '<p>Name a recipient to read their mail.</p>')}</main></body></html>`);
  });
}
