import type { MailLocale } from '../mail/language';
import type { MailContent } from '../mail/templates';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const WORDS: Record<MailLocale, { subject: (site: string) => string; body: (site: string, rows: string) => string; valid: string }> = {
  en: { subject: (s) => `Your readings export of ${s} is ready`, body: (s, n) => `The export of ${s} is ready: ${n} rows as CSV.`, valid: 'The link is valid for 7 days.' },
  es: { subject: (s) => `Su exportación de lecturas de ${s} está lista`, body: (s, n) => `La exportación de ${s} está lista: ${n} filas en CSV.`, valid: 'El enlace es válido durante 7 días.' },
  fr: { subject: (s) => `Votre export des mesures de ${s} est prêt`, body: (s, n) => `L’export de ${s} est prêt : ${n} lignes en CSV.`, valid: 'Le lien est valable 7 jours.' },
  it: { subject: (s) => `L’esportazione delle letture di ${s} è pronta`, body: (s, n) => `L’esportazione di ${s} è pronta: ${n} righe in CSV.`, valid: 'Il link è valido per 7 giorni.' },
  ar: { subject: (s) => `تصدير قراءات ${s} جاهز`, body: (s, n) => `تصدير ${s} جاهز: ${n} صفًا بصيغة CSV.`, valid: 'الرابط صالح لمدة 7 أيام.' },
  zh: { subject: (s) => `${s} 的读数导出已就绪`, body: (s, n) => `${s} 的导出已就绪：CSV 共 ${n} 行。`, valid: '链接 7 天内有效。' },
};

/** The mail with the export's signed link, in the reader's language. */
export function exportReadyMail(locale: MailLocale, e: { site: string; rows: number; link: string; kind: string }): MailContent {
  const w = WORDS[locale];
  const rows = new Intl.NumberFormat(locale).format(e.rows);
  const text = `${w.body(e.site, rows)}\n\n${e.link}\n\n${w.valid}`;
  const html = `<p>${escapeHtml(w.body(e.site, rows))}</p><p><a href="${escapeHtml(e.link)}">${escapeHtml(e.link)}</a></p><p>${escapeHtml(w.valid)}</p>`;
  return { subject: w.subject(e.site), text, html };
}
