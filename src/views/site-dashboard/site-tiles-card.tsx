import { useState } from 'react';
import { t } from '../../i18n';
import type { SiteBasicInfo } from '../../api/contract/monitoring';
import { isFridgeFeed, type SiteFeed } from '../../machines/site-view';
import { Button } from '../ui/button';
import { Card, Cluster, Muted } from '../ui/layout';
import { formatRange } from '../ui/reading-format';
import { feedTilesOf } from '../site-readings/feed-tiles';
import { ReadingTiles } from '../ui/reading-tiles';
import type { TileTrend } from './tile-trend';

export interface SiteTilesCardProps {
  /** The site's feeds, ranked (rankFeeds). */
  feeds: readonly SiteFeed[];
  /** The site's fridge safe range. */
  site: Pick<SiteBasicInfo, 'safeMin' | 'safeMax'> | null;
  /** The chart's feeds: the tiles show these until every feed is asked for. */
  charted: ReadonlySet<string>;
  trends?: ReadonlyMap<string, TileTrend> | null;
  now: number;
  /** The trends' window in words, and whether it ends now (see ReadingTiles). */
  period?: string;
  recent?: boolean;
}

/**
 * "Latest readings" as the site dashboard and its shared page open it: the chart's feeds (what is out of range and the
 * fridges), ranked, with the fridge safe range written out; every feed of the site one click away.
 */
export function SiteTilesCard({ feeds, site, charted, trends, now, period, recent }: SiteTilesCardProps) {
  const [all, setAll] = useState(false);
  const tiles = feedTilesOf(feeds, site, all ? undefined : charted, trends);
  const fridges = site !== null && feeds.some((f) => isFridgeFeed(f, f.node.deviceType));
  return (
    <Card
      title={t('site.tiles')}
      padding="sm"
      meta={
        <Cluster gap="sm">
          {fridges && <Muted small>{t('site.fridgeRange', { range: formatRange(site.safeMin, site.safeMax, '°C') ?? '' })}</Muted>}
          {feeds.length > charted.size && (
            <Button size="sm" variant="quiet" aria-pressed={all} onClick={() => setAll(!all)}>
              {t('site.tilesAll', { count: feeds.length })}
            </Button>
          )}
        </Cluster>
      }
    >
      <ReadingTiles label={t('site.tiles')} tiles={tiles} now={now} period={period} recent={recent} />
    </Card>
  );
}
