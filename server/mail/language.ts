import type { IncomingHttpHeaders } from 'node:http';
import { locale as localeSchema } from '../../src/api/contract/auth';
import type { z } from 'zod';

/** The languages the product speaks (docs/product.md, Languages and themes); mails are written in each. */
export type MailLocale = z.infer<typeof localeSchema>;
export const MAIL_LOCALES = localeSchema.options;

/** A server-made text's words in every language: a mail's or a mailed link's page (keys `K`). */
export type LocaleWords<K extends string> = Record<MailLocale, Record<K, string>>;

const known = (v: string | null | undefined): MailLocale | undefined => {
  const primary = v?.trim().toLowerCase().split(/[-_]/)[0];
  return (MAIL_LOCALES as readonly string[]).includes(primary ?? '') ? (primary as MailLocale) : undefined;
};

/**
 * The language a request speaks: the client sends the app's current language as Accept-Language (src/api/client.ts),
 * a browser its own list; the first known language of the highest weight wins. Undefined when none is known.
 */
export function requestLanguage(headers: IncomingHttpHeaders): MailLocale | undefined {
  const header = headers['accept-language'];
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag ?? '', q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranked) {
    const hit = known(r.tag);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The one way a mail picks its language: the recipient's stored preference, else the language of the request that
 * causes the mail (for someone without one: a new invitee gets the inviter's current language), else English. Alert
 * notifications reuse it.
 */
export function mailLanguage(recipient: string | null | undefined, request?: string | null): MailLocale {
  return known(recipient) ?? known(request) ?? 'en';
}
