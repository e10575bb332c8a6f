import { DAY, MINUTE, wallToInstant } from '../monitoring/time';
import type { FridgeExcursion, FridgeReportDay, StockOutcome } from '../../src/api/contract/reports';

/** A check's reading: the one nearest the check time, if any is this close. */
export const CHECK_WINDOW_MS = 30 * MINUTE;
/** Days in a row without a check after which the log is in breach (the third such day is flagged). */
export const GAP_DAYS = 3;

export interface DayEntry {
  checkedBy: string | null;
  action: string | null;
}
export interface ExcursionEntry {
  cause: string | null;
  action: string | null;
  stockOutcome: StockOutcome | null;
}

export interface LogInput {
  /** `YYYY-MM`. */
  period: string;
  zone: string;
  low: number;
  high: number;
  /** Local check times, `HH:MM`. */
  am: string;
  pm: string;
  /** The fridge feed's readings of the month (and any order): epoch ms and value. */
  readings: { ts: number; value: number }[];
  /** What people entered, by date and by excursion start (ISO). */
  days: Record<string, DayEntry>;
  excursions: Record<string, ExcursionEntry>;
  /** Days that have not begun yet are left out; days that have not ended are not flagged. */
  now: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instants the month's local days start, in the site's zone, plus the start of the next month. */
export function monthDays(period: string, zone: string): { date: string; start: number; end: number }[] {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const first = Date.UTC(y, m - 1, 1);
  const count = Math.round((Date.UTC(y, m, 1) - first) / DAY);
  return Array.from({ length: count }, (_, i) => {
    const wall = first + i * DAY;
    return { date: `${y}-${pad(m)}-${pad(i + 1)}`, start: wallToInstant(wall, zone), end: wallToInstant(wall + DAY, zone) };
  });
}

/** The month as instants: from the first local midnight to the next month's. */
export function monthRange(period: string, zone: string): { from: number; to: number } {
  const days = monthDays(period, zone);
  return { from: days[0]!.start, to: days[days.length - 1]!.end };
}

/** The reading nearest `at` within the check window, or null. `sorted` by time. */
function nearest(sorted: { ts: number; value: number }[], at: number): number | null {
  let best: { ts: number; value: number } | null = null;
  for (const r of sorted) {
    if (r.ts < at - CHECK_WINDOW_MS) continue;
    if (r.ts > at + CHECK_WINDOW_MS) break;
    if (!best || Math.abs(r.ts - at) < Math.abs(best.ts - at)) best = r;
  }
  return best ? best.value : null;
}

/**
 * The month's log of one fridge, from its readings: per local day min and max, the readings at the two checks, in
 * range or not, and what people recorded; days without a check flagged (and the third in a row as a gap); and the
 * excursions — runs of readings outside [low, high] — with their entered cause, action and stock outcome.
 */
export function fridgeLog(input: LogInput): { days: FridgeReportDay[]; excursions: FridgeExcursion[]; daysWithoutCheck: number } {
  const sorted = [...input.readings].sort((a, b) => a.ts - b.ts);
  const days: FridgeReportDay[] = [];
  let run = 0;
  let without = 0;
  let i = 0;
  for (const d of monthDays(input.period, input.zone)) {
    if (d.start > input.now) break;
    while (i < sorted.length && sorted[i]!.ts < d.start) i++;
    const inDay: { ts: number; value: number }[] = [];
    for (let j = i; j < sorted.length && sorted[j]!.ts < d.end; j++) inDay.push(sorted[j]!);
    const values = inDay.map((r) => r.value);
    const min = values.length ? Math.min(...values) : null;
    const max = values.length ? Math.max(...values) : null;
    const wall = Date.UTC(Number(d.date.slice(0, 4)), Number(d.date.slice(5, 7)) - 1, Number(d.date.slice(8, 10)));
    const checkAt = (hhmm: string) => wallToInstant(wall + minutesOf(hhmm) * MINUTE, input.zone);
    const entry = input.days[d.date];
    const checkedBy = entry?.checkedBy?.trim() || null;
    // Only a day that is over can have missed its check.
    const over = d.end <= input.now;
    const missing = over && !checkedBy;
    run = missing ? run + 1 : 0;
    if (missing) without++;
    days.push({
      date: d.date,
      min,
      max,
      amCurrent: nearest(sorted, checkAt(input.am)),
      pmCurrent: nearest(sorted, checkAt(input.pm)),
      inRange: min === null || max === null ? null : min >= input.low && max <= input.high,
      checkedBy,
      action: entry?.action?.trim() || null,
      missingCheck: missing,
      gap: run >= GAP_DAYS,
    });
  }
  return { days, excursions: excursionsOf(sorted, input), daysWithoutCheck: without };
}

/** Runs of readings outside the range, in time order; a run still outside at the last reading has no end. */
export function excursionsOf(sorted: { ts: number; value: number }[], input: Pick<LogInput, 'low' | 'high' | 'excursions'>): FridgeExcursion[] {
  const out: FridgeExcursion[] = [];
  const beyond = (v: number) => (v > input.high ? v - input.high : v < input.low ? input.low - v : 0);
  let open: { start: number; last: number; peak: number } | null = null;
  const close = (end: number | null) => {
    if (!open) return;
    const start = new Date(open.start).toISOString();
    const entered = input.excursions[start];
    out.push({
      start,
      end: end === null ? null : new Date(end).toISOString(),
      minutes: Math.round(((end ?? open.last) - open.start) / MINUTE),
      peak: open.peak,
      cause: entered?.cause?.trim() || null,
      action: entered?.action?.trim() || null,
      stockOutcome: entered?.stockOutcome ?? null,
    });
    open = null;
  };
  for (const r of sorted) {
    if (beyond(r.value) > 0) {
      if (!open) open = { start: r.ts, last: r.ts, peak: r.value };
      else {
        open.last = r.ts;
        if (beyond(r.value) > beyond(open.peak)) open.peak = r.value;
      }
    } else close(r.ts);
  }
  close(null);
  return out;
}
