import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'wouter';
import { useActors } from '../actors';
import { formatDate, formatNumber, t } from '../../i18n';
import { dashboardMachine } from '../../machines/dashboard.machine';
import { TREND_HOURS, type DashboardReading, type DashboardResponse, type NodeInfo } from '../../api/contract/monitoring';
import type { Failure } from '../../machines/failure';
import { Card, Cluster, Grid, Muted, Page, Stack } from '../ui/layout';
import { Button, ButtonLink } from '../ui/button';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { ChooseCompany } from '../ui/choose-company';
import { StatusBadge } from '../ui/status-badge';
import { Stat, StatStrip } from '../ui/stat';
import { ReadingTiles, type ReadingTile } from '../ui/reading-tiles';
import { TextLink } from '../ui/links';
import { PlainList, PlainListItem } from '../ui/plain-list';
import { Callout } from '../ui/callout';
import { deviceTypeName, signalTypeName } from '../ui/built-in-names';

type Site = DashboardResponse['sites'][number];

const HOUR = 3_600_000;
const say = (f: Failure) => t(f.key, f.params);
/** A site card's latest readings as the site dashboard's tiles take them, each with its last 24 hours. */
function tilesOf(latest: readonly DashboardReading[], now: number): ReadingTile[] {
  // The trend's window ends with the current hour, so hours gone quiet show as a gap at the end, not a shorter line.
  const to = Math.floor(now / HOUR) * HOUR;
  return latest.map((r) => ({
    feedId: r.feedId,
    // The dashboard's answer carries no signal key: a built-in English name is recognised by itself.
    feedName: signalTypeName(null, r.name),
    nodeName: r.nodeName,
    unit: r.unit,
    reading: { value: r.value, at: Date.parse(r.at) },
    range: r.inRange === null ? null : r.inRange ? 'in' : 'out',
    online: r.online,
    band: r.rangeMin !== null || r.rangeMax !== null ? { min: r.rangeMin, max: r.rangeMax } : null,
    trend: { t: r.trend.t, values: r.trend.avg, low: r.trend.min, high: r.trend.max, from: to - (TREND_HOURS - 1) * HOUR, to, gapMs: HOUR },
  }));
}

function NodesOf({ nodes, loading, failure }: { nodes: NodeInfo[]; loading: boolean; failure: Failure | null }) {
  if (loading) return <LoadingState variant="inline" label={t('dashboard.nodesLoading')} />;
  if (failure) return <ErrorState compact message={t('dashboard.nodesFailed', { message: say(failure) })} />;
  if (nodes.length === 0) return <Muted as="p" small>{t('dashboard.noNodes')}</Muted>;
  return (
    <PlainList small>
      {nodes.map((n) => (
        <PlainListItem key={n.id} title={n.name}>
          <Muted small>{deviceTypeName(n.deviceType)}</Muted>
          <StatusBadge variant="inline" status={n.online ? 'ok' : 'offline'} label={n.online ? t('site.statusOnline') : t('site.statusOffline')} />
        </PlainListItem>
      ))}
    </PlainList>
  );
}

interface SiteCardProps {
  site: Site;
  now: number;
  open: boolean;
  onNodes: () => void;
  nodes: NodeInfo[];
  nodesLoading: boolean;
  nodesFailure: Failure | null;
}

