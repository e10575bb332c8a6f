import { useId } from 'react';
import { formatDate, formatNumber, t } from '../../i18n';
import * as s from '../shared.css';
import * as r from './reading-tiles.css';

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
}

export interface ReadingTilesProps {
  /** The list's accessible name. */
  label: string;
  /** One tile per feed, in the order shown. */
  tiles: readonly ReadingTile[];
}

/**
 * The latest value of each feed as a list of tiles: feed, node, value with unit and the time of the reading. Each
 * tile is named by its feed and node, so a screen reader's list of items reads like the tiles look.
 */
export function ReadingTiles({ label, tiles }: ReadingTilesProps) {
  const id = useId();
  if (tiles.length === 0) return <p className={r.empty}>{t('site.noTiles')}</p>;
  return (
    <ul className={r.tiles} aria-label={label}>
      {tiles.map((tile, i) => {
        const nameId = `${id}-${i}-name`;
        const nodeId = `${id}-${i}-node`;
        return (
          <li key={tile.feedId} className={r.tile[tile.reading ? (tile.range ?? 'plain') : 'none']} aria-labelledby={`${nameId} ${nodeId}`}>
            <span id={nameId} className={r.name}>{tile.feedName}</span>
            <span id={nodeId} className={r.node}>{tile.nodeName}</span>
            {tile.reading ? (
              <>
                <span className={tile.range === 'out' ? r.valueOut : r.value}>
                  {formatNumber(tile.reading.value, { maximumFractionDigits: 2 })} {tile.unit}
                  {tile.range === 'out' && <span className={s.visuallyHidden}> ({t('site.outOfRange')})</span>}
                </span>
                <time className={r.time} dateTime={new Date(tile.reading.at).toISOString()}>{formatDate(tile.reading.at)}</time>
              </>
            ) : (
              <span className={r.valueNone}>{t('site.noReading')}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
