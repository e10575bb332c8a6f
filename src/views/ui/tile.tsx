import { useId, type ReactNode } from 'react';
import { formatDate } from '../../i18n';
import { StatusBadge, type Status } from './status-badge';
import { timeSince } from './tile-time';
import * as c from './tile.css';

export { timeSince } from './tile-time';

/** What a tile says about its reading: a status (colour and symbol) and the words for it. */
export interface TileStatus {
  status: Status;
  /** "In range", "Out of range", "Offline": read aloud, and shown beside the symbol. */
  label: string;
}

export interface TileProps {
  /** The tile's name: the feed. */
  title: string;
  /** Where the reading comes from: the node (and site). Part of the tile's accessible name. */
  subtitle?: string;
  /** The value as shown (already formatted), null when there is none yet. */
  value: string | null;
  unit?: string;
  /** Shown instead of the value when there is none ("No reading yet"). */
  emptyLabel: string;
  /** The judgement of the reading; none for a feed without a range that is reporting. */
  status?: TileStatus | null;
  /** When the reading was taken (epoch ms), shown as time since `now`, the full date on hover. */
  at?: number | null;
  now: number;
  /** The trend under the value: usually a <Sparkline>. */
  trend?: ReactNode;
  /** `li` inside a list of tiles (the default), `div` elsewhere. */
  as?: 'li' | 'div';
}

/**
 * A dense reading tile for a wall of data: name and source, the value large with tabular digits, its status by colour
 * and symbol together (the edge, the badge, the value's colour), the time since the reading and its trend. Named by
 * its title and subtitle, so a list of tiles reads the way it looks.
 */
export function Tile({ title, subtitle, value, unit, emptyLabel, status, at, now, trend, as: Tag = 'li' }: TileProps) {
  const id = useId();
  const tone = status?.status ?? 'none';
  return (
    <Tag className={c.tile[tone]} aria-labelledby={subtitle ? `${id}-t ${id}-s` : `${id}-t`} data-status={tone}>
      {/* dir="auto": a Latin name in an Arabic page keeps its own direction, so the ellipsis cuts its end, not its start. */}
      <span id={`${id}-t`} className={c.title} title={title} dir="auto">
        {title}
      </span>
      {status && (
        <span className={c.status}>
          <StatusBadge status={status.status} label={status.label} />
        </span>
      )}
      {subtitle && (
        <span id={`${id}-s`} className={c.subtitle} title={subtitle} dir="auto">
          {subtitle}
        </span>
      )}
      {value === null ? (
        <span className={c.empty}>{emptyLabel}</span>
      ) : (
        // Written left to right ("5.08 °C") on every page: a right-to-left page would otherwise put the unit first.
        <span className={`${c.value} ${c.valueTone[tone]}`} dir="ltr" data-value>
          <span>{value}</span>
          {unit && <span className={c.unit}>{unit}</span>}
        </span>
      )}
      {at !== null && at !== undefined && (
        <time className={c.time} dateTime={new Date(at).toISOString()} title={formatDate(at)}>
          {timeSince(at, now)}
        </time>
      )}
      {trend && <div className={c.trend}>{trend}</div>}
    </Tag>
  );
}

/** A list of tiles, as many columns as fit: the wall of a dashboard. */
export function TileWall({ label, children }: { /** The list's accessible name. */ label: string; children: ReactNode }) {
  return (
    <ul className={c.wall} aria-label={label}>
      {children}
    </ul>
  );
}
