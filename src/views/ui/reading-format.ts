import { currentLocale, formatNumber, t } from '../../i18n';

/** The unit of a switch's state: its readings are 0 and 1, read as Off and On. */
export const ON_OFF_UNIT = 'on/off';

const number = (n: number, digits: number, exact = false) => formatNumber(n, { maximumFractionDigits: digits, minimumFractionDigits: exact ? digits : 0 });

const RTL = new Set(['ar']);

/**
 * A value kept left to right inside right-to-left text (U+2066 LEFT-TO-RIGHT ISOLATE … U+2069): without it the bidi
 * algorithm shows "°C" as "C°" and "2–8 °C" as "°C 8–2" in Arabic. Left-to-right languages get the text untouched,
 * so their accessible names carry no invisible characters.
 */
export const ltr = (text: string): string => (RTL.has(currentLocale()) ? `\u2066${text}\u2069` : text);

/**
 * A name inside a sentence, in its own direction (U+2068 FIRST STRONG ISOLATE … U+2069): an English site name in an
 * Arabic subtitle keeps its words and the separators around it in place. Untouched in left-to-right languages.
 */
export const isolate = (text: string): string => (RTL.has(currentLocale()) ? `\u2068${text}\u2069` : text);

/**
 * A reading as people read it, in the reader's number format: "9.99 °C", "35 %", "On". Every place that shows a value
 * uses this, so one screen never shows "9.99" beside "10,51".
 */
export function formatReading(value: number, unit: string, digits = 2, exact = false): string {
  if (unit === ON_OFF_UNIT) return value >= 0.5 ? t('value.on') : t('value.off');
  // `exact`: always that many decimals (a wall's "4.0 °C" beside "3.8 °C": the columns of figures keep their width).
  const n = number(value, digits, exact);
  return ltr(unit ? `${n} ${unit}` : n);
}

/** A range written out ("2–8 °C", "≥ 2 °C"); null when both ends are open. */
export function formatRange(min: number | null, max: number | null, unit: string): string | null {
  if (min !== null && max !== null) return ltr(t('range.between', { min: number(min, 2), max: number(max, 2), unit }).trim());
  if (min !== null) return ltr(t('range.atLeast', { min: number(min, 2), unit }).trim());
  if (max !== null) return ltr(t('range.atMost', { max: number(max, 2), unit }).trim());
  return null;
}

/** A reading with its safe range: "9.99 °C, safe 2–8 °C"; the reading alone when it has no range. */
export function formatReadingWithRange(value: number, unit: string, range: { min: number | null; max: number | null } | null): string {
  const shown = formatReading(value, unit);
  const written = range && formatRange(range.min, range.max, unit);
  return written ? t('value.safe', { value: shown, range: written }) : shown;
}
