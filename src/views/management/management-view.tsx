import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatDate, t } from '../../i18n';
import { whiteLabelSettingsMachine, type WhiteLabelValues } from '../../machines/white-label-settings.machine';
import type { WhiteLabelRow } from '../../api/contract/white-label';
import { ResourceScreen } from '../list-and-form/resource-screen';
import { InputField } from '../ui/form-field';
import { StatusBadge } from '../ui/status-badge';
import type { Column } from '../ui/virtual-table';
import * as s from '../ui/styles.css';
import * as c from '../ui/list.css';
import { AuditLog } from './audit-log';

/** Management: white-label settings (admins) and the audit log (admins: everything; managers: their company). */
export function ManagementView() {
  const { session } = useActors();
  const admin = useSelector(session, (st) => st.context.session?.role === 'admin' && !st.context.session?.isShadow);
  return (
    <div className={c.page}>
      <h1 id="page-title" className={s.title} tabIndex={-1}>
        {t('management.title')}
      </h1>
      {admin && <WhiteLabelSettings />}
      <AuditLog admin={admin} />
    </div>
  );
}

/** Admins: white-label settings per host name. Every value is shown as text, never as HTML. */
function WhiteLabelSettings() {
  const { whiteLabel } = useActors();
  const actor = useActorRef(whiteLabelSettingsMachine, { input: {} });
  // This browser's title and logos come from these rows: read them again after every write.
  useEffect(() => {
    const sub = actor.on('rows.changed', () => whiteLabel.send({ type: 'whiteLabel.reload' }));
    return () => sub.unsubscribe();
  }, [actor, whiteLabel]);
  const host = window.location.host.toLowerCase();
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('management.domain'), sortKey: 'domain', text: (r: WhiteLabelRow) => r.domain, width: 'minmax(10rem, 2fr)' }), [locale]);
  const columns = useMemo(
    (): Column<WhiteLabelRow>[] => [
      { id: 'here', header: t('management.here'), width: '8rem', cell: (r) => (r.domain === host ? <StatusBadge status="info" label={t('management.thisHost')} /> : null) },
      { id: 'websiteTitle', header: t('management.websiteTitle'), sortKey: 'websiteTitle', width: '2fr', cell: (r) => r.websiteTitle },
      { id: 'updatedAt', header: t('management.updated'), sortKey: 'updatedAt', width: '11rem', cell: (r) => formatDate(new Date(r.updatedAt)) },
    ],
    [host, locale],
  );
  return (
    <ResourceScreen<WhiteLabelRow, WhiteLabelValues>
      level={2}
      actor={actor}
      labels={{
        title: t('management.whiteLabel'),
        intro: t('management.intro'),
        table: t('management.whiteLabel'),
        new: t('management.formTitleNew'),
        form: (editing) => (editing ? t('management.formTitleEdit', { domain: editing.domain }) : t('management.formTitleNew')),
      }}
      name={name}
      columns={columns}
      canWrite
      height={320}
      form={(f) => (
        <>
          <InputField label={t('management.domain')} hint={t('management.domainHint')} maxLength={253} {...f.text('domain')} />
          <InputField label={t('management.websiteTitle')} maxLength={200} {...f.text('websiteTitle')} />
          <InputField label={t('management.faviconUrl')} hint={t('management.urlHint')} maxLength={2048} {...f.text('faviconUrl')} />
          <InputField label={t('management.loginLogoUrl')} hint={t('management.urlHint')} maxLength={2048} {...f.text('loginLogoUrl')} />
          <InputField label={t('management.siteLogoUrl')} hint={t('management.urlHint')} maxLength={2048} {...f.text('siteLogoUrl')} />
        </>
      )}
    />
  );
}
