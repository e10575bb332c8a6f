import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { useActors } from '../actors';
import { formatDate, formatNumber, t } from '../../i18n';
import { SHARED_DAYS, sharedDashboardMachine, type SharedDays } from '../../machines/shared-dashboard.machine';
import { bucketMsOf, rankFeeds } from '../../machines/site-view';
import { ReadingsChart } from '../ui/readings-chart';
import { VirtualTable } from '../ui/virtual-table';
import { Card, Grid, Muted, PageHeader, Stack, Toolbar } from '../ui/layout';
import { Button } from '../ui/button';
import { SelectField } from '../ui/form-field';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { Callout } from '../ui/callout';
import { SiteTilesCard } from './site-tiles-card';
import { chartKeysOf } from '../site-readings/feed-tiles';
import { SiteHealthStrip } from '../site-readings/site-health-strip';
import { HUB_COLUMNS, NODE_COLUMNS } from './device-columns';
import * as p from '../ui/print.css';

/**
 * The shared site dashboard (`/site-dashboard-export/site/{id}`, docs/product.md, Share links): what a link's holder sees
 * without an account — one site's latest readings, its chart and its devices, read-only, until the link expires or
 * is revoked; then a clear page and nothing of the site. Prints on A4 (the browser's print to PDF).
 */
export function SharedDashboardView() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  return <SharedDashboard key={token} token={token} />;
}

function SharedDashboard({ token }: { token: string }) {
  const { preferences, whiteLabel } = useActors();
  const dark = useSelector(preferences, (st) => st.context.mode === 'dark');
  const actor = useActorRef(sharedDashboardMachine, { input: { token, width: typeof window === 'undefined' ? 1000 : window.innerWidth - 64 } });
  const dashboard = useSelector(actor, (s) => s.context.dashboard);
  const readings = useSelector(actor, (s) => s.context.readings);
  const view = useSelector(actor, (s) => s.context.view);
  const failure = useSelector(actor, (s) => s.context.failure);
  const readingsFailure = useSelector(actor, (s) => s.context.readingsFailure);
  const state = useSelector(actor, (s) => (s.matches('gone') ? 'gone' : s.matches('failed') ? 'failed' : s.matches('loading') ? 'loading' : 'open'));
  const reading = useSelector(actor, (s) => s.matches({ open: 'reading' }));
  const days = useMemo(() => SHARED_DAYS.map((d) => ({ value: String(d), label: t(`shared.days.${d}`) })), []);
  // Once per answer: the chart redraws when its keys change.
  const ranked = useMemo(() => {
    if (!dashboard) return null;
    const feeds = rankFeeds(dashboard.nodes, dashboard.site);
    return { feeds, chartKeys: chartKeysOf(feeds, dashboard.site) };
  }, [dashboard]);
  const logo = useSelector(whiteLabel, (st) => st.context.settings.siteLogoUrl);
  if (state === 'gone' || !token) {
    return (
      <main className={p.sheet}>
        <PageHeader title={t('shared.goneTitle')} subtitle={t('shared.goneBody')} />
      </main>
    );
  }
  if (state !== 'open' || !dashboard || !ranked) {
    return (
      <main className={p.sheet}>
        {state === 'failed' ? (
          <ErrorState message={t(failure?.key ?? 'failure.unknown', failure?.params)} action={<Button onClick={() => actor.send({ type: 'shared.retry' })}>{t('shared.retry')}</Button>} />
        ) : (
          <LoadingState label={t('shared.loading')} />
        )}
      </main>
    );
  }
  const { site, nodes, hubs } = dashboard;
  const { feeds, chartKeys } = ranked;
  return (
    <main className={p.sheet} aria-labelledby="page-title">
      <Stack gap="lg">
        {/* The host's white label: a company's link shows its own brand, as its people's pages do. */}
        {logo && <img src={logo} alt={t('app.name')} className={p.logo} />}
        <PageHeader title={site.name} subtitle={t('shared.subtitle', { until: formatDate(new Date(dashboard.expiresAt)), zone: site.timezone })} />
        <Callout tone="info">{t('shared.readOnly')}</Callout>
        <SiteHealthStrip hubCount={hubs.length} nodeCount={nodes.length} hubs={hubs} nodes={nodes} feeds={feeds} site={site} />
        <SiteTilesCard feeds={feeds} site={site} charted={new Set(view.feedIds)} now={Date.now()} />
        <Card title={t('site.chart')} padding="sm">
          <Stack gap="sm">
            <div className={p.screenOnly}>
              <Toolbar>
                <SelectField label={t('shared.period')} value={String(view.days)} options={days} onChange={(v) => actor.send({ type: 'shared.days', days: Number(v) as SharedDays })} onBlur={() => undefined} />
              </Toolbar>
            </div>
            {readingsFailure && <ErrorState compact message={t(readingsFailure.key, readingsFailure.params)} />}
            {reading && !readings ? (
              <LoadingState label={t('shared.loadingReadings')} variant="skeleton" lines={6} />
            ) : readings && readings.series.some((x) => x.t.length > 0) ? (
              <ReadingsChart series={readings.series} dark={dark} bucketMs={bucketMsOf(view)} names={chartKeys.names} bands={chartKeys.bands} />
            ) : (
              <EmptyState compact title={t('site.noData')} />
            )}
          </Stack>
        </Card>
        <Grid min="26rem">
          <Card title={t('site.hubs')} padding="sm">
            <VirtualTable label={t('site.hubs')} columns={HUB_COLUMNS()} rows={hubs} rowId={(h) => h.id} height={Math.min(400, 48 + hubs.length * 32)} density="compact" />
          </Card>
          <Card title={t('site.nodes')} padding="sm">
            <VirtualTable label={t('site.nodes')} columns={NODE_COLUMNS()} rows={nodes} rowId={(n) => n.id} height={Math.min(600, 48 + nodes.length * 32)} density="compact" />
          </Card>
        </Grid>
        <Muted small as="p">
          {t('shared.footer', { count: formatNumber(nodes.length), at: formatDate(new Date()) })}
        </Muted>
      </Stack>
    </main>
  );
}
