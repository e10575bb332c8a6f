import type { LocaleWords, MailLocale } from '../mail/language';

/** A message template's words (the placeholders of docs/product.md, Alerts); the seed gives every company these, one per language. */
export interface TemplateWords {
  name: string;
  subject: string;
  body: string;
}

/** The words when a rule names no template, or none in the reader's language: each language's own. */
export const DEFAULT_TEMPLATES: Record<MailLocale, TemplateWords> = {
  en: {
    name: 'Alert',
    subject: '{severity}: {rule} at {site}',
    body: '{rule}: {node} · {feed} read {value} (limit {threshold}) at {time}, at {site}.\n\nOpen the alert to acknowledge it: {link}',
  },
  es: {
    name: 'Alerta',
    subject: '{severity}: {rule} en {site}',
    body: '{rule}: {node} · {feed} marcó {value} (límite {threshold}) a las {time}, en {site}.\n\nAbra la alerta para confirmarla: {link}',
  },
  fr: {
    name: 'Alerte',
    subject: '{severity} : {rule} à {site}',
    body: '{rule} : {node} · {feed} a mesuré {value} (limite {threshold}) à {time}, à {site}.\n\nOuvrez l’alerte pour en accuser réception : {link}',
  },
  it: {
    name: 'Allarme',
    subject: '{severity}: {rule} presso {site}',
    body: '{rule}: {node} · {feed} ha misurato {value} (limite {threshold}) alle {time}, presso {site}.\n\nApri l’allarme per confermarlo: {link}',
  },
  ar: {
    name: 'تنبيه',
    subject: '{severity}: {rule} في {site}',
    body: '{rule}: سجّل {node} · {feed} القيمة {value} (الحد {threshold}) في {time}، في {site}.\n\nافتح التنبيه لتأكيد استلامه: {link}',
  },
  zh: {
    name: '警报',
    subject: '{severity}：{site} 的 {rule}',
    body: '{rule}：{node} · {feed} 于 {time} 读数为 {value}（限值 {threshold}），位于 {site}。\n\n打开警报以确认：{link}',
  },
};

/** What a notification is about, said first in the subject, and the severities, in each language. */
export const NOTIFICATION_WORDS: Record<MailLocale, Record<'opened' | 'escalated' | 'ended' | 'critical' | 'major' | 'minor' | 'warning', string>> = {
  en: { opened: 'New alert', escalated: 'Not yet acknowledged', ended: 'Back to normal', critical: 'Critical', major: 'Major', minor: 'Minor', warning: 'Warning' },
  es: { opened: 'Nueva alerta', escalated: 'Aún sin confirmar', ended: 'De nuevo normal', critical: 'Crítica', major: 'Grave', minor: 'Leve', warning: 'Aviso' },
  fr: { opened: 'Nouvelle alerte', escalated: 'Toujours sans accusé de réception', ended: 'Retour à la normale', critical: 'Critique', major: 'Majeure', minor: 'Mineure', warning: 'Avertissement' },
  it: { opened: 'Nuovo allarme', escalated: 'Non ancora confermato', ended: 'Tornato alla normalità', critical: 'Critico', major: 'Grave', minor: 'Lieve', warning: 'Avviso' },
  ar: { opened: 'تنبيه جديد', escalated: 'لم يُؤكَّد بعد', ended: 'عاد إلى الوضع الطبيعي', critical: 'حرج', major: 'كبير', minor: 'طفيف', warning: 'تحذير' },
  zh: { opened: '新警报', escalated: '尚未确认', ended: '已恢复正常', critical: '严重', major: '重要', minor: '次要', warning: '警告' },
};

/** The acknowledge page's words (the signed link of a mail), in each language. */
export const ACK_PAGE_WORDS: LocaleWords<'title' | 'button' | 'done' | 'used' | 'gone' | 'refused'> = {
  en: { title: 'Acknowledge this alert', button: 'Acknowledge', done: 'Acknowledged. Thank you.', used: 'This link has already been used; nothing was changed.', gone: 'This link is no longer valid.', refused: 'This link no longer acts for you: you may not acknowledge alerts in this company now. Nothing was changed.' },
  es: { title: 'Confirmar esta alerta', button: 'Confirmar', done: 'Confirmada. Gracias.', used: 'Este enlace ya se usó; no se ha cambiado nada.', gone: 'Este enlace ya no es válido.', refused: 'Este enlace ya no actúa en su nombre: ahora no puede confirmar alertas en esta empresa. No se ha cambiado nada.' },
  fr: { title: 'Accuser réception de cette alerte', button: 'Accuser réception', done: 'Réception confirmée. Merci.', used: 'Ce lien a déjà servi ; rien n’a été modifié.', gone: 'Ce lien n’est plus valable.', refused: 'Ce lien n’agit plus pour vous : vous ne pouvez plus accuser réception des alertes de cette entreprise. Rien n’a été modifié.' },
  it: { title: 'Conferma questo allarme', button: 'Conferma', done: 'Confermato. Grazie.', used: 'Questo link è già stato usato; non è cambiato nulla.', gone: 'Questo link non è più valido.', refused: 'Questo link non agisce più per te: ora non puoi confermare gli allarmi di questa azienda. Non è cambiato nulla.' },
  ar: { title: 'تأكيد استلام هذا التنبيه', button: 'تأكيد', done: 'تم التأكيد. شكرًا.', used: 'استُخدم هذا الرابط من قبل؛ لم يتغير شيء.', gone: 'لم يعد هذا الرابط صالحًا.', refused: 'لم يعد هذا الرابط يعمل باسمك: لا يمكنك الآن تأكيد تنبيهات هذه الشركة. لم يتغير شيء.' },
  zh: { title: '确认此警报', button: '确认', done: '已确认，谢谢。', used: '此链接已使用过，未做任何更改。', gone: '此链接已失效。', refused: '此链接已不再代表您：您现在不能确认该公司的警报。未做任何更改。' },
};
