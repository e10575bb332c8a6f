import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { formatDate, formatNumber, t } from '../../i18n';
import { plexusMachine } from '../../machines/plexus.machine';
import type { Plexus } from '../../api/contract/monitoring';
import { VirtualTable, type Column } from '../ui/virtual-table';
import { Card, Grid, Muted, Page, SectionBar } from '../ui/layout';
import { Button } from '../ui/button';
import { StatusBadge } from '../ui/status-badge';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { ChooseCompany } from '../ui/choose-company';

type PlexusNode = Plexus[number]['hubs'][number]['nodes'][number];

const ROW_PX = 32;
const HEAD_PX = 32;

const online = (on: boolean) => <StatusBadge variant="inline" status={on ? 'ok' : 'offline'} label={t(on ? 'site.statusOnline' : 'site.statusOffline')} />;

/** Plexus: which device has gone quiet, site by site, hub by hub. */
export function PlexusView() {
  const { session } = useActors();
  const companyId = useSelector(session, (st) => st.context.session?.companyId ?? null);
  if (!companyId) {
    return (
      <Page title={t('plexus.title')} width="wide">
        <Card>
          <ChooseCompany body={t('plexus.noCompany')} />
        </Card>
      </Page>
    );
  }
  return <PlexusOf companyId={companyId} />;
}

function PlexusOf({ companyId }: { companyId: string }) {
  const { session } = useActors();
  // Started with the company in view; the machine follows later switches itself.
  const page = useActorRef(plexusMachine, { input: { companyId, session } });
  const sites = useSelector(page, (st) => st.context.plexus);
  const error = useSelector(page, (st) => st.context.error);
  const loading = useSelector(page, (st) => st.matches('loading') && st.context.plexus.length === 0);
  const columns = useMemo<Column<PlexusNode>[]>(
    () => [
      { id: 'name', header: t('site.name'), cell: (n) => n.name, width: 'minmax(8rem, 2fr)' },
      { id: 'type', header: t('site.type'), cell: (n) => n.deviceType, width: 'minmax(6rem, 1.5fr)' },
      { id: 'status', header: t('site.status'), cell: (n) => online(n.online), width: 'minmax(6rem, 1fr)' },
      { id: 'seen', header: t('site.lastSeen'), cell: (n) => (n.lastSeenAt ? formatDate(new Date(n.lastSeenAt)) : t('site.never')), width: 'minmax(9rem, 1.5fr)' },
      { id: 'battery', header: t('site.battery'), cell: (n) => (n.batteryPct === null ? '—' : `${formatNumber(n.batteryPct, { maximumFractionDigits: 0 })} %`), width: 'minmax(4.5rem, 1fr)' },
      { id: 'signal', header: t('site.signal'), cell: (n) => (n.signalDbm === null ? '—' : `${formatNumber(n.signalDbm)} dBm`), width: 'minmax(5rem, 1fr)' },
    ],
    [],
  );
  return (
    <Page title={t('plexus.title')} subtitle={t('plexus.intro')} width="wide">
      {loading && <LoadingState variant="skeleton" label={t('plexus.loading')} />}
      {error && (
        <ErrorState
          compact
          message={t('plexus.failed', { message: t(error.key, error.params) })}
          action={<Button variant="secondary" onClick={() => page.send({ type: 'plexus.refresh' })}>{t('manage.retry')}</Button>}
        />
      )}
      <Grid min="46rem" gap="md">
        {sites.map((site) => (
          <Card key={site.siteId} title={site.siteName} padding="none">
            {site.hubs.length === 0 && <EmptyState compact title={t('plexus.empty')} />}
            {site.hubs.map((hub) => (
              <div key={hub.id}>
                <SectionBar title={t('plexus.hub', { name: hub.name })} end={online(hub.online)} />
                <VirtualTable
                  label={t('plexus.hub', { name: hub.name })}
                  columns={columns}
                  rows={hub.nodes}
                  rowId={(n) => n.id}
                  density="compact"
                  height={Math.min(hub.nodes.length, 8) * ROW_PX + HEAD_PX}
                  status={<Muted small>{t('plexus.empty')}</Muted>}
                />
              </div>
            ))}
          </Card>
        ))}
      </Grid>
    </Page>
  );
}
