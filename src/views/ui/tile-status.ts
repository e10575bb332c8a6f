import { t } from '../../i18n';
import type { TileStatus } from './tile';

export interface ReadingFacts {
  /** The feed has a reading at all. */
  hasReading: boolean;
  /** Its node reports now; null where the screen does not know. */
  online: boolean | null;
  /** Its latest value against the feed's range; null without a range. */
  inRange: boolean | null;
}

/**
 * A reading's status on a tile. Out of range wins over offline (the last value known was bad, and the time since it
 * shows how old it is); a reporting feed without a range has no status at all, not a green tick it has not earned.
 */
export function readingStatus({ hasReading, online, inRange }: ReadingFacts): TileStatus | null {
  if (!hasReading) return { status: 'offline', label: t('tile.noData') };
  if (inRange === false) return { status: 'error', label: t('site.outOfRange') };
  if (online === false) return { status: 'offline', label: t('site.statusOffline') };
  if (inRange === true) return { status: 'ok', label: t('site.inRange') };
  return null;
}
