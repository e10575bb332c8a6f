import { formatNumber, t } from '../../i18n';
import type { HubInfo, NodeInfo, SiteBasicInfo } from '../../api/contract/monitoring';
import { rangeOf, type SiteFeed } from '../../machines/site-view';
import { Stat, StatStrip } from '../ui/stat';

/** A site's health in four figures — hubs, nodes, devices offline, feeds out of range — on its dashboard and shared page. */
export function SiteHealthStrip({ hubCount, nodeCount, hubs, nodes, feeds, site }: {
  /** The site's counts, known before its devices are read. */
  hubCount: number;
  nodeCount: number;
  hubs: readonly HubInfo[];
  nodes: readonly NodeInfo[];
  /** The site's feeds (rankFeeds). */
  feeds: readonly SiteFeed[];
  site: Pick<SiteBasicInfo, 'safeMin' | 'safeMax'> | null;
}) {
  const offline = hubs.filter((h) => !h.online).length + nodes.filter((n) => !n.online).length;
  const outOfRange = feeds.filter((f) => f.latest && rangeOf(f, f.node.deviceType, f.latest.value, site) === 'out').length;
  return (
    <StatStrip label={t('dashboard.health')}>
      <Stat label={t('site.hubs')} value={formatNumber(hubCount)} />
      <Stat label={t('site.nodes')} value={formatNumber(nodeCount)} />
      <Stat label={t('dashboard.statOffline')} value={formatNumber(offline)} status={offline > 0 ? 'offline' : 'ok'} />
      <Stat label={t('dashboard.statOutOfRange')} value={formatNumber(outOfRange)} status={outOfRange > 0 ? 'error' : 'ok'} />
    </StatStrip>
  );
}
