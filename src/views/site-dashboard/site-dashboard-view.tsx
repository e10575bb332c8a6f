import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { useActors } from '../actors';
import { formatDate, formatNumber, t, type I18nKey } from '../../i18n';
import { bucketMsOf, rangeOf, rankFeeds, siteDashboardMachine, viewFromSearch } from '../../machines/site-dashboard.machine';
import type { Failure } from '../../machines/failure';
import { DATA_VIEWS, INTERVALS, type Aggregation, type DataViewType, type Interval } from '../../api/contract/monitoring';
import { ReadingsChart } from '../ui/readings-chart';
import { VirtualTable, type Column } from '../ui/virtual-table';
import { ReadingTiles, type ReadingTile } from '../ui/reading-tiles';
import { minmaxRows, type MinMaxRow } from './minmax-rows';
import { tileTrends } from './tile-trend';
import { SiteTilesCard } from './site-tiles-card';
import { chartKeysOf } from '../site-readings/feed-tiles';
import { FeedPicker } from './feed-picker';
import { HUB_COLUMNS, NODE_COLUMNS } from './device-columns';
import { Card, Cluster, Grid, Muted, Page, Stack, Toolbar } from '../ui/layout';
import { Button } from '../ui/button';
import { FieldAction, InputField, SelectField } from '../ui/form-field';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { ChooseCompany } from '../ui/choose-company';
import { OtherCompany } from '../ui/other-company';
import { ExportsDialog } from './exports-dialog';
import { ShareLinksDialog } from './share-links-dialog';
import { NodeDetailDialog } from './node-detail-dialog';
import { SiteHealthStrip } from '../site-readings/site-health-strip';
import { FactList, Fact } from '../ui/facts';
import { CardLink, ChipLink } from '../ui/links';
import { ToggleButtonGroup } from '../ui/toggle-button-group';

const AGGREGATIONS = ['none', '0', '1', '2', '3', '4', '5', '6'] as const;
const DAYS = [1, 7, 30, 90] as const;

/** /site-dashboard: a site chosen by ?site= (or the last one viewed), or the company's sites to choose from. */
export function SiteDashboardView() {
  const search = useSearch();
  // The URL is read when the page opens; afterwards the machine owns the view and writes the URL. A URL that the
  // machine did not write (the palette opening another site or a node, Back) opens the page afresh.
  const written = useRef<string | null>(null);
  const [opened, setOpened] = useState({ key: 0, search });
  if (search !== opened.search && search !== written.current) setOpened({ key: opened.key + 1, search });
  const onWrite = useCallback((s: string) => void (written.current = s), []);
  return <SiteDashboardPage key={opened.key} search={opened.search} onWrite={onWrite} />;
}

type SiteActor = ActorRefFrom<typeof siteDashboardMachine>;
type Panel = 'exports' | 'shares' | null;

