import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { formatNumber, t } from '../../i18n';
import { adminDashboardMachine } from '../../machines/admin-dashboard.machine';
import type { AdminOverview } from '../../api/contract/monitoring';
import { VirtualTable, type Column } from '../ui/virtual-table';
import * as s from '../shared.css';
import * as v from '../ui/panel.css';

type Row = AdminOverview[number];

/** Admins: platform health per company; each row one step from acting in that company. */
export function AdminDashboardView() {
  const { session } = useActors();
  const page = useActorRef(adminDashboardMachine);
  const rows = useSelector(page, (st) => st.context.overview);
  const error = useSelector(page, (st) => st.context.error);
  const loading = useSelector(page, (st) => st.matches('loading') && st.context.overview.length === 0);
  const columns = useMemo<Column<Row>[]>(
    () => [
      {
        id: 'company',
        header: t('admin.company'),
        width: '2fr',
        cell: (r) => (
          <button type="button" className={v.button} aria-label={t('admin.open', { company: r.companyName })} onClick={() => session.send({ type: 'company.switch', companyId: r.companyId })}>
            {r.companyName}
          </button>
        ),
      },
      { id: 'sites', header: t('admin.sites'), cell: (r) => formatNumber(r.siteCount) },
      { id: 'online', header: t('admin.online'), cell: (r) => formatNumber(r.devicesOnline) },
      { id: 'offline', header: t('admin.offline'), cell: (r) => (r.devicesOffline ? <span className={v.bad}>{formatNumber(r.devicesOffline)}</span> : '0') },
      { id: 'range', header: t('admin.outOfRange'), cell: (r) => (r.outOfRangeFeeds ? <span className={v.bad}>{formatNumber(r.outOfRangeFeeds)}</span> : '0') },
    ],
    [session],
  );
  return (
    <section className={v.page} aria-labelledby="page-title">
      <div>
        <h1 id="page-title" className={s.title}>{t('admin.title')}</h1>
        <p className={v.muted}>{t('admin.intro')}</p>
      </div>
      {loading && <p role="status">{t('admin.loading')}</p>}
      {error && <p role="alert" className={s.errorText}>{t('admin.failed', { message: error })}</p>}
      <div className={v.card}>
        <VirtualTable label={t('admin.title')} columns={columns} rows={rows} rowId={(r) => r.companyId} height={480} />
      </div>
    </section>
  );
}
