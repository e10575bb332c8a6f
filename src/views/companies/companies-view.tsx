import { useCallback, useEffect, useId, useMemo, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import type { CompanySummary } from '../../api/contract/auth';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatNumber, t } from '../../i18n';
import { companiesAdminMachine, type CompanyValues } from '../../machines/companies-admin.machine';
import type { Company } from '../../api/contract/company-admin';
import { customerType as customerTypes, type CustomerType } from '../../api/contract/common';
import { ResourceScreen } from '../ui/resource-screen';
import { InputField, SelectField } from '../ui/form-field';
import type { Column } from '../ui/virtual-table';
import { companiesPageMachine } from '../../machines/companies-page.machine';
import * as s from '../shared.css';
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

/** The companies as a table, the current one marked; each row's actions come from the page. */
function CompanyTable({ list, loading, companyId, actions }: { list: CompanySummary[]; loading: boolean; companyId: string | null; actions: (co: CompanySummary) => ReactNode }) {
  if (loading && list.length === 0) return <p role="status">{t('companies.loading')}</p>;
  if (list.length === 0) return <p>{t('companies.none')}</p>;
  return (
    <table className={c.table} data-keylist>
      <thead>
        <tr>
          <th scope="col" className={c.th}>{t('companies.name')}</th>
          <th scope="col" className={c.th}>{t('companies.type')}</th>
          <th scope="col" className={c.th}>{t('companies.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((co) => (
          <tr key={co.id}>
            <th scope="row" className={c.td}>
              {co.name} {co.id === companyId && <span className={c.badge}>{t('companies.current')}</span>}
            </th>
            <td className={c.td}>{co.customerType}</td>
            <td className={c.td}>{actions(co)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Admins: every company, to create, rename, switch into, shadow (`s` on a row), or pick one of its people to shadow. */
export function CompaniesView() {
  const search = useSearch();
  return <CompaniesScreen key={search} startNew={new URLSearchParams(search).has('new')} />;
}

const TIME_ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

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
  const members = useSelector(page, (st) => st.context.members);
  const membersLoading = useSelector(page, (st) => st.matches({ members: 'loading' }));
  const query = useSelector(page, (st) => st.context.query);
  const users = useSelector(page, (st) => st.context.users);
  const searched = useSelector(page, (st) => st.matches({ users: 'ready' }));
  const error = useSelector(page, (st) => st.context.error);
  const rows = useSelector(actor, (st) => st.context.rows);
  const searchId = useId();
  const hintId = useId();
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
        <button type="button" tabIndex={-1} className={c.primary} disabled={busy || !canShadow} aria-label={t('companies.shadow', { name: co.name })} aria-keyshortcuts="s" onClick={() => session.send({ type: 'shadow.company', companyId: co.id })}>
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
      {error && <p role="alert" className={s.errorText}>{error}</p>}
      <ResourceScreen<Company, CompanyValues>
        actor={actor}
        title={t('companies.title')}
        intro={`${t('companies.intro')} ${canShadow ? t('companies.keys') : ''}`}
        tableLabel={t('companies.table')}
        name={name}
        columns={columns}
        canWrite={canShadow}
        rowActions={rowActions}
        actionsWidth="20rem"
        rowKeys={rowKeys}
        newLabel={t('companies.new')}
        formTitle={(editing) => (editing ? t('companies.edit') : t('companies.new'))}
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
            <SelectField
              label={t('companies.timezone')}
              value={f.values.timezone}
              options={(TIME_ZONES.includes(f.values.timezone) ? TIME_ZONES : [f.values.timezone, ...TIME_ZONES]).map((z) => ({ value: z, label: z }))}
              messages={f.errors.timezone}
              onChange={(v) => f.change('timezone', v)}
              onBlur={() => f.blur('timezone')}
            />
          </>
        )}
      />

      {open && (
        <section aria-labelledby="members-title" className={c.card}>
          <h2 id="members-title">{t('companies.membersTitle', { name: open.name })}</h2>
          {membersLoading ? (
            <p role="status">{t('companies.loading')}</p>
          ) : members.length === 0 ? (
            <p>{t('companies.noMembers')}</p>
          ) : (
            <table className={c.table}>
              <thead>
                <tr>
                  <th scope="col" className={c.th}>{t('companies.memberName')}</th>
                  <th scope="col" className={c.th}>{t('companies.memberEmail')}</th>
                  <th scope="col" className={c.th}>{t('companies.memberRole')}</th>
                  <th scope="col" className={c.th}>{t('companies.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.userId}>
                    <th scope="row" className={c.td}>{m.name}</th>
                    <td className={c.td}>{m.email}</td>
                    <td className={c.td}>{t(`role.${m.role}`)}</td>
                    <td className={c.td}>
                      <button type="button" className={c.primary} disabled={busy || !canShadow} onClick={() => session.send({ type: 'shadow.user', userId: m.userId })}>
                        {t('companies.shadowUser', { name: m.name })}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}

      <section aria-labelledby="search-title" className={c.card}>
        <div className={c.search}>
          <h2 id="search-title">{t('companies.searchTitle')}</h2>
          <label htmlFor={searchId} className={s.label}>{t('companies.searchLabel')}</label>
          <input
            id={searchId}
            type="search"
            data-list-filter
            className={s.input}
            value={query}
            aria-describedby={hintId}
            onChange={(e) => page.send({ type: 'users.search', query: e.target.value })}
          />
          <span id={hintId} className={c.muted}>{t('companies.searchHint')}</span>
        </div>
        {searched && users.length === 0 && <p>{t('companies.noUsers')}</p>}
        {users.length > 0 && (
          <ul aria-labelledby="search-title">
            {users.map((u) => (
              <li key={u.id} className={c.actions} style={{ alignItems: 'center', padding: '0.25rem 0' }}>
                <span>
                  {u.name} · {u.email}
                </span>
                {u.platformRole === 'admin' ? (
                  <span className={c.muted}>{t('companies.adminUser')}</span>
                ) : (
                  <button type="button" className={c.primary} disabled={busy || !canShadow} onClick={() => session.send({ type: 'shadow.user', userId: u.id })}>
                    {t('companies.shadowUser', { name: u.name })}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Everyone: the companies one belongs to, with a switch. */
export function MyCompaniesView() {
  const { companies } = useActors();
  const list = useSelector(companies, (st) => st.context.companies);
  const loading = useSelector(companies, (st) => st.matches('loading'));
  const { session, companyId, busy } = useSessionFacts();
  return (
    <section className={c.page} aria-labelledby="page-title">
      <div>
        <h1 id="page-title" className={s.title}>{t('companies.myTitle')}</h1>
        <p className={c.muted}>{t('companies.myIntro')}</p>
      </div>
      <div className={c.card}>
        <CompanyTable
          list={list}
          loading={loading}
          companyId={companyId}
          actions={(co) => (
            <button type="button" data-keyitem className={c.button} disabled={busy || co.id === companyId} onClick={() => session.send({ type: 'company.switch', companyId: co.id })}>
              {t('companies.switch', { name: co.name })}
            </button>
          )}
        />
      </div>
    </section>
  );
}
