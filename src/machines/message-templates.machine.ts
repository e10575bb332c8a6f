import { messageTemplatesApi } from '../api/message-templates.api';
import { messageTemplateChange, messageTemplateInput, type MessageTemplate, type MessageTemplateChange, type MessageTemplateInput } from '../api/contract/alerts';
import type { Locale } from '../i18n';
import { listAndFormMachine } from './list-and-form.machine';

export interface MessageTemplateValues {
  name: string;
  locale: Locale;
  subject: string;
  body: string;
}

const UNKNOWN = { custom: 'messages.unknownPlaceholder' } as const;

/** Messages Manager: the list-and-form machine on `/api/message-templates` (docs/product.md, Alerts); mail is the one channel. */
export const messageTemplatesMachine = listAndFormMachine<MessageTemplate, MessageTemplateValues, MessageTemplateInput, MessageTemplateChange>({
  id: 'messageTemplates',
  perCompany: 'messages-manager',
  api: messageTemplatesApi,
  schema: messageTemplateInput,
  blank: () => ({ name: '', locale: 'en', subject: '{severity}: {rule} at {site}', body: '{rule}: {node} · {feed} read {value} (limit {threshold}) at {time}.\n\nAcknowledge: {link}' }),
  valuesOf: (m) => ({ name: m.name, locale: m.locale, subject: m.subject, body: m.body }),
  toInput: (v) => ({ name: v.name, channel: 'email', locale: v.locale, subject: v.subject, body: v.body }),
  update: { schema: messageTemplateChange, toInput: (v) => ({ name: v.name, locale: v.locale, subject: v.subject, body: v.body }) },
  nameOf: (m) => m.name,
  // A placeholder the server would not fill is named as such, on change and from a server 400 alike.
  fieldKeys: { subject: UNKNOWN, body: UNKNOWN },
  defaultSort: 'name',
  filters: ['locale'],
});
