import { useId, type ReactNode } from 'react';
import type { CompanySummary } from '../../api/contract/auth';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { companiesPageMachine } from '../../machines/companies-page.machine';
import * as s from '../shared.css';
import * as c from '../ui/list.css';

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

/** Admins: every company, to switch into, shadow, or pick one of its people to shadow. */
export function CompaniesView() {
  const { companies } = useActors();
  const list = useSelector(companies, (st) => st.context.companies);
  const loading = useSelector(companies, (st) => st.matches('loading'));
  const { session, companyId, canShadow, busy, isShadow } = useSessionFacts();
  const page = useActorRef(companiesPageMachine);
  const openId = useSelector(page, (st) => st.context.companyId);
  const members = useSelector(page, (st) => st.context.members);
  const membersLoading = useSelector(page, (st) => st.matches({ members: 'loading' }));
  const query = useSelector(page, (st) => st.context.query);
  const users = useSelector(page, (st) => st.context.users);
  const searched = useSelector(page, (st) => st.matches({ users: 'ready' }));
  const error = useSelector(page, (st) => st.context.error);
  const searchId = useId();
  const hintId = useId();
  const open = list.find((x) => x.id === openId);

  return (
    <div className={c.page}>
      <section aria-labelledby="page-title">
        <h1 id="page-title" className={s.title}>{t('companies.title')}</h1>
        <p className={c.muted}>{t('companies.intro')}</p>
        {isShadow && <p role="status">{t('companies.shadowUnavailable')}</p>}
        {error && <p role="alert" className={s.errorText}>{error}</p>}
        <div className={c.card}>
          <CompanyTable
            list={list}
            loading={loading}
            companyId={companyId}
            actions={(co) => (
              <div className={c.actions}>
                <button type="button" data-keyitem className={c.button} disabled={busy || co.id === companyId} onClick={() => session.send({ type: 'company.switch', companyId: co.id })}>
                  {t('companies.switch', { name: co.name })}
                </button>
                <button type="button" className={c.primary} disabled={busy || !canShadow} onClick={() => session.send({ type: 'shadow.company', companyId: co.id })}>
                  {t('companies.shadow', { name: co.name })}
                </button>
                <button
                  type="button"
                  className={c.button}
                  aria-expanded={openId === co.id}
                  onClick={() => page.send(openId === co.id ? { type: 'members.close' } : { type: 'members.open', companyId: co.id })}
                >
                  {openId === co.id ? t('companies.hideMembers') : t('companies.members', { name: co.name })}
                </button>
              </div>
            )}
          />
        </div>
      </section>

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