function SiteDashboardPage({ search, onWrite }: { search: string; onWrite: (search: string) => void }) {
  const { session, stream, exports } = useActors();
  const site = useActorRef(siteDashboardMachine, {
    input: { view: viewFromSearch(search), width: typeof window === 'undefined' ? 1000 : window.innerWidth - 320, session, live: stream, exports },
  });
  // The exports list and the share links are dialogs over the page; the palette's "Exports" opens the first.
  const [panel, setPanel] = useState<Panel>(() => (new URLSearchParams(search).get('panel') === 'exports' ? 'exports' : null));
  const siteId = useSelector(site, (st) => (st.matches({ page: 'open' }) ? st.context.view.siteId : null));
  const siteName = useSelector(site, (st) => st.context.info?.name);
  const manage = useSelector(site, (st) => st.context.permission?.manage ?? false);
  const view = useSelector(site, (st) => st.context.view);
  const maxPoints = useSelector(site, (st) => st.context.maxPoints);
  const schedule = manage && siteId ? { view, maxPoints } : null;
  const close = useCallback(() => setPanel(null), []);
  const dialog =
    panel === 'exports' ? <ExportsDialog siteId={siteId} siteName={siteName} schedule={schedule} onClose={close} /> : panel === 'shares' && siteId ? <ShareLinksDialog siteId={siteId} siteName={siteName ?? ''} onClose={close} /> : null;
  const page = useSelector(site, (st) => (['open', 'picking', 'noCompany', 'elsewhere', 'missing'] as const).find((p) => st.matches({ page: p })) ?? 'waiting');
  // The machine owns the view; the URL only mirrors it so it can be bookmarked and shared.
  useEffect(() => {
    const sub = site.on('view.changed', (e) => {
      onWrite(e.search.replace(/^\?/, ''));
      // The hash is the page's own (a section link); the view only owns the query.
      navigate(`/site-dashboard${e.search}${window.location.hash}`, { replace: true });
    });
    return () => sub.unsubscribe();
  }, [site, onWrite]);
  if (page === 'open') return <>{<SiteDashboard site={site} openPanel={setPanel} />}{dialog}</>;
  if (page === 'picking') return <>{<SitePicker site={site} />}{dialog}</>;
  if (page === 'noCompany') {
    return (
      <Page title={t('site.title')} width="wide">
        <ChooseCompany />
      </Page>
    );
  }
  if (page === 'elsewhere' || page === 'missing') return <SiteNotHere site={site} />;
  // Finding the last site viewed, or whether the open one is the new company's: nothing of an old site is shown.
  return (
    <Page title={t('site.title')} width="wide">
      <LoadingState variant="skeleton" label={t('site.loading')} lines={6} />
    </Page>
  );
}

/** The site the URL names is not the company's: another of the person's companies has it, or none does. */
function SiteNotHere({ site }: { site: SiteActor }) {
  const elsewhere = useSelector(site, (st) => st.context.elsewhere);
  return (
    <Page title={t('site.title')} width="wide">
      {elsewhere ? (
        <OtherCompany home={elsewhere} text={t('elsewhere.site', { company: elsewhere.companyName })} />
      ) : (
        <ErrorState message={t('elsewhere.siteMissing')} action={<Button onClick={() => site.send({ type: 'site.choose' })}>{t('site.choose')}</Button>} />
      )}
    </Page>
  );
}

function SitePicker({ site }: { site: SiteActor }) {
  const sites = useSelector(site, (st) => st.context.sites);
  const loading = useSelector(site, (st) => st.matches({ sites: 'loading' }));
  const error = useSelector(site, (st) => (st.matches({ sites: 'failed' }) ? (st.context.errors.sites ?? null) : null));
  return (
    <Page title={t('site.choose')} subtitle={t('site.chooseIntro')} width="wide">
      {loading && <LoadingState variant="skeleton" label={t('site.loading')} />}
      {error !== null && (
        <ErrorState message={t('site.failed', { message: t(error.key, error.params) })} action={<Button onClick={() => site.send({ type: 'sites.load' })}>{t('site.refresh')}</Button>} />
      )}
      {!loading && error === null && sites.length === 0 && <EmptyState title={t('dashboard.none')} />}
      {sites.length > 0 && (
        <Grid as="ul" min="16rem" gap="sm" aria-label={t('dashboard.sites')}>
          {sites.map((x) => (
            <li key={x.id}>
              <CardLink
                href={`/site-dashboard?site=${encodeURIComponent(x.id)}`}
                onClick={(e) => {
                  e.preventDefault();
                  site.send({ type: 'site.open', siteId: x.id });
                }}
                title={x.name}
                detail={x.address || undefined}
              />
            </li>
          ))}
        </Grid>
      )}
    </Page>
  );
}


/** A part of the page that failed: the machine's message, in the page's words. */
const Failed = ({ message }: { message: Failure | undefined }) => (message ? <ErrorState compact message={t('site.failed', { message: t(message.key, message.params) })} /> : null);

