import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { currentLocale, formatDate, t, type I18nKey } from '../../i18n';
import { auditLogMachine } from '../../machines/audit-log.machine';
import type { AuditEntry } from '../../api/contract/audit';
import { ResourceScreen } from '../list-and-form/resource-screen';
import { SelectField } from '../ui/form-field';
import type { Column } from '../ui/virtual-table';
import * as st from '../ui/status.css';

const person = (p: AuditEntry['actor']) => (p ? `${p.name || p.email}` : t('audit.nobody'));
const SHADOW: Record<'company' | 'user', I18nKey> = { company: 'audit.shadowCompany', user: 'audit.shadowUser' };

/** The audit log: admins read every entry, managers their company's; shadow sessions marked. Read-only. */
export function AuditLog({ admin }: { admin: boolean }) {
  const actor = useActorRef(auditLogMachine, { input: {} });
  const shadow = useSelector(actor, (s) => s.context.filters.shadow ?? '');
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('audit.action'), text: (e: AuditEntry) => e.action, width: '12rem' }), [locale]);
  const columns = useMemo(
    (): Column<AuditEntry>[] => [
      { id: 'at', header: t('audit.at'), sortKey: 'at', width: '11rem', cell: (e) => formatDate(new Date(e.at)) },
      { id: 'actor', header: t('audit.actor'), width: '1.2fr', cell: (e) => person(e.actor) },
      {
        id: 'subject',
        header: t('audit.subject'),
        width: '1.4fr',
        cell: (e) =>
          e.shadow ? (
            <span className={st.tone.warn}>
              <span aria-hidden="true">◐ </span>
              {t(SHADOW[e.shadow])}
              {e.subject ? `: ${person(e.subject)}` : ''}
            </span>
          ) : (
            person(e.subject)
          ),
      },
      ...(admin ? [{ id: 'company', header: t('audit.company'), width: '1.2fr', cell: (e: AuditEntry) => e.companyName ?? t('audit.nobody') }] : []),
      { id: 'detail', header: t('audit.detail'), width: '2fr', cell: (e) => e.detail },
    ],
    [admin, locale],
  );
  return (
    <ResourceScreen<AuditEntry, Record<string, never>>
      level={2}
      actor={actor}
      labels={{ title: t('audit.title'), intro: t('audit.intro'), table: t('audit.table') }}
      name={name}
      columns={columns}
      canWrite={false}
      form={() => null}
      height={440}
      filters={
        <SelectField
          label={t('audit.shadowFilter')}
          value={shadow}
          placeholder={t('audit.shadowAny')}
          options={[
            { value: '1', label: t('audit.shadowOnly') },
            { value: '0', label: t('audit.shadowNone') },
          ]}
          onChange={(v) => actor.send({ type: 'list.where', name: 'shadow', value: v })}
          onBlur={() => {}}
        />
      }
    />
  );
}
