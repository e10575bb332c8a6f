import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { formatNumber, t } from '../../i18n';
import { adminDashboardMachine } from '../../machines/admin-dashboard.machine';
import type { AdminOverview } from '../../api/contract/monitoring';
import { VirtualTable, type Column } from '../ui/virtual-table';
import { Card, Page } from '../ui/layout';
import { Button, ButtonLink } from '../ui/button';
import { StatusBadge } from '../ui/status-badge';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { linkButton } from '../ui/controls.css';
import { companyDashboardPath } from '../../machines/commands';

type Row = AdminOverview[number];

/** A count that is a problem when above zero: a status badge then, a quiet zero otherwise. */
const problem = (n: number, status: 'error' | 'offline') => (n ? <StatusBadge status={status} label={formatNumber(n)} /> : formatNumber(0));

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
        width: 'minmax(10rem, 2fr)',
        cell: (r) => (
          <button type="button" className={linkButton} aria-label={t('admin.open', { company: r.companyName })} onClick={() => session.send({ type: 'company.switch', companyId: r.companyId })}>
            {r.companyName}
          </button>
        ),
      },
      { id: 'sites', header: t('admin.sites'), cell: (r) => formatNumber(r.siteCount) },
      { id: 'online', header: t('admin.online'), cell: (r) => formatNumber(r.devicesOnline) },
      { id: 'offline', header: t('admin.offline'), cell: (r) => problem(r.devicesOffline, 'offline') },
      { id: 'range', header: t('admin.outOfRange'), cell: (r) => problem(r.outOfRangeFeeds, 'error') },
      {
        // Beside the name (which acts in the company): a read-only look at its dashboard, without shadowing it.
        id: 'actions',
        header: t('admin.dashboard'),
        width: 'minmax(7rem, auto)',
        cell: (r) => (
          <ButtonLink size="sm" href={companyDashboardPath(r.companyId)} aria-label={t('admin.openDashboard', { company: r.companyName })}>
            {t('admin.dashboard')}
          </ButtonLink>
        ),
      },
    ],
    [session],
  );
  const status = error ? (
    <ErrorState
      compact
      message={t('admin.failed', { message: t(error.key, error.params) })}
      action={<Button variant="secondary" onClick={() => page.send({ type: 'admin.refresh' })}>{t('manage.retry')}</Button>}
    />
  ) : loading ? (
    <LoadingState label={t('admin.loading')} />
  ) : (
    <EmptyState title={t('manage.empty')} />
  );
  return (
    <Page title={t('admin.title')} subtitle={t('admin.intro')} width="wide">
      {error && rows.length > 0 && <ErrorState compact message={t('admin.failed', { message: t(error.key, error.params) })} />}
      <Card padding="none">
        <VirtualTable label={t('admin.title')} columns={columns} rows={rows} rowId={(r) => r.companyId} height={560} density="compact" status={status} />
      </Card>
    </Page>
  );
}
