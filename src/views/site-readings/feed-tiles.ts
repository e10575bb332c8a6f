import type { SiteBasicInfo } from '../../api/contract/monitoring';
import { boundsOf, rangeOf, type SiteFeed } from '../../machines/site-view';
import type { TileTrend } from '../ui/reading-tiles';
import type { ReadingTile } from '../ui/reading-tiles';
import { feedName } from '../ui/built-in-names';

/**
 * A tile per feed (those in `only`, when given), in the order given (rankFeeds: what matters first): the latest value
 * judged against the feed's safe range, the band, the node's state and the trend — the same on the site dashboard
 * and on its shared page.
 */
export function feedTilesOf(feeds: readonly SiteFeed[], site: Pick<SiteBasicInfo, 'safeMin' | 'safeMax'> | null, only?: ReadonlySet<string>, trends?: ReadonlyMap<string, TileTrend> | null): ReadingTile[] {
  return feeds
    .filter((f) => !only || only.has(f.id))
    .map((f) => ({
      feedId: f.id,
      feedName: feedName(f),
      nodeName: f.node.name,
      unit: f.unit,
      reading: f.latest ? { value: f.latest.value, at: Date.parse(f.latest.at) } : null,
      range: f.latest ? rangeOf(f, f.node.deviceType, f.latest.value, site) : null,
      online: f.node.online,
      band: boundsOf(f, f.node.deviceType, site),
      trend: trends?.get(f.id) ?? null,
    }));
}

/** What the chart is told of a site's feeds: each line's feed and node for its legend, and each feed's safe range. */
export function chartKeysOf(feeds: readonly SiteFeed[], site: Pick<SiteBasicInfo, 'safeMin' | 'safeMax'> | null) {
  const names = new Map(feeds.map((f) => [f.id, { feed: feedName(f), node: f.node.name }]));
  const bands = new Map<string, { min: number | null; max: number | null }>();
  for (const f of feeds) {
    const b = boundsOf(f, f.node.deviceType, site);
    if (b) bands.set(f.id, b);
  }
  return { names, bands };
}
