import { useCallback, useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useActors } from '../actors';
import { currentLocale, formatNumber, t } from '../../i18n';
import { companiesAdminMachine, type CompanyValues } from '../../machines/companies-admin.machine';
import type { Company } from '../../api/contract/company-admin';
import { customerType as customerTypes, type CustomerType } from '../../api/contract/common';
import { ResourceScreen, freshPerSearch, screenLabels } from '../list-and-form/resource-screen';
import { InputField, SelectField, TimeZoneField } from '../ui/form-field';
import { VirtualTable, type Column } from '../ui/virtual-table';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import type { CompanyMember } from '../../api/contract/companies';
import { companiesPageMachine } from '../../machines/companies-page.machine';
import * as c from '../ui/list.css';

const CUSTOMER_TYPES = customerTypes.options;

/** Who the session is and may do, for the buttons: the server decides the rest. */
function useSessionFacts() {
  const { session } = useActors();
  const companyId = useSelector(session, (st) => st.context.session?.companyId ?? null);
  const role = useSelector(session, (st) => st.context.session?.role ?? 'viewer');
  const isShadow = useSelector(session, (st) => st.context.session?.isShadow ?? false);
  const busy = useSelector(session, (st) => !st.matches({ signedIn: { activity: 'idle' } }));
  return { session, companyId, canShadow: role === 'admin' && !isShadow, busy, isShadow };
}

/** Admins: every company, to create, rename, switch into, shadow (`s` on a row), or pick one of its people to shadow. */
export const CompaniesView = freshPerSearch(CompaniesScreen);

function CompaniesScreen({ startNew }: { startNew: boolean }) {
  const { companies } = useActors();
  const { session, companyId, canShadow, busy, isShadow } = useSessionFacts();
  const actor = useActorRef(companiesAdminMachine, { input: { startNew } });
  // The switcher and the palette hold the companies too: they read them again after a write here.
  useEffect(() => {
    const sub = actor.on('rows.changed', () => companies.send({ type: 'companies.load' }));
    return () => sub.unsubscribe();
  }, [actor, companies]);
  const page = useActorRef(companiesPageMachine);
  const openId = useSelector(page, (st) => st.context.companyId);
  const rows = useSelector(actor, (st) => st.context.rows);
  const open = rows.find((x) => x.id === openId);
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('companies.name'), sortKey: 'name', text: (co: Company) => co.name }), [locale]);
  const columns = useMemo(
    (): Column<Company>[] => [
      { id: 'customerType', header: t('companies.type'), sortKey: 'customerType', width: '9rem', cell: (co) => co.customerType },
      { id: 'timezone', header: t('companies.timezone'), sortKey: 'timezone', width: '11rem', cell: (co) => co.timezone },
      { id: 'siteCount', header: t('companies.sites'), sortKey: 'siteCount', width: '6rem', cell: (co) => formatNumber(co.siteCount) },
      { id: 'userCount', header: t('companies.users'), sortKey: 'userCount', width: '6rem', cell: (co) => formatNumber(co.userCount) },
    ],
    [locale],
  );
  const rowActions = useCallback(
    (co: Company) => (
      <>
        {co.id === companyId ? (
          <span className={c.badge}>{t('companies.current')}</span>
        ) : (
          <button type="button" tabIndex={-1} className={c.button} disabled={busy} aria-label={t('companies.switch', { name: co.name })} onClick={() => session.send({ type: 'company.switch', companyId: co.id })}>
            {t('companies.switchShort')}
          </button>
        )}
        <button type="button" tabIndex={-1} className={c.button} disabled={busy || !canShadow} aria-label={t('companies.shadow', { name: co.name })} aria-keyshortcuts="s" onClick={() => session.send({ type: 'shadow.company', companyId: co.id })}>
          {t('companies.shadowShort')}
        </button>
        <button
          type="button"
          tabIndex={-1}
          className={c.button}
          aria-expanded={openId === co.id}
          aria-label={openId === co.id ? t('companies.hideMembers') : t('companies.members', { name: co.name })}
          onClick={() => page.send(openId === co.id ? { type: 'members.close' } : { type: 'members.open', companyId: co.id })}
        >
          {t('companies.peopleShort')}
        </button>
      </>
    ),
    [companyId, busy, canShadow, session, openId, page, locale],
  );
  const rowKeys = useMemo(
    () => (canShadow ? { s: (co: Company) => session.send({ type: 'shadow.company', companyId: co.id }) } : undefined),
    [canShadow, session],
  );

  return (
    <div className={c.page}>
      {isShadow && <p role="status">{t('companies.shadowUnavailable')}</p>}
      <ResourceScreen<Company, CompanyValues>
        actor={actor}
        labels={screenLabels('companies')}
        rowKeysHint={canShadow ? t('companies.keys') : undefined}
        name={name}
        columns={columns}
        canWrite={canShadow}
        rowActions={rowActions}
        actionsWidth="20rem"
        rowKeys={rowKeys}
        height={400}
        form={(f) => (
          <>
            <InputField label={t('companies.name')} maxLength={200} {...f.text('name')} />
            <SelectField
              label={t('companies.type')}
              value={f.values.customerType}
              options={CUSTOMER_TYPES.map((ct) => ({ value: ct, label: ct }))}
              messages={f.errors.customerType}
              onChange={(v) => f.change('customerType', v as CustomerType)}
              onBlur={() => f.blur('customerType')}
            />
            <TimeZoneField label={t('companies.timezone')} {...f.text('timezone')} />
          </>
        )}
      />

      {open && <Members page={page} company={open} canShadow={canShadow} busy={busy} onShadow={(userId) => session.send({ type: 'shadow.user', userId })} />}
    </div>
  );
}

