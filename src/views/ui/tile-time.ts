import { currentLocale } from '../../i18n';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago `at` was, in the current language and its shortest words ("5 min ago", "منذ ٥ دقائق"): the largest
 * whole unit, "now" under a minute. A reading a little in the future (hub clocks drift) reads as now.
 */
export function timeSince(at: number, now: number): string {
  const fmt = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto', style: 'short' });
  const ago = Math.max(0, now - at);
  for (const [unit, ms] of UNITS) if (ago >= ms) return fmt.format(-Math.floor(ago / ms), unit);
  return fmt.format(0, 'second');
}