function SiteCard({ site, now, open, onNodes, nodes, nodesLoading, nodesFailure }: SiteCardProps) {
  const nodesId = `nodes-${site.id}`;
  const badges = (
    <Cluster gap="xs">
      {site.outOfRangeFeeds > 0 ? (
        <StatusBadge status="error" label={t('dashboard.outOfRange', { count: site.outOfRangeFeeds })} />
      ) : (
        site.latest.some((r) => r.inRange !== null) && <StatusBadge status="ok" label={t('dashboard.allInRange')} />
      )}
      {site.devicesOffline > 0 && <StatusBadge status="offline" label={t('dashboard.offline', { count: site.devicesOffline })} />}
    </Cluster>
  );
  const title = (
    <TextLink id={`site-${site.id}`} data-keyitem href={`/site-dashboard?site=${encodeURIComponent(site.id)}`} aria-label={t('dashboard.open', { site: site.name })}>
      {site.name}
    </TextLink>
  );
  return (
    <li>
      <Card title={title} meta={badges} padding="sm">
        <Stack gap="sm">
          <Cluster gap="sm">
            <Muted small>{t('dashboard.online', { count: site.devicesOnline })}</Muted>
            {site.subSiteCount > 0 && <Muted small>{t('dashboard.subSites', { count: site.subSiteCount })}</Muted>}
            <Muted small>{site.lastReadingAt ? t('dashboard.lastReading', { time: formatDate(new Date(site.lastReadingAt)) }) : t('dashboard.noReadings')}</Muted>
          </Cluster>
          {site.latest.length > 0 && (
            <ReadingTiles label={t('dashboard.latest')} tiles={tilesOf(site.latest, now)} now={now} />
          )}
          <Cluster justify="between" gap="sm">
            {site.address ? <Muted small>{site.address}</Muted> : <span />}
            <Button size="sm" aria-expanded={open} aria-controls={open ? nodesId : undefined} onClick={onNodes}>
              {open ? t('dashboard.hideNodes') : t('dashboard.showNodes', { site: site.name })}
            </Button>
          </Cluster>
          {open && (
            <div id={nodesId}>
              <NodesOf nodes={nodes} loading={nodesLoading} failure={nodesFailure} />
            </div>
          )}
        </Stack>
      </Card>
    </li>
  );
}

/** The dashboard: the company's sites with their health now; one click or Enter opens a site. */
export function DashboardView() {
  const { session } = useActors();
  const companyId = useSelector(session, (st) => st.context.session?.companyId ?? null);
  const role = useSelector(session, (st) => st.context.session?.role);
  if (!companyId) {
    return (
      <Page title={t('dashboard.title')} width="wide">
        <ChooseCompany body={t('dashboard.noCompany')} action={role === 'admin' && <ButtonLink href="/admin-dashboard">{t('dashboard.openAdmin')}</ButtonLink>} />
      </Page>
    );
  }
  return <CompanyDashboard />;
}

function Health({ sites }: { sites: Site[] }) {
  const sum = (f: (s: Site) => number) => sites.reduce((n, s) => n + f(s), 0);
  const offline = sum((s) => s.devicesOffline);
  const out = sum((s) => s.outOfRangeFeeds);
  return (
    <StatStrip label={t('dashboard.health')}>
      <Stat label={t('dashboard.statSites')} value={formatNumber(sites.length)} />
      <Stat label={t('dashboard.statOnline')} value={formatNumber(sum((s) => s.devicesOnline))} status="ok" />
      <Stat label={t('dashboard.statOffline')} value={formatNumber(offline)} status={offline > 0 ? 'offline' : null} />
      <Stat label={t('dashboard.statOutOfRange')} value={formatNumber(out)} status={out > 0 ? 'error' : 'ok'} />
    </StatStrip>
  );
}

/**
 * `/dashboard/company/:id`: an admin's read-only look at one company's dashboard, without shadowing it or switching
 * the session's company. Anyone else is told it is for admins (the machine does not ask the server).
 */
export function AdminCompanyDashboardView() {
  const { id } = useParams<{ id: string }>();
  // Another id is another page: a machine of its own, nothing of the previous company's shown meanwhile.
  return <CompanyDashboard key={id} companyId={id} />;
}

