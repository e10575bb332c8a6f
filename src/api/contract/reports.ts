import { z } from 'zod';
import { id } from './common';

/** A month, as reports are kept: `YYYY-MM`. */
export const period = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM');
/** A local date in the site's zone: `YYYY-MM-DD`. */
export const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
/** A check time of day at the site, `HH:MM` (24 h). */
export const checkTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM');

export const reportStatus = z.enum(['draft', 'submitted']);
export type ReportStatus = z.infer<typeof reportStatus>;
/** What became of the stock after an excursion (the CDC troubleshooting record). */
export const stockOutcome = z.enum(['quarantined', 'used_after_advice', 'discarded']);
export type StockOutcome = z.infer<typeof stockOutcome>;

/** docs/product.md, Reports: one row of `GET /api/site-dashboard/{id}/medication-fridge-reports`. */
export const fridgeReportSummary = z.object({
  id,
  nodeId: id,
  nodeName: z.string(),
  period,
  status: reportStatus,
  submittedBy: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
export type FridgeReportSummary = z.infer<typeof fridgeReportSummary>;

/** One day of the log: min and max from the readings (unrounded), the two checks, and what the person recorded. */
export const fridgeReportDay = z.object({
  date: localDate,
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** The reading nearest the morning and afternoon check times (within 30 minutes), else null. */
  amCurrent: z.number().nullable(),
  pmCurrent: z.number().nullable(),
  /** Min and max inside the range; null on a day without readings. */
  inRange: z.boolean().nullable(),
  /** Initials of who checked, and the action taken; entered by people. */
  checkedBy: z.string().nullable(),
  action: z.string().nullable(),
  /** No check recorded that day (a past day only). */
  missingCheck: z.boolean(),
  /** The third (or later) day in a row without a check: a log may not go three days without one. */
  gap: z.boolean(),
});
export type FridgeReportDay = z.infer<typeof fridgeReportDay>;

/** A run of readings outside the range, found from the readings; cause, action and stock outcome are entered. */
export const fridgeExcursion = z.object({
  start: z.string(),
  /** The first reading back in range; null while the readings end outside it. */
  end: z.string().nullable(),
  minutes: z.number().int().min(0),
  /** The reading furthest outside the range. */
  peak: z.number(),
  cause: z.string().nullable(),
  action: z.string().nullable(),
  stockOutcome: stockOutcome.nullable(),
});
export type FridgeExcursion = z.infer<typeof fridgeExcursion>;

/** `GET /api/medication-fridge-reports/{id}` (docs/product.md, Reports). */
export const fridgeReport = fridgeReportSummary.extend({
  siteId: id,
  siteName: z.string(),
  feedId: id.nullable(),
  timezone: z.string(),
  low: z.number(),
  high: z.number(),
  checkTimes: z.object({ am: checkTime, pm: checkTime }),
  days: z.array(fridgeReportDay),
  excursions: z.array(fridgeExcursion),
  /** Past days without a recorded check. */
  daysWithoutCheck: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FridgeReport = z.infer<typeof fridgeReport>;

/** `POST /api/site-dashboard/{id}/medication-fridge-reports`. */
export const createFridgeReport = z.object({ nodeId: id, period }).strict();
export type CreateFridgeReport = z.infer<typeof createFridgeReport>;

const entry = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * `PUT /api/medication-fridge-reports/{id}`: `{ days?, excursions? }` in the GET shape; the computed fields are
 * ignored (days are matched by date, excursions by start), so a client may send back what it read.
 */
export const updateFridgeReport = z
  .object({
    days: z.array(z.object({ date: localDate, checkedBy: entry(10), action: entry(1_000) })).max(31).optional(),
    excursions: z.array(z.object({ start: z.string().min(1).max(40), cause: entry(1_000), action: entry(1_000), stockOutcome: stockOutcome.nullable().optional() })).max(500).optional(),
  })
  .strict();
export type UpdateFridgeReport = z.input<typeof updateFridgeReport>;
