import type { FastifyReply } from 'fastify';
import type { MailLocale } from '../mail/language';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The small page a mailed link opens (an alert's acknowledge, an invitation's accept): it is opened from a mail client,
 * signed in or not, maybe on a phone, so it is one server-made page with no script. Its token is in the URL, so the
 * page is never cached and sends no referrer. `body` is HTML the caller escaped.
 */
export function linkPage(reply: FastifyReply, status: number, locale: MailLocale, title: string, body: string) {
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

/** A page's one button: a form that posts back to the same link (a GET never changes anything; mail scanners open links). */
export const postButton = (label: string) => `<form method="post"><button type="submit">${escapeHtml(label)}</button></form>`;