/** The header of an admin's look at another company: whose dashboard it is and a way back. */
function byIdHeader(name: string | null, refused: boolean) {
  return {
    title: name && !refused ? t('dashboard.company.title', { company: name }) : t('dashboard.company.pending'),
    subtitle: name && !refused ? t('dashboard.intro', { company: name }) : undefined,
    back: refused ? <ButtonLink href="/">{t('dashboard.company.home')}</ButtonLink> : <ButtonLink href="/admin-dashboard">{t('dashboard.company.back')}</ButtonLink>,
  };
}

function CompanyDashboard({ companyId = null }: { /** Another company's dashboard, read by id (admins). */ companyId?: string | null }) {
  const { session, stream, companies } = useActors();
  // The machine follows company switches itself (it re-reads the sites for the new token), the session's role and the
  // live stream; the role it starts from is the session's now.
  const dash = useActorRef(dashboardMachine, { input: { session, live: stream, companyId, role: session.getSnapshot().context.session?.role ?? null } });
  const data = useSelector(dash, (st) => st.context.dashboard);
  const refusal = useSelector(dash, (st) => (st.matches({ sites: 'refused' }) ? st.context.error : null));
  const refused = refusal !== null;
  const failure = useSelector(dash, (st) => (st.matches({ sites: 'refused' }) ? null : st.context.error));
  // The company's name before its sites arrive: an admin's list of companies holds every company.
  const knownName = useSelector(companies, (st) => (companyId ? (st.context.companies.find((c) => c.id === companyId)?.name ?? null) : null));
  const loading = useSelector(dash, (st) => st.matches({ sites: 'loading' }));
  const openSite = useSelector(dash, (st) => st.context.siteId);
  const nodes = useSelector(dash, (st) => st.context.nodes);
  const nodesLoading = useSelector(dash, (st) => st.matches({ nodes: 'requesting' }));
  const nodesFailure = useSelector(dash, (st) => (st.matches({ nodes: 'error' }) ? st.context.nodesError : null));
  // Read at each render: the machine re-reads the sites every minute, so "5 min ago" never lags by more than that.
  const now = Date.now();
  const refresh = () => dash.send({ type: 'dashboard.refresh' });
  const byId = companyId !== null ? byIdHeader(data?.companyName ?? knownName, refused) : null;
  return (
    <Page
      title={byId ? byId.title : t('dashboard.title')}
      subtitle={byId ? byId.subtitle : data ? t('dashboard.intro', { company: data.companyName }) : undefined}
      actions={
        <>
          {byId?.back}
          {!refused && (
            <Button onClick={refresh} busy={loading && data !== null}>
              {t('dashboard.refresh')}
            </Button>
          )}
        </>
      }
      width="wide"
    >
      {byId && !refused && (
        <Callout tone="info" role="note" flush>
          {t('dashboard.company.note')}
        </Callout>
      )}
      {refusal && <ErrorState title={t('dashboard.company.refusedTitle')} message={t(refusal.key, refusal.params)} />}
      {failure && (
        <ErrorState compact={data !== null} message={t('dashboard.failed', { message: say(failure) })} action={<Button onClick={refresh}>{t('dashboard.retry')}</Button>} />
      )}
      {!data && !failure && !refused && <LoadingState variant="skeleton" label={t('dashboard.loading')} lines={6} />}
      {data && data.sites.length === 0 && <EmptyState title={t('dashboard.none')} />}
      {data && data.sites.length > 0 && (
        <>
          <Health sites={data.sites} />
          <Grid as="ul" keyList min="22rem" gap="md" aria-label={t('dashboard.sites')}>
            {data.sites.map((site) => (
              <SiteCard
                key={site.id}
                site={site}
                now={now}
                open={openSite === site.id}
                onNodes={() => dash.send(openSite === site.id ? { type: 'dashboard.closeNodes' } : { type: 'dashboard.nodes', siteId: site.id })}
                nodes={openSite === site.id ? nodes : []}
                nodesLoading={openSite === site.id && nodesLoading}
                nodesFailure={openSite === site.id ? nodesFailure : null}
              />
            ))}
          </Grid>
        </>
      )}
    </Page>
  );
}