/** The people of the company opened on its row, each one a button away from being shadowed. */
function Members({ page, company, canShadow, busy, onShadow }: {
  page: ActorRefFrom<typeof companiesPageMachine>;
  company: Company;
  canShadow: boolean;
  busy: boolean;
  onShadow: (userId: string) => void;
}) {
  const members = useSelector(page, (st) => st.context.members);
  const loading = useSelector(page, (st) => st.matches('loading'));
  const failure = useSelector(page, (st) => (st.matches('failed') ? st.context.failure : null));
  const locale = currentLocale();
  const columns = useMemo(
    (): Column<CompanyMember>[] => [
      { id: 'name', header: t('companies.memberName'), width: '1.5fr', cell: (m) => m.name },
      { id: 'email', header: t('companies.memberEmail'), width: '2fr', cell: (m) => m.email },
      { id: 'role', header: t('companies.memberRole'), width: '8rem', cell: (m) => t(`role.${m.role}`) },
      {
        id: 'actions',
        header: t('companies.actions'),
        width: '14rem',
        cell: (m) => (
          <button type="button" className={c.button} disabled={busy || !canShadow} onClick={() => onShadow(m.userId)}>
            {t('companies.shadowUser', { name: m.name })}
          </button>
        ),
      },
    ],
    [busy, canShadow, onShadow, locale],
  );
  const status = failure ? (
    <ErrorState
      compact
      message={t(failure.key, failure.params)}
      action={
        <button type="button" className={c.button} onClick={() => page.send({ type: 'members.reload' })}>
          {t('manage.retry')}
        </button>
      }
    />
  ) : loading ? (
    <LoadingState label={t('companies.loading')} />
  ) : (
    <EmptyState compact title={t('companies.noMembers')} />
  );
  return (
    <section aria-labelledby="members-title" className={c.card}>
      <h2 id="members-title">{t('companies.membersTitle', { name: company.name })}</h2>
      <VirtualTable label={t('companies.membersTitle', { name: company.name })} columns={columns} rows={loading || failure ? [] : members} rowId={(m) => m.userId} height={280} status={status} />
    </section>
  );
}
