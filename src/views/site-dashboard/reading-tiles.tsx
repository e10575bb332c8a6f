import { formatNumber, t } from '../../i18n';
import { Sparkline } from '../ui/sparkline';
import { Tile, TileWall } from '../ui/tile';
import { readingStatus } from '../ui/tile-status';
import { EmptyState } from '../ui/states';
import type { TileTrend } from './tile-trend';

/** One feed's latest reading, as a tile shows it. */
export interface ReadingTile {
  feedId: string;
  feedName: string;
  nodeName: string;
  unit: string;
  /** The reading and when it was taken (epoch ms); null when the feed has none yet. */
  reading: { value: number; at: number } | null;
  /** Inside or outside the feed's (or the site's fridge) range; null when it has none. */
  range: 'in' | 'out' | null;
  /** The node reports now; null where unknown. */
  online?: boolean | null;
  /** The range drawn as the trend's band. */
  band?: { min: number | null; max: number | null } | null;
  /** The last 24 hours of what the page loaded; none where the loaded view is another quantity. */
  trend?: TileTrend | null;
}

export interface ReadingTilesProps {
  /** The list's accessible name. */
  label: string;
  /** One tile per feed, in the order shown. */
  tiles: readonly ReadingTile[];
  /** Now (epoch ms), for the time since each reading. */
  now: number;
  /** The trends' window in words ("Last 24 hours"). */
  period?: string;
  /** The window ends now, so the trend's label may say the latest value as "now". */
  recent?: boolean;
}

const valueText = (n: number) => formatNumber(n, { maximumFractionDigits: 2 });

/**
 * The latest value of each feed as a wall of tiles: feed, node, value with unit, status, time since the reading and,
 * when the page holds them, its last 24 hours. Each tile is named by its feed and node.
 */
export function ReadingTiles({ label, tiles, now, period = t('trend.last24h'), recent = true }: ReadingTilesProps) {
  if (tiles.length === 0) return <EmptyState compact title={t('site.noTiles')} />;
  return (
    <TileWall label={label}>
      {tiles.map((tile) => {
        const status = readingStatus({ hasReading: tile.reading !== null, online: tile.online ?? null, inRange: tile.range === null ? null : tile.range === 'in' });
        return (
          <Tile
            key={tile.feedId}
            title={tile.feedName}
            subtitle={tile.nodeName}
            value={tile.reading ? valueText(tile.reading.value) : null}
            unit={tile.unit}
            emptyLabel={t('site.noReading')}
            status={status}
            at={tile.reading?.at ?? null}
            now={now}
            trend={
              tile.trend && (
                <Sparkline
                  {...tile.trend}
                  band={tile.band ?? null}
                  period={period}
                  format={(n) => `${valueText(n)} ${tile.unit}`.trim()}
                  current={recent ? (tile.reading?.value ?? null) : null}
                  tone={status?.status ?? 'neutral'}
                />
              )
            }
          />
        );
      })}
    </TileWall>
  );
}
