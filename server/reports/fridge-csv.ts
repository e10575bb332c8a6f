import { csvCell } from '../exports/csv-cell';
import type { FridgeReport } from '../../src/api/contract/reports';

const COLUMNS = [
  'record', 'date', 'min', 'max', 'am_current', 'pm_current', 'in_range', 'checked_by', 'action',
  'start', 'end', 'minutes', 'peak', 'cause', 'stock_outcome',
] as const;

/**
 * The report as one CSV table: a `day` row per day of the log, then an `excursion` row per excursion, each filling
 * its own columns. Values are unrounded (the PDF rounds for people); times are ISO 8601 UTC.
 */
export function reportCsv(r: FridgeReport): string {
  const line = (cells: Partial<Record<(typeof COLUMNS)[number], string | number | boolean | null>>) => COLUMNS.map((c) => csvCell(cells[c] ?? null)).join(',');
  const rows = [
    COLUMNS.join(','),
    ...r.days.map((d) =>
      line({ record: 'day', date: d.date, min: d.min, max: d.max, am_current: d.amCurrent, pm_current: d.pmCurrent, in_range: d.inRange, checked_by: d.checkedBy, action: d.action }),
    ),
    ...r.excursions.map((x) =>
      line({ record: 'excursion', start: x.start, end: x.end, minutes: x.minutes, peak: x.peak, cause: x.cause, action: x.action, stock_outcome: x.stockOutcome }),
    ),
  ];
  return `${rows.join('\r\n')}\r\n`;
}
