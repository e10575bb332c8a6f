import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatNumber, t } from '../../i18n';
import { myCompaniesMachine } from '../../machines/my-companies.machine';
import type { Company } from '../../api/contract/company-admin';
import { ResourceScreen } from '../list-and-form/resource-screen';
import { StatusBadge } from '../ui/status-badge';
import type { Column } from '../ui/virtual-table';

/**
 * My Companies (everyone): the companies the session may act for, the current one marked. A row's name switches to
 * its company (Enter on the keyboard's row, or a click); nothing here is created, changed or deleted.
 */
export function MyCompaniesView() {
  const { session } = useActors();
  const companyId = useSelector(session, (st) => st.context.session?.companyId ?? null);
  const actor = useActorRef(myCompaniesMachine, { input: {} });
  const locale = currentLocale();
  // A name column that keeps its width on a phone, where the table scrolls sideways instead.
  const name = useMemo(() => ({ header: t('companies.name'), sortKey: 'name', text: (co: Company) => co.name, width: 'minmax(10rem, 2fr)' }), [locale]);
  const columns = useMemo(
    (): Column<Company>[] => [
      {
        id: 'current',
        header: t('companies.state'),
        width: '8rem',
        cell: (co) => (co.id === companyId ? <StatusBadge status="ok" label={t('companies.current')} /> : null),
      },
      { id: 'customerType', header: t('companies.type'), sortKey: 'customerType', width: '9rem', cell: (co) => co.customerType },
      { id: 'timezone', header: t('companies.timezone'), sortKey: 'timezone', width: '11rem', cell: (co) => co.timezone },
      { id: 'siteCount', header: t('companies.sites'), sortKey: 'siteCount', width: '6rem', cell: (co) => formatNumber(co.siteCount) },
    ],
    [companyId, locale],
  );
  // The session ignores a switch to the company it already acts for, and one while another switch is under way.
  const open = useMemo(
    () => ({
      action: (co: Company) => session.send({ type: 'company.switch', companyId: co.id }),
      label: (co: Company) => (co.id === companyId ? t('companies.isCurrent', { name: co.name }) : t('companies.switch', { name: co.name })),
    }),
    [session, companyId, locale],
  );
  return (
    <ResourceScreen<Company, Record<string, never>>
      actor={actor}
      labels={{ title: t('companies.myTitle'), intro: `${t('companies.myIntro')} ${t('companies.myKeys')}`, table: t('companies.myTable') }}
      name={name}
      columns={columns}
      canWrite={false}
      open={open}
      form={() => null}
    />
  );
}