function SiteDashboard({ site, openPanel }: { site: SiteActor; openPanel: (panel: Panel) => void }) {
  const { preferences, exports } = useActors();
  // What the server says this person may do here (check-permission); nothing is offered before it answers.
  const may = useSelector(site, (st) => ({ export: st.context.permission?.export ?? false, manage: st.context.permission?.manage ?? false }), (a, b) => a.export === b.export && a.manage === b.manage);
  const requesting = useSelector(exports, (st) => st.matches({ request: 'sending' }));
  const requestFailure = useSelector(exports, (st) => st.context.requestFailure);
  const dark = useSelector(preferences, (st) => st.context.mode === 'dark');
  const chartBox = useRef<HTMLDivElement>(null);
  const view = useSelector(site, (st) => st.context.view);
  const info = useSelector(site, (st) => st.context.info);
  const subSites = useSelector(site, (st) => st.context.subSites);
  const nodes = useSelector(site, (st) => st.context.nodes);
  const hubs = useSelector(site, (st) => st.context.hubs);
  const readings = useSelector(site, (st) => st.context.readings);
  const answered = useSelector(site, (st) => st.context.answered);
  const minmax = useSelector(site, (st) => st.context.minmax);
  const errors = useSelector(site, (st) => st.context.errors);
  const readingsBusy = useSelector(site, (st) => st.matches({ page: { open: { readings: 'requesting' } } }));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The node whose detail is open over the page; it follows the node as live readings change it.
  const [detailId, setDetailId] = useState<string | null>(null);
  const detailNode = detailId ? nodes.find((n) => n.id === detailId) : undefined;
  const now = Date.now();

  // The chart's width decides how many points the server sends (about two per pixel).
  useEffect(() => {
    const el = chartBox.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => entry && site.send({ type: 'view.width', px: entry.contentRect.width }));
    ro.observe(el);
    return () => ro.disconnect();
  }, [site]);

  // What matters first: out of range, the fridges, other ranged feeds, then the rest (rankFeeds).
  const feeds = useMemo(() => rankFeeds(nodes, info), [nodes, info]);
  const selected = new Set(view.feedIds);
  const openSite = (e: MouseEvent, id: string) => {
    e.preventDefault();
    site.send({ type: 'site.open', siteId: id });
  };
  // The latest-reading view is tiles: one value per feed is not a line.
  const asTiles = answered?.dataViewType === 'Reading';
  const answerTiles = useMemo<ReadingTile[]>(() => {
    if (!asTiles || !readings) return [];
    const byId = new Map(feeds.map((f) => [f.id, f]));
    return readings.series.map((x) => {
      const feed = byId.get(x.feedId);
      const last = x.t.length - 1;
      const value = x.value?.[last];
      const reading = last >= 0 && value !== undefined ? { value, at: x.t[last]! } : null;
      return {
        feedId: x.feedId,
        feedName: x.name,
        nodeName: feed?.node.name ?? '',
        unit: x.unit,
        reading,
        range: reading && feed ? rangeOf(feed, feed.node.deviceType, reading.value, info) : null,
        online: feed?.node.online ?? null,
      };
    });
  }, [asTiles, readings, feeds, info]);
  // The tiles' trends come from the readings the chart already holds: no request of their own.
  const trends = useMemo(() => (asTiles || !answered ? null : tileTrends(readings, answered, bucketMsOf(answered), Date.now())), [asTiles, readings, answered]);
  const nodeOfFeed = useMemo(() => new Map(feeds.map((f) => [f.id, f.node.name])), [feeds]);
  // Memoised: a new map each render would redraw the chart each render.
  const chartKeys = useMemo(() => chartKeysOf(feeds, info), [feeds, info]);

  const rows = useMemo(() => minmaxRows(minmax?.series ?? []), [minmax]);
  const minmaxColumns = useMemo<Column<MinMaxRow>[]>(
    () => [
      { id: 'ts', header: t('site.bucket'), cell: (r) => formatDate(new Date(r.ts)), width: '1.6fr' },
      ...(minmax?.series ?? []).map((x, i) => ({
        id: x.feedId,
        header: t('site.minmaxHeader', { node: nodeOfFeed.get(x.feedId) ?? '', feed: x.name, unit: x.unit }),
        cell: (r: MinMaxRow) => {
          const j = r.at[i]!;
          const min = j < 0 ? undefined : x.min?.[j];
          const max = j < 0 ? undefined : x.max?.[j];
          return min !== undefined && max !== undefined ? `${formatNumber(min, { maximumFractionDigits: 2 })} – ${formatNumber(max, { maximumFractionDigits: 2 })}` : '—';
        },
      })),
    ],
    [minmax, nodeOfFeed],
  );
  const rangeValid = Boolean(from && to && Date.parse(from) < Date.parse(to));

  return (
    <Page
      title={info?.name ?? t('site.title')}
      subtitle={
        info?.parentSiteId && info.parentName ? (
          <a href={`/site-dashboard?site=${encodeURIComponent(info.parentSiteId)}`} onClick={(e) => openSite(e, info.parentSiteId!)}>
            {t('site.parent', { site: info.parentName })}
          </a>
        ) : undefined
      }
      actions={
        <>
          <Button onClick={() => site.send({ type: 'view.refresh' })} busy={readingsBusy}>{t('site.refresh')}</Button>
          {may.export && (
            <Button busy={requesting} onClick={() => site.send({ type: 'site.export' })}>
              {t('exports.export')}
            </Button>
          )}
          {may.export && <Button onClick={() => openPanel('exports')}>{t('exports.open')}</Button>}
          {may.manage && <Button onClick={() => openPanel('shares')}>{t('shares.open')}</Button>}
          <Button onClick={() => site.send({ type: 'site.choose' })}>{t('site.allSites')}</Button>
        </>
      }
      width="wide"
    >
      <Failed message={errors.info} />
      <Failed message={requestFailure ?? undefined} />
      {info && (
        <SiteHealthStrip hubCount={info.hubCount} nodeCount={info.nodeCount} hubs={hubs} nodes={nodes} feeds={feeds} site={info} />
      )}

      {subSites.length > 0 && (
        <nav aria-label={t('site.subSites')}>
          <Card title={t('site.subSites')} padding="sm">
            <Cluster gap="sm">
              {subSites.map((sub) => (
                <ChipLink key={sub.id} href={`/site-dashboard?site=${encodeURIComponent(sub.id)}`} onClick={(e) => openSite(e, sub.id)}>
                  {sub.name}
                </ChipLink>
              ))}
            </Cluster>
          </Card>
        </nav>
      )}

      {!asTiles && (
        <SiteTilesCard
          feeds={feeds}
          site={info}
          charted={selected}
          trends={trends?.byFeed}
          now={now}
          period={!trends || trends.recent ? t('trend.last24h') : t('trend.dayTo', { time: formatDate(trends.to) })}
          recent={!trends || trends.recent}
        />
      )}

      <Card title={t('site.chart')} padding="sm">
        <Stack gap="sm">
          <Toolbar label={t('site.controls')}>
            <SelectField label={t('site.interval')} value={view.interval} onBlur={() => undefined} onChange={(x) => site.send({ type: 'view.interval', interval: x as Interval })} options={INTERVALS.map((i) => ({ value: i, label: t(`interval.${i}` as I18nKey) }))} />
            <SelectField
              label={t('site.aggregation')}
              value={view.aggregation === null ? 'none' : String(view.aggregation)}
              onBlur={() => undefined}
              onChange={(x) => site.send({ type: 'view.aggregation', aggregation: x === 'none' ? null : (Number(x) as Aggregation) })}
              options={AGGREGATIONS.map((a) => ({ value: a, label: t(`aggregation.${a}` as I18nKey) }))}
            />
            <SelectField label={t('site.dataView')} value={view.dataViewType} onBlur={() => undefined} onChange={(x) => site.send({ type: 'view.dataView', dataViewType: x as DataViewType })} options={DATA_VIEWS.map((d) => ({ value: d, label: t(`dataView.${d}` as I18nKey) }))} />
          </Toolbar>
          <Toolbar>
            <ToggleButtonGroup
              label={t('site.range')}
              value={view.from ? null : view.days}
              options={DAYS.map((d) => ({ value: d, label: d === 1 ? t('site.lastDay') : t('site.lastDays', { days: d }) }))}
              onChange={(days) => site.send({ type: 'view.days', days })}
            />
            <InputField label={t('site.from')} type="datetime-local" value={from} onChange={setFrom} />
            <InputField label={t('site.to')} type="datetime-local" value={to} onChange={setTo} />
            <FieldAction>
              <Button variant="secondary" disabled={!rangeValid} onClick={() => site.send({ type: 'view.range', from: new Date(from).toISOString(), to: new Date(to).toISOString() })}>
                {t('site.apply')}
              </Button>
            </FieldAction>
          </Toolbar>
          {feeds.length > 0 && (
            <FeedPicker feeds={feeds} selected={view.feedIds} onToggle={(feedId) => site.send({ type: 'view.toggleFeed', feedId })} onSet={(feedIds) => site.send({ type: 'view.feeds', feedIds })} />
          )}
          <Failed message={errors.readings} />
          <div ref={chartBox} aria-busy={readingsBusy}>
            {!readings && !errors.readings && <LoadingState variant="skeleton" label={t('site.loading')} lines={5} />}
            {readings && answered && asTiles && (
              <>
                <Muted as="p" small>{t('site.readingIntro')}</Muted>
                <ReadingTiles label={t('site.readingTiles')} tiles={answerTiles} now={now} />
              </>
            )}
            {readings && answered && !asTiles && (readings.series.some((x) => x.t.length > 0) ? <ReadingsChart series={readings.series} dark={dark} bucketMs={bucketMsOf(answered)} names={chartKeys.names} bands={chartKeys.bands} /> : <EmptyState compact title={t('site.noData')} />)}
          </div>
        </Stack>
      </Card>

      <Card title={t('site.minmax')} padding="sm">
        <Failed message={errors.minmax} />
        <VirtualTable label={t('site.minmax')} columns={minmaxColumns} rows={rows} rowId={(r) => String(r.ts)} density="compact" />
      </Card>

      <Grid min="36rem" gap="md">
        <Card title={t('site.hubs')} padding="sm">
          <Failed message={errors.hubs} />
          <VirtualTable label={t('site.hubs')} columns={HUB_COLUMNS()} rows={hubs} rowId={(h) => h.id} height={240} density="compact" />
        </Card>
        <Card title={t('site.nodes')} padding="sm">
          <Failed message={errors.nodes} />
          <VirtualTable label={t('site.nodes')} columns={NODE_COLUMNS((n) => setDetailId(n.id))} rows={nodes} rowId={(n) => n.id} height={240} density="compact" />
        </Card>
      </Grid>
      {info && (
        <Card title={t('site.about')} padding="sm">
        <FactList>
          <Fact term={t('site.address')}>
            <bdi>{info.address || '—'}</bdi>
          </Fact>
          <Fact term={t('site.coordinates')}>
            <bdi>{info.latitude !== null && info.longitude !== null ? `${formatNumber(info.latitude, { minimumFractionDigits: 6, maximumFractionDigits: 6 })}, ${formatNumber(info.longitude, { minimumFractionDigits: 6, maximumFractionDigits: 6 })}` : info.coordinates || '—'}</bdi>
          </Fact>
          <Fact term={t('site.timezone')}>
            <bdi>{info.timezone}</bdi>
          </Fact>
        </FactList>
        </Card>
      )}
      {detailNode && <NodeDetailDialog key={detailNode.id} node={detailNode} site={info} onClose={() => setDetailId(null)} />}
    </Page>
  );
}
