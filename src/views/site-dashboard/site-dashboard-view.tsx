import { useCallback, useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { useActors } from '../actors';
import { formatDate, formatNumber, t, type I18nKey } from '../../i18n';
import { bucketMsOf, rangeOf, siteDashboardMachine, viewFromSearch } from '../../machines/site-dashboard.machine';
import { DATA_VIEWS, INTERVALS, type Aggregation, type DataViewType, type HubInfo, type Interval, type NodeInfo } from '../../api/contract/monitoring';
import { ReadingsChart } from './readings-chart';
import { VirtualTable, type Column } from '../ui/virtual-table';
import { ReadingTiles, type ReadingTile } from './reading-tiles';
import { minmaxRows, type MinMaxRow } from './minmax-rows';
import * as s from '../shared.css';
import * as v from './site-dashboard.css';

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

function SiteDashboardPage({ search, onWrite }: { search: string; onWrite: (search: string) => void }) {
  const { session } = useActors();
  const site = useActorRef(siteDashboardMachine, {
    input: { view: viewFromSearch(search), width: typeof window === 'undefined' ? 1000 : window.innerWidth - 320, session },
  });
  const page = useSelector(site, (st) => (st.matches({ page: 'open' }) ? 'open' : st.matches({ page: 'picking' }) ? 'picking' : 'waiting'));
  // The machine owns the view; the URL only mirrors it so it can be bookmarked and shared.
  useEffect(() => {
    const sub = site.on('view.changed', (e) => {
      onWrite(e.search.replace(/^\?/, ''));
      // The hash is the page's own (a section link); the view only owns the query.
      navigate(`/site-dashboard${e.search}${window.location.hash}`, { replace: true });
    });
    return () => sub.unsubscribe();
  }, [site, onWrite]);
  if (page === 'open') return <SiteDashboard site={site} />;
  if (page === 'picking') return <SitePicker site={site} />;
  // Finding the last site viewed, or whether the open one is the new company's: nothing of an old site is shown.
  return (
    <section className={v.page} aria-labelledby="page-title">
      <h1 id="page-title" className={s.title}>{t('site.title')}</h1>
      <p role="status">{t('site.loading')}</p>
    </section>
  );
}

function SitePicker({ site }: { site: SiteActor }) {
  const sites = useSelector(site, (st) => st.context.sites);
  const loading = useSelector(site, (st) => st.matches({ sites: 'loading' }));
  const error = useSelector(site, (st) => (st.matches({ sites: 'failed' }) ? (st.context.errors.sites ?? '') : null));
  return (
    <section className={v.page} aria-labelledby="page-title">
      <div>
        <h1 id="page-title" className={s.title}>{t('site.choose')}</h1>
        <p className={v.muted}>{t('site.chooseIntro')}</p>
      </div>
      {loading && <p role="status">{t('site.loading')}</p>}
      {error !== null && (
        <p role="alert" className={s.errorText}>
          {t('site.failed', { message: error })}{' '}
          <button type="button" className={v.button} onClick={() => site.send({ type: 'sites.load' })}>{t('site.refresh')}</button>
        </p>
      )}
      <ul className={v.list}>
        {sites.map((x) => (
          <li key={x.id}>
            <a
              href={`/site-dashboard?site=${encodeURIComponent(x.id)}`}
              onClick={(e) => {
                e.preventDefault();
                site.send({ type: 'site.open', siteId: x.id });
              }}
            >
              {x.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

const ago = (iso: string | null) => (iso ? formatDate(new Date(iso)) : t('site.never'));

function SiteDashboard({ site }: { site: SiteActor }) {
  const { preferences } = useActors();
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
  const ids = { interval: useId(), agg: useId(), view: useId(), from: useId(), to: useId() };
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  // The chart's width decides how many points the server sends (about two per pixel).
  useEffect(() => {
    const el = chartBox.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => entry && site.send({ type: 'view.width', px: entry.contentRect.width }));
    ro.observe(el);
    return () => ro.disconnect();
  }, [site]);

  const feeds = useMemo(() => nodes.flatMap((n) => n.feeds.map((f) => ({ ...f, node: n }))), [nodes]);
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
      };
    });
  }, [asTiles, readings, feeds, info]);
  const feedTiles: ReadingTile[] = feeds
    .filter((f) => selected.has(f.id))
    .map((f) => ({
      feedId: f.id,
      feedName: f.name,
      nodeName: f.node.name,
      unit: f.unit,
      reading: f.latest ? { value: f.latest.value, at: Date.parse(f.latest.at) } : null,
      range: f.latest ? rangeOf(f, f.node.deviceType, f.latest.value, info) : null,
    }));

  const nodeColumns = useMemo<Column<NodeInfo>[]>(
    () => [
      { id: 'name', header: t('site.name'), cell: (n) => n.name, width: '2fr' },
      { id: 'type', header: t('site.type'), cell: (n) => n.deviceType, width: '1.5fr' },
      { id: 'status', header: t('site.status'), cell: (n) => (n.online ? t('site.statusOnline') : <span className={v.bad}>{t('site.statusOffline')}</span>) },
      { id: 'battery', header: t('site.battery'), cell: (n) => (n.batteryPct === null ? '—' : `${formatNumber(n.batteryPct, { maximumFractionDigits: 0 })} %`) },
      { id: 'signal', header: t('site.signal'), cell: (n) => (n.signalDbm === null ? '—' : `${formatNumber(n.signalDbm)} dBm`) },
      { id: 'seen', header: t('site.lastSeen'), cell: (n) => ago(n.lastSeenAt), width: '1.5fr' },
    ],
    [],
  );
  const hubColumns = useMemo<Column<HubInfo>[]>(
    () => [
      { id: 'name', header: t('site.name'), cell: (h) => h.name, width: '2fr' },
      { id: 'serial', header: t('site.serial'), cell: (h) => h.serial },
      { id: 'fw', header: t('site.firmware'), cell: (h) => h.firmware },
      { id: 'nodes', header: t('site.nodeCount'), cell: (h) => h.nodeCount },
      { id: 'status', header: t('site.status'), cell: (h) => (h.online ? t('site.statusOnline') : <span className={v.bad}>{t('site.statusOffline')}</span>) },
      { id: 'seen', header: t('site.lastSeen'), cell: (h) => ago(h.lastSeenAt), width: '1.5fr' },
    ],
    [],
  );
  const rows = useMemo(() => minmaxRows(minmax?.series ?? []), [minmax]);
  const minmaxColumns = useMemo<Column<MinMaxRow>[]>(
    () => [
      { id: 'ts', header: t('site.bucket'), cell: (r) => formatDate(new Date(r.ts)), width: '1.6fr' },
      ...(minmax?.series ?? []).map((x, i) => ({
        id: x.feedId,
        header: `${x.name} (${x.unit}) ${t('site.min')}–${t('site.max')}`,
        cell: (r: MinMaxRow) => {
          const j = r.at[i]!;
          const min = j < 0 ? undefined : x.min?.[j];
          const max = j < 0 ? undefined : x.max?.[j];
          return min !== undefined && max !== undefined ? `${formatNumber(min, { maximumFractionDigits: 2 })} – ${formatNumber(max, { maximumFractionDigits: 2 })}` : '—';
        },
      })),
    ],
    [minmax],
  );

  return (
    <div className={v.page}>
      <section aria-labelledby="page-title">
        <div className={v.header}>
          <h1 id="page-title" className={s.title}>{info?.name ?? t('site.title')}</h1>
          <button type="button" className={v.button} onClick={() => site.send({ type: 'site.choose' })}>{t('site.allSites')}</button>
        </div>
        {info?.parentSiteId && info.parentName && (
          <p>
            <a href={`/site-dashboard?site=${encodeURIComponent(info.parentSiteId)}`} onClick={(e) => openSite(e, info.parentSiteId!)}>
              {t('site.parent', { site: info.parentName })}
            </a>
          </p>
        )}
        {errors.info && <p role="alert" className={s.errorText}>{t('site.failed', { message: errors.info })}</p>}
        {info && (
          <dl className={v.facts}>
            <dt>{t('site.address')}</dt>
            <dd>{info.address || '—'}</dd>
            <dt>{t('site.coordinates')}</dt>
            <dd>{info.latitude !== null && info.longitude !== null ? `${info.latitude.toFixed(6)}, ${info.longitude.toFixed(6)}` : info.coordinates || '—'}</dd>
            <dt>{t('site.timezone')}</dt>
            <dd>{info.timezone}</dd>
            <dt>{t('site.safeRange')}</dt>
            <dd>
              {formatNumber(info.safeMin)}–{formatNumber(info.safeMax)} °C
            </dd>
          </dl>
        )}
      </section>

      {subSites.length > 0 && (
        <nav aria-label={t('site.subSites')} className={v.card}>
          <h2>{t('site.subSites')}</h2>
          <ul className={v.list}>
            {subSites.map((sub) => (
              <li key={sub.id}>
                <a href={`/site-dashboard?site=${encodeURIComponent(sub.id)}`} onClick={(e) => openSite(e, sub.id)}>
                  {sub.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <section className={v.card} aria-labelledby="chart-title">
        <h2 id="chart-title">{t('site.chart')}</h2>
        <fieldset className={v.controls}>
          <legend className={s.visuallyHidden}>{t('site.controls')}</legend>
          <div className={v.control}>
            <label htmlFor={ids.interval}>{t('site.interval')}</label>
            <select id={ids.interval} className={v.select} value={view.interval} onChange={(e) => site.send({ type: 'view.interval', interval: e.target.value as Interval })}>
              {INTERVALS.map((i) => <option key={i} value={i}>{t(`interval.${i}` as I18nKey)}</option>)}
            </select>
          </div>
          <div className={v.control}>
            <label htmlFor={ids.agg}>{t('site.aggregation')}</label>
            <select
              id={ids.agg}
              className={v.select}
              value={view.aggregation === null ? 'none' : String(view.aggregation)}
              onChange={(e) => site.send({ type: 'view.aggregation', aggregation: e.target.value === 'none' ? null : (Number(e.target.value) as Aggregation) })}
            >
              {AGGREGATIONS.map((a) => <option key={a} value={a}>{t(`aggregation.${a}` as I18nKey)}</option>)}
            </select>
          </div>
          <div className={v.control}>
            <label htmlFor={ids.view}>{t('site.dataView')}</label>
            <select id={ids.view} className={v.select} value={view.dataViewType} onChange={(e) => site.send({ type: 'view.dataView', dataViewType: e.target.value as DataViewType })}>
              {DATA_VIEWS.map((d) => <option key={d} value={d}>{t(`dataView.${d}` as I18nKey)}</option>)}
            </select>
          </div>
          <div className={v.control} role="group" aria-label={t('site.range')}>
            <span>{t('site.range')}</span>
            <div className={v.list}>
              {DAYS.map((d) => (
                <button key={d} type="button" aria-pressed={!view.from && view.days === d} className={!view.from && view.days === d ? v.pressed : v.button} onClick={() => site.send({ type: 'view.days', days: d })}>
                  {d === 1 ? t('site.lastDay') : t('site.lastDays', { days: d })}
                </button>
              ))}
            </div>
          </div>
          <div className={v.control}>
            <label htmlFor={ids.from}>{t('site.from')}</label>
            <input id={ids.from} type="datetime-local" className={v.select} value={from} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className={v.control}>
            <label htmlFor={ids.to}>{t('site.to')}</label>
            <input id={ids.to} type="datetime-local" className={v.select} value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
          <button
            type="button"
            className={v.button}
            disabled={!from || !to || Date.parse(from) >= Date.parse(to)}
            onClick={() => site.send({ type: 'view.range', from: new Date(from).toISOString(), to: new Date(to).toISOString() })}
          >
            {t('site.apply')}
          </button>
          <button type="button" className={v.button} onClick={() => site.send({ type: 'view.refresh' })}>{t('site.refresh')}</button>
        </fieldset>
        {feeds.length > 0 && (
          <fieldset className={v.feeds}>
            <legend>{t('site.feeds')}</legend>
            {feeds.map((f) => (
              <label key={f.id}>
                <input type="checkbox" checked={selected.has(f.id)} onChange={() => site.send({ type: 'view.toggleFeed', feedId: f.id })} /> {f.node.name} · {f.name}
              </label>
            ))}
          </fieldset>
        )}
        {errors.readings && <p role="alert" className={s.errorText}>{t('site.failed', { message: errors.readings })}</p>}
        <div ref={chartBox} aria-busy={readingsBusy}>
          {readings && answered && asTiles && (
            <>
              <p className={v.muted}>{t('site.readingIntro')}</p>
              <ReadingTiles label={t('site.readingTiles')} tiles={answerTiles} />
            </>
          )}
          {readings && answered && !asTiles && (readings.series.some((x) => x.t.length > 0) ? <ReadingsChart series={readings.series} dark={dark} bucketMs={bucketMsOf(answered)} /> : <p>{t('site.noData')}</p>)}
        </div>
      </section>

      {!asTiles && (
        <section className={v.card} aria-labelledby="tiles-title">
          <h2 id="tiles-title">{t('site.tiles')}</h2>
          <ReadingTiles label={t('site.tiles')} tiles={feedTiles} />
        </section>
      )}

      <section className={v.card} aria-labelledby="minmax-title">
        <h2 id="minmax-title">{t('site.minmax')}</h2>
        {errors.minmax && <p role="alert" className={s.errorText}>{t('site.failed', { message: errors.minmax })}</p>}
        <VirtualTable label={t('site.minmax')} columns={minmaxColumns} rows={rows} rowId={(r) => String(r.ts)} />
      </section>

      <div className={v.two}>
        <section className={v.card} aria-labelledby="hubs-title">
          <h2 id="hubs-title">{t('site.hubs')}</h2>
          {errors.hubs && <p role="alert" className={s.errorText}>{t('site.failed', { message: errors.hubs })}</p>}
          <VirtualTable label={t('site.hubs')} columns={hubColumns} rows={hubs} rowId={(h) => h.id} height={240} />
        </section>
        <section className={v.card} aria-labelledby="nodes-title">
          <h2 id="nodes-title">{t('site.nodes')}</h2>
          {errors.nodes && <p role="alert" className={s.errorText}>{t('site.failed', { message: errors.nodes })}</p>}
          <VirtualTable label={t('site.nodes')} columns={nodeColumns} rows={nodes} rowId={(n) => n.id} height={240} />
        </section>
      </div>
    </div>
  );
}
