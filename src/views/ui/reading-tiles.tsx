import { t } from '../../i18n';
import { formatRange, formatReading, ON_OFF_UNIT } from './reading-format';
import { Sparkline } from './sparkline';
import { Tile, TileWall } from './tile';
import { readingStatus } from './tile-status';
import { EmptyState } from './states';

/** A tile's trend as the sparkline takes it. */
export interface TileTrend {
  t: readonly number[];
  values: readonly number[];
  low: readonly number[];
  high: readonly number[];
  from: number;
  to: number;
  gapMs: number;
}

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
  /** Every value with exactly this many decimals (a wall display: one); up to two, as needed, when absent. */
  decimals?: number;
}


/**
 * The latest value of each feed as a wall of tiles: node, feed and its safe range written out, value with unit,
 * status, time since the reading and, when the page holds them, its last 24 hours. Each tile is named by its node and
 * feed: on a site the node says where ("Medication Fridge Ground Floor"), the feed says what.
 */
export function ReadingTiles({ label, tiles, now, period = t('trend.last24h'), recent = true, decimals }: ReadingTilesProps) {
  const shown = (value: number, unit: string) => (decimals === undefined ? formatReading(value, unit) : formatReading(value, unit, decimals, true));
  if (tiles.length === 0) return <EmptyState compact title={t('site.noTiles')} />;
  return (
    <TileWall label={label}>
      {tiles.map((tile) => {
        const switched = tile.unit === ON_OFF_UNIT;
        const status = readingStatus({ hasReading: tile.reading !== null, online: tile.online ?? null, inRange: tile.range === null ? null : tile.range === 'in' });
        return (
          <Tile
            key={tile.feedId}
            title={tile.nodeName || tile.feedName}
            subtitle={subtitleOf(tile)}
            value={tile.reading ? (switched ? formatReading(tile.reading.value, tile.unit) : shown(tile.reading.value, '')) : null}
            unit={switched ? undefined : tile.unit}
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
                  format={(n) => formatReading(n, tile.unit)}
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

/** The feed, with its safe range written out where it has one ("Temperature · safe 2–8 °C"). */
function subtitleOf(tile: ReadingTile): string {
  const range = tile.band ? formatRange(tile.band.min, tile.band.max, tile.unit) : null;
  const feed = tile.nodeName ? tile.feedName : '';
  return [feed, range && t('tile.safe', { range })].filter(Boolean).join(' · ');
}
