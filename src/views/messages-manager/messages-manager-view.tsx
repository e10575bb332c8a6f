import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { availableLocales, currentLocale, directionOf, formatDate, LANGUAGE_NAMES, LOCALES, t, type Locale } from '../../i18n';
import { messageTemplatesMachine, type MessageTemplateValues } from '../../machines/message-templates.machine';
import { fillTemplate, PLACEHOLDERS, placeholdersIn, type MessageTemplate, type Placeholder } from '../../api/contract/alerts';
import { ResourceScreen, freshPerSearch, screenLabels } from '../list-and-form/resource-screen';
import { InputField, SelectField, TextAreaField } from '../ui/form-field';
import { Card, Cluster, Muted, Stack } from '../ui/layout';
import type { Column } from '../ui/virtual-table';
import * as l from '../ui/layout.css';
import { mayManage } from '../../api/contract/roles';

/** Messages Manager (managers): the mail templates of alert notifications. `?new=1` (the palette) opens the form. */
export const MessagesManagerView = freshPerSearch(MessagesScreen);

/** What the preview fills in: a warm vaccine fridge, as the first mail a pharmacy would get. */
function samples(): Record<Placeholder, string> {
  return {
    rule: 'Vaccine fridge 2–8 °C', site: 'Riverside Pharmacy', node: 'Vaccine fridge 1', feed: 'Temperature', value: '9.4 °C', threshold: '2–8 °C',
    time: formatDate(new Date()), severity: t('alertEvents.severity.major'), link: `${location.origin}/api/alert-links/…`,
  };
}

function MessagesScreen({ startNew }: { startNew: boolean }) {
  const { session } = useActors();
  const role = useSelector(session, (st) => st.context.session?.role);
  const actor = useActorRef(messageTemplatesMachine, { input: { startNew, session } });
  const localeFilter = useSelector(actor, (s) => s.context.filters.locale ?? '');
  const ui = currentLocale();
  const languages = useMemo(() => availableLocales().map((x) => ({ value: x, label: LANGUAGE_NAMES[x], lang: x })), [ui]);
  const name = useMemo(() => ({ header: t('messages.name'), sortKey: 'name', text: (m: MessageTemplate) => m.name }), [ui]);
  const columns = useMemo((): Column<MessageTemplate>[] => [
    { id: 'locale', header: t('messages.locale'), sortKey: 'locale', width: '9rem', phone: true, cell: (m) => <span lang={m.locale}>{LANGUAGE_NAMES[m.locale]}</span> },
    { id: 'subject', header: t('messages.subject'), width: '2fr', cell: (m) => m.subject },
  ], [ui]);
  return (
    <ResourceScreen<MessageTemplate, MessageTemplateValues>
      actor={actor}
      labels={screenLabels('messages')}
      name={name}
      columns={columns}
      canWrite={mayManage(role)}
      filters={
        <SelectField
          label={t('messages.locale')}
          value={localeFilter}
          placeholder={t('messages.anyLocale')}
          options={languages}
          onChange={(v) => actor.send({ type: 'list.where', name: 'locale', value: v })}
          onBlur={() => {}}
        />
      }
      form={(f) => {
        const subject = f.text('subject');
        const body = f.text('body');
        const insert = (p: Placeholder) => body.onChange(`${body.value}{${p}}`);
        const unknown = [...new Set([...placeholdersIn(subject.value), ...placeholdersIn(body.value)].filter((p) => !(PLACEHOLDERS as readonly string[]).includes(p)))];
        const fill = samples();
        // The template's language, not the page's: an Arabic template is typed and previewed right to left.
        const chosen = f.text('locale').value;
        const lang = (LOCALES as readonly string[]).includes(chosen) ? (chosen as Locale) : undefined;
        return (
          <>
            <InputField label={t('messages.name')} maxLength={200} {...f.text('name')} />
            <SelectField label={t('messages.locale')} options={languages} {...f.text('locale')} />
            <InputField label={t('messages.channel')} value={t('messages.channelEmail')} readOnly onChange={() => {}} onBlur={() => {}} />
            <InputField label={t('messages.subject')} maxLength={300} lang={lang} {...subject} />
            <TextAreaField label={t('messages.body')} rows={6} maxLength={10_000} hint={t('messages.bodyHint')} lang={lang} {...body} />
            <Stack gap="xs">
              <Muted small>{t('messages.placeholders')}</Muted>
              <Cluster gap="xs">
                {PLACEHOLDERS.map((p) => (
                  <button key={p} type="button" className={l.chip} aria-label={t('messages.insert', { name: `{${p}}` })} onClick={() => insert(p)}>
                    {`{${p}}`}
                  </button>
                ))}
              </Cluster>
            </Stack>
            <Card title={t('messages.preview')} level={3} padding="sm">
              <div aria-live="polite">
                <div lang={lang} dir={lang ? directionOf(lang) : undefined}>
                  <p className={l.text}><strong>{fillTemplate(subject.value, fill)}</strong></p>
                  <p className={`${l.text} ${l.preLine}`}>{fillTemplate(body.value, fill)}</p>
                </div>
                {unknown.length > 0 && <Muted small as="p">{t('messages.unknownList', { names: unknown.map((p) => `{${p}}`).join(' ') })}</Muted>}
              </div>
            </Card>
            <Muted small as="p">{t('messages.fallback')}</Muted>
          </>
        );
      }}
    />
  );
}
