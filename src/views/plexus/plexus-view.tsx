import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { formatDate, formatNumber, t } from '../../i18n';
import { plexusMachine } from '../../machines/plexus.machine';
import type { Plexus } from '../../api/contract/monitoring';
import { VirtualTable, type Column } from '../ui/virtual-table';
import * as s from '../shared.css';
import * as v from '../ui/panel.css';

type PlexusNode = Plexus[number]['hubs'][number]['nodes'][number];

/** Plexus: which device has gone quiet, site by site, hub by hub. */
export function PlexusView() {
  const { session } = useActors();
  const companyId = useSelector(session, (st) => st.context.session?.companyId ?? null);
  if (!companyId) {
    return (
      <section className={v.page} aria-labelledby="page-title">
        <h1 id="page-title" className={s.title}>{t('plexus.title')}</h1>
        <p>{t('plexus.noCompany')}</p>
      </section>
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
      { id: 'name', header: t('site.name'), cell: (n) => n.name, width: '2fr' },
      { id: 'type', header: t('site.type'), cell: (n) => n.deviceType, width: '1.5fr' },
      { id: 'status', header: t('site.status'), cell: (n) => (n.online ? t('site.statusOnline') : <span className={v.bad}>{t('site.statusOffline')}</span>) },
      { id: 'seen', header: t('site.lastSeen'), cell: (n) => (n.lastSeenAt ? formatDate(new Date(n.lastSeenAt)) : t('site.never')), width: '1.5fr' },
      { id: 'battery', header: t('site.battery'), cell: (n) => (n.batteryPct === null ? '—' : `${formatNumber(n.batteryPct, { maximumFractionDigits: 0 })} %`) },
      { id: 'signal', header: t('site.signal'), cell: (n) => (n.signalDbm === null ? '—' : `${formatNumber(n.signalDbm)} dBm`) },
    ],
    [],
  );
  return (
    <section className={v.page} aria-labelledby="page-title">
      <div>
        <h1 id="page-title" className={s.title}>{t('plexus.title')}</h1>
        <p className={v.muted}>{t('plexus.intro')}</p>
      </div>
      {loading && <p role="status">{t('plexus.loading')}</p>}
      {error && <p role="alert" className={s.errorText}>{t('plexus.failed', { message: error })}</p>}
      {sites.map((site) => (
        <section key={site.siteId} className={v.card} aria-labelledby={`plexus-${site.siteId}`}>
          <h2 id={`plexus-${site.siteId}`}>{site.siteName}</h2>
          {site.hubs.length === 0 && <p>{t('plexus.empty')}</p>}
          {site.hubs.map((hub) => (
            <div key={hub.id}>
              <h3>
                {t('plexus.hub', { name: hub.name })} — {hub.online ? t('site.statusOnline') : <span className={v.bad}>{t('site.statusOffline')}</span>}
              </h3>
              <VirtualTable label={t('plexus.hub', { name: hub.name })} columns={columns} rows={hub.nodes} rowId={(n) => n.id} height={200} />
            </div>
          ))}
        </section>
      ))}
    </section>
  );
}
