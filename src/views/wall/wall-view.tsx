import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { formatDate, t } from '../../i18n';
import { STALE_AFTER_MS, wallMachine, wallView, type WallActor } from '../../machines/wall.machine';
import { sessionWallMachine } from '../../machines/wall-session';
import { useActors } from '../actors';
import { bucketMsOf, rankFeeds } from '../../machines/site-view';
import type { DisplaySite } from '../../api/contract/displays';
import { ReadingsChart } from '../ui/readings-chart';
import { ReadingTiles } from '../ui/reading-tiles';
import { Button } from '../ui/button';
import { LoadingState } from '../ui/states';
import { timeSince } from '../ui/tile-time';
import { chartKeysOf, feedTilesOf } from '../site-readings/feed-tiles';
import { SiteHealthStrip } from '../site-readings/site-health-strip';
import * as w from './wall.css';

/**
 * A wall display (`/wall?key=…`): one site of the display's playlist at a time, for a screen on a wall — the site,
 * what is wrong there (its open alerts), its latest readings and its last hours, with how fresh all of it is. No
 * session: the key in the address is the display's. Everything it does is the wall machine's.
 */
export function WallView() {
  const params = new URLSearchParams(useSearch());
  const key = params.get('key')?.trim() ?? '';
  const only = params.get('site')?.trim() || null;
  const { session } = useActors();
  const signedIn = useSelector(session, (st) => st.context.session !== null);
  // Signed in without a key: the person's own sites, by the session (the palette's "Wall mode").
  if (!key && signedIn) return <Wall key={`session:${only ?? ''}`} displayKey="" only={only} />;
  if (!key) {
    return (
      <main className={w.message} aria-labelledby="page-title">
        <h1 id="page-title">{t('wall.noKeyTitle')}</h1>
        <p>{t('wall.noKeyBody')}</p>
      </main>
    );
  }
  return <Wall key={key} displayKey={key} only={null} />;
}

function Wall({ displayKey, only }: { displayKey: string; only: string | null }) {
  const actor = useActorRef(displayKey ? wallMachine : sessionWallMachine, { input: { key: displayKey, only } });
  const phase = useSelector(actor, (s) => (s.matches('revoked') ? 'revoked' : s.matches('running') ? 'running' : s.matches('waiting') ? 'waiting' : 'starting'));
  const site = useSelector(actor, (s) => s.context.site);
  if (phase === 'revoked') {
    return (
      <main className={w.message} aria-labelledby="page-title">
        <h1 id="page-title">{t('wall.revokedTitle')}</h1>
        <p>{t('wall.revokedBody')}</p>
      </main>
    );
  }
  if (!site) {
    return (
      <main className={w.message} aria-labelledby="page-title" aria-busy={phase !== 'waiting'}>
        <h1 id="page-title">{t('wall.title')}</h1>
        {phase === 'waiting' ? <p role="status">{t('wall.waiting')}</p> : <LoadingState label={t('wall.starting')} />}
      </main>
    );
  }
  return <WallSite actor={actor} site={site} />;
}

function WallSite({ actor, site }: { actor: WallActor; site: DisplaySite }) {
  const display = useSelector(actor, (s) => s.context.display);
  const at = useSelector(actor, (s) => s.context.at);
  const readings = useSelector(actor, (s) => s.context.readings);
  const paused = useSelector(actor, (s) => s.context.paused);
  const offline = useSelector(actor, (s) => s.context.offline);
  const readAt = useSelector(actor, (s) => s.context.readAt);
  const now = useSelector(actor, (s) => s.context.now);
  const streaming = useSelector(actor, (s) => s.context.streaming);
  const dark = display?.theme !== 'light';
  // Once per answer: the tiles, the chart's names and bands.
  const shown = useMemo(() => {
    const feeds = rankFeeds(site.nodes, site.site);
    const view = wallView(site);
    return { feeds, view, charted: new Set(view.feedIds), keys: chartKeysOf(feeds, site.site), nodeNames: new Map(site.nodes.map((n) => [n.id, n.name])) };
  }, [site]);
  const count = display?.sites.length ?? 1;
  const ago = readAt === null ? '' : timeSince(readAt, now);
  const freshness = offline ? 'offline' : readAt === null || now - readAt > STALE_AFTER_MS ? 'stale' : streaming ? 'live' : 'read';
  const events = site.openEvents;
  const hasData = readings?.series.some((x) => x.t.length > 0) ?? false;
  return (
    <main className={w.wall} aria-labelledby="page-title">
      <header className={w.header}>
        <h1 id="page-title" className={w.siteName}>
          {site.site.name}
        </h1>
        <div className={w.meta}>
          {count > 1 && <span>{t('wall.position', { at: at + 1, count })}</span>}
          {paused && <strong>{t('wall.paused')}</strong>}
          <span role="status" className={w.freshness[freshness]}>
            {t(`wall.${freshness}`, { ago })}
          </span>
          <time className={w.clock} dateTime={new Date(now).toISOString()}>
            {formatDate(now, { timeStyle: 'short' })}
          </time>
        </div>
      </header>
      {events.length > 0 ? (
        <section className={w.alerts.some} aria-labelledby="wall-alerts">
          <h2 id="wall-alerts" className={w.alertsTitle}>
            {t('wall.alertsTitle', { count: events.length })}
          </h2>
          <ul className={w.alertList}>
            {events.slice(0, 5).map((e) => (
              <li key={e.id}>
                <strong>{t(`alertEvents.severity.${e.severity}`)}</strong> · {e.ruleName} · {shown.nodeNames.get(e.nodeId) ?? ''} · {t('wall.alertSince', { ago: timeSince(Date.parse(e.startedAt), now) })}
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className={w.alerts.none}>✓ {t('wall.noAlerts')}</p>
      )}
      <SiteHealthStrip hubCount={site.hubs.length} nodeCount={site.nodes.length} hubs={site.hubs} nodes={site.nodes} feeds={shown.feeds} site={site.site} />
      <div className={w.body}>
        <section className={w.panel} aria-labelledby="wall-tiles">
          <h2 id="wall-tiles" className={w.panelTitle}>
            {t('site.tiles')}
          </h2>
          <div className={w.tiles}>
            <ReadingTiles label={t('site.tiles')} tiles={feedTilesOf(shown.feeds, site.site, shown.charted)} now={now} decimals={1} />
          </div>
        </section>
        <section className={w.panel} aria-labelledby="wall-chart">
          <h2 id="wall-chart" className={w.panelTitle}>
            {t('wall.chart')}
          </h2>
          {readings && hasData ? (
            <ReadingsChart series={readings.series} dark={dark} bucketMs={bucketMsOf(shown.view)} names={shown.keys.names} bands={shown.keys.bands} height={480} />
          ) : (
            <p>{t('wall.noData')}</p>
          )}
        </section>
      </div>
      <footer className={w.footer}>
        <span>
          {display?.name} · {t('wall.keys')}
        </span>
        <div role="group" aria-label={t('wall.controls')}>
          <Button size="sm" variant="quiet" onClick={() => actor.send({ type: 'wall.previous' })} disabled={count < 2}>
            {t('wall.previous')}
          </Button>
          <Button size="sm" variant="quiet" onClick={() => actor.send({ type: 'wall.pause' })}>
            {paused ? t('wall.resume') : t('wall.pause')}
          </Button>
          <Button size="sm" variant="quiet" onClick={() => actor.send({ type: 'wall.next' })} disabled={count < 2}>
            {t('wall.next')}
          </Button>
        </div>
      </footer>
    </main>
  );
}
