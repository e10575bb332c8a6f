import { useId, useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { formatDate, t, type I18nKey } from '../../i18n';
import { whiteLabelSettingsMachine, type WhiteLabelRow } from '../../machines/white-label-settings.machine';
import * as s from '../shared.css';
import * as c from '../ui/list.css';
import { AuditLog } from './audit-log';

const FIELDS: { name: keyof Omit<WhiteLabelRow, 'updatedAt'>; label: I18nKey; hint?: I18nKey }[] = [
  { name: 'domain', label: 'management.domain', hint: 'management.domainHint' },
  { name: 'websiteTitle', label: 'management.websiteTitle' },
  { name: 'faviconUrl', label: 'management.faviconUrl', hint: 'management.urlHint' },
  { name: 'loginLogoUrl', label: 'management.loginLogoUrl', hint: 'management.urlHint' },
  { name: 'siteLogoUrl', label: 'management.siteLogoUrl', hint: 'management.urlHint' },
];

function SettingsForm({ draft, errors, saving, isNew, onSave, onCancel }: {
  draft: WhiteLabelRow;
  errors: Record<string, string>;
  saving: boolean;
  isNew: boolean;
  onSave: (v: WhiteLabelRow) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<WhiteLabelRow>(draft);
  const base = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(values);
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${base}-title`} className={c.card}>
      <h2 id={`${base}-title`}>{isNew ? t('management.formTitleNew') : t('management.formTitleEdit', { domain: draft.domain })}</h2>
      {FIELDS.map((f) => {
        const id = `${base}-${f.name}`;
        const err = errors[f.name];
        const described = [f.hint ? `${id}-hint` : '', err ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
        return (
          <div key={f.name} className={s.field}>
            <label htmlFor={id} className={s.label}>{t(f.label)}</label>
            <input
              id={id}
              className={s.input}
              value={values[f.name]}
              readOnly={f.name === 'domain' && !isNew}
              aria-invalid={Boolean(err)}
              aria-describedby={described}
              maxLength={f.name === 'websiteTitle' ? 200 : f.name === 'domain' ? 253 : 2048}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            />
            {f.hint && <span id={`${id}-hint`} className={c.muted}>{t(f.hint)}</span>}
            {err && <span id={`${id}-error`} className={s.errorText}>{err}</span>}
          </div>
        );
      })}
      <div className={c.actions}>
        <button type="submit" className={c.primary} disabled={saving}>{saving ? t('management.saving') : t('management.save')}</button>
        <button type="button" className={c.button} onClick={onCancel}>{t('management.cancel')}</button>
      </div>
    </form>
  );
}

/** Management: white-label settings (admins) and the audit log (admins: everything; managers: their company). */
export function ManagementView() {
  const { session } = useActors();
  const admin = useSelector(session, (st) => st.context.session?.role === 'admin' && !st.context.session?.isShadow);
  return (
    <div className={c.page}>
      {admin ? <WhiteLabelSettings /> : <h1 id="page-title" className={s.title}>{t('management.title')}</h1>}
      <AuditLog admin={admin} />
    </div>
  );
}

/** Admins: white-label settings per domain. Every value is shown as text, never as HTML. */
function WhiteLabelSettings() {
  const { whiteLabel } = useActors();
  const page = useActorRef(whiteLabelSettingsMachine, { input: { currentDomain: window.location.host, whiteLabel } });
  const rows = useSelector(page, (st) => st.context.rows);
  const draft = useSelector(page, (st) => st.context.draft);
  const fieldErrors = useSelector(page, (st) => st.context.fieldErrors);
  const error = useSelector(page, (st) => st.context.error);
  const done = useSelector(page, (st) => st.context.done);
  const loading = useSelector(page, (st) => st.matches('loading'));
  const failed = useSelector(page, (st) => st.matches('failed'));
  const saving = useSelector(page, (st) => st.matches('saving'));
  const busy = useSelector(page, (st) => !st.matches('ready'));
  const current = window.location.host.toLowerCase();

  return (
    <div className={c.page}>
      <section aria-labelledby="page-title">
        <h1 id="page-title" className={s.title}>{t('management.title')}</h1>
        <h2>{t('management.whiteLabel')}</h2>
        <p className={c.muted}>{t('management.intro')}</p>
        {error && <p role="alert" className={s.errorText}>{error}</p>}
        {done && (
          <p role="status" className={s.infoText}>
            {done.action === 'saved' ? t('management.saved', { domain: done.domain }) : t('management.deleted')}
          </p>
        )}
        {failed && (
          <button type="button" className={c.button} onClick={() => page.send({ type: 'settings.reload' })}>{t('management.retry')}</button>
        )}
        <div className={c.card}>
          {loading && rows.length === 0 ? (
            <p role="status">{t('management.loading')}</p>
          ) : rows.length === 0 ? (
            <p>{t('management.none')}</p>
          ) : (
            <table className={c.table}>
              <thead>
                <tr>
                  <th scope="col" className={c.th}>{t('management.domain')}</th>
                  <th scope="col" className={c.th}>{t('management.websiteTitle')}</th>
                  <th scope="col" className={c.th}>{t('management.updated')}</th>
                  <th scope="col" className={c.th}>{t('management.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.domain}>
                    <th scope="row" className={c.td}>
                      {r.domain} {r.domain === current && <span className={c.badge}>{t('management.thisHost')}</span>}
                    </th>
                    <td className={c.td}>{r.websiteTitle}</td>
                    <td className={c.td}>{r.updatedAt ? formatDate(new Date(r.updatedAt)) : ''}</td>
                    <td className={c.td}>
                      <div className={c.actions}>
                        <button type="button" className={c.button} disabled={busy} onClick={() => page.send({ type: 'settings.edit', domain: r.domain })}>
                          {t('management.edit', { domain: r.domain })}
                        </button>
                        <button type="button" className={c.button} disabled={busy} onClick={() => page.send({ type: 'settings.delete', domain: r.domain })}>
                          {t('management.delete', { domain: r.domain })}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </section>
      {draft ? (
        <SettingsForm
          key={draft.domain || 'new'}
          draft={draft}
          errors={fieldErrors}
          saving={saving}
          isNew={!rows.some((r) => r.domain === draft.domain)}
          onSave={(values) => page.send({ type: 'settings.save', values })}
          onCancel={() => page.send({ type: 'settings.cancel' })}
        />
      ) : (
        <div>
          <button type="button" className={c.primary} disabled={busy} onClick={() => page.send({ type: 'settings.edit' })}>
            {t('management.add')}
          </button>
        </div>
      )}
    </div>
  );
}
