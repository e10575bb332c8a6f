import { z } from 'zod';
import { id } from './common';
import { listQuery } from './list';
import { readingsRequest } from './monitoring';
import { exportKind } from './exports';

/** docs/product.md, Exports: how often a schedule mails its export. */
export const SCHEDULE_EVERY = ['week', 'month'] as const;
export const scheduleEvery = z.enum(SCHEDULE_EVERY);
export type ScheduleEvery = z.infer<typeof scheduleEvery>;

const fields = {
  /** What the list shows; left out, the server names it after the site and the period. */
  name: z.string().trim().min(1, 'is required').max(200),
  siteId: id,
  /** The site dashboard's export call the schedule repeats: `readings` (the default) or `readings-minmax`. */
  kind: exportKind,
  /**
   * The readings request of the site dashboard's export, the schema its POST takes. Each run exports the period that
   * just ended (the last week or month up to the run), so `from` and `to` are checked but not kept to.
   */
  query: readingsRequest,
  every: scheduleEvery,
  /** Members of the token's company; each is mailed the link. */
  recipients: z.array(id).min(1, 'names at least one member').max(50),
};

/** `POST /api/export-schedules` (docs/product.md, Exports): `{ siteId, query, every, recipients }`, plus `name` and `kind` if wanted. */
export const exportScheduleInput = z.object({ ...fields, name: fields.name.optional(), kind: fields.kind.default('readings') }).strict();
export type ExportScheduleInput = z.input<typeof exportScheduleInput>;
/** `PUT /api/export-schedules/{id}`: the fields to change; those left out keep their value. */
export const exportScheduleChange = z.object(fields).partial().strict();
export type ExportScheduleChange = z.input<typeof exportScheduleChange>;

export const exportSchedule = z.object({
  id,
  name: z.string(),
  siteId: id,
  kind: exportKind,
  query: readingsRequest,
  every: scheduleEvery,
  recipients: z.array(id),
  /** When the next export is queued (ISO). Weekly: every 7 days from creation; monthly: the same day each month. */
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ExportSchedule = z.infer<typeof exportSchedule>;

export const EXPORT_SCHEDULE_SORTS = ['name', 'every', 'nextRunAt', 'createdAt'] as const;
export const exportScheduleListQuery = listQuery(EXPORT_SCHEDULE_SORTS).extend({ siteId: id.optional() });
