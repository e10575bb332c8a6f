import crypto from 'node:crypto';
import type { Db } from '../db/database';
import type { SiteRow } from '../db/sites.repository';
import { DEFAULT_SAFE_MAX, DEFAULT_SAFE_MIN } from '../db/sites.repository';
import {
  findReportOf, fridgeNode, insertReport, reportsOfSite, temperatureFeedOf, updateDraft, type FridgeReportRow,
} from '../db/fridge-reports.repository';
import { readingsBetween } from '../db/feeds.repository';
import { namesOf } from '../db/users.repository';
import { AppError, notFound } from '../errors';
import { invalidField } from '../resources/checks';
import { fridgeLog, monthRange, type DayEntry, type ExcursionEntry } from './fridge-log';
import type { FridgeReport, FridgeReportSummary, UpdateFridgeReport } from '../../src/api/contract/reports';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const userNames = async (db: Db, ids: (string | null)[]) => {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await namesOf(db, wanted);
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** The fridge behind a node: its temperature feed and the range it is judged by (docs/product.md, Reports: feed, else site, else 2–8 °C). */
export async function fridgeOf(db: Db, site: SiteRow, nodeId: string) {
  const node = await fridgeNode(db, nodeId);
  if (!node || node.companyId !== site.companyId || node.siteId !== site.id) return null;
  const feed = await temperatureFeedOf(db, nodeId);
  return {
    node,
    feedId: feed?.id ?? null,
    low: feed?.rangeMin ?? site.safeMin ?? DEFAULT_SAFE_MIN,
    high: feed?.rangeMax ?? site.safeMax ?? DEFAULT_SAFE_MAX,
  };
}

export async function listReports(db: Db, siteId: string): Promise<FridgeReportSummary[]> {
  const rows = await reportsOfSite(db, siteId);
  const names = await userNames(db, rows.map((r) => r.submittedBy));
  return rows.map((r) => ({
    id: r.id,
    nodeId: r.nodeId,
    // A submitted report names its fridge as it was, even if the node has since gone.
    nodeName: r.nodeName ?? (r.snapshot ? (JSON.parse(r.snapshot) as FridgeReport).nodeName : ''),
    period: r.period,
    status: r.status,
    submittedBy: r.submittedBy ? (names.get(r.submittedBy) ?? null) : null,
    submittedAt: iso(r.submittedAt),
  }));
}

/** The report as the API shows it: a submitted one from its own copy, a draft computed now from the readings. */
export async function reportView(db: Db, row: FridgeReportRow, site: SiteRow, now: number): Promise<FridgeReport> {
  if (row.snapshot) return JSON.parse(row.snapshot) as FridgeReport;
  const fridge = await fridgeOf(db, site, row.nodeId);
  const { from, to } = monthRange(row.period, site.timezone);
  const readings = fridge?.feedId
    ? (await readingsBetween(db, fridge.feedId, from, to)).map((r) => ({ ts: Number(r.ts), value: Number(r.value) }))
    : [];
  const low = fridge?.low ?? site.safeMin ?? DEFAULT_SAFE_MIN;
  const high = fridge?.high ?? site.safeMax ?? DEFAULT_SAFE_MAX;
  const log = fridgeLog({
    period: row.period, zone: site.timezone, low, high, am: site.checkAm, pm: site.checkPm, readings, now,
    days: JSON.parse(row.dayEntries) as Record<string, DayEntry>,
    excursions: JSON.parse(row.excursionEntries) as Record<string, ExcursionEntry>,
  });
  const names = await userNames(db, [row.submittedBy]);
  return {
    id: row.id, siteId: site.id, siteName: site.name, nodeId: row.nodeId, nodeName: fridge?.node.name ?? '', feedId: fridge?.feedId ?? null,
    period: row.period, status: row.status, timezone: site.timezone, low, high, checkTimes: { am: site.checkAm, pm: site.checkPm },
    submittedBy: row.submittedBy ? (names.get(row.submittedBy) ?? null) : null, submittedAt: iso(row.submittedAt),
    ...log,
    createdAt: iso(row.createdAt)!, updatedAt: iso(row.updatedAt)!,
  };
}

/** The month as `YYYY-MM` in the site's zone at `now`: reports for months that have not begun are refused. */
const monthAt = (now: number, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);

export async function createReport(db: Db, site: SiteRow, input: { nodeId: string; period: string }, userId: string, now: number): Promise<FridgeReportRow> {
  const fridge = await fridgeOf(db, site, input.nodeId);
  if (!fridge) throw invalidField('nodeId', 'is not a node of this site');
  if (!fridge.feedId) throw invalidField('nodeId', 'has no temperature feed to keep a fridge log from');
  if (input.period > monthAt(now, site.timezone)) throw invalidField('period', 'has not begun yet');
  // The time engine's zones hold from 1970 (server/monitoring/time.ts); a log of year 326 would fail to compute.
  if (input.period < '1970-01') throw invalidField('period', 'is before 1970');
  const row: FridgeReportRow = {
    id: crypto.randomUUID(), companyId: site.companyId, siteId: site.id, nodeId: input.nodeId, period: input.period, status: 'draft',
    dayEntries: '{}', excursionEntries: '{}', snapshot: null, createdBy: userId, createdAt: now, updatedAt: now, submittedBy: null, submittedAt: null,
  };
  try {
    await insertReport(db, row);
  } catch (e) {
    const existing = await findReportOf(db, input.nodeId, input.period);
    if (existing) throw new AppError(409, 'exists', 'A report for this fridge and month exists already', { id: existing.id });
    throw e;
  }
  return row;
}

const locked = () => new AppError(409, 'submitted', 'This report was submitted and can no longer be changed');

/** Merges what people entered; the computed fields of the GET shape are ignored. */
export async function updateReport(db: Db, row: FridgeReportRow, change: UpdateFridgeReport, now: number): Promise<void> {
  if (row.status === 'submitted') throw locked();
  const days = JSON.parse(row.dayEntries) as Record<string, DayEntry>;
  for (const d of change.days ?? []) {
    if (!d.date.startsWith(`${row.period}-`)) throw invalidField('days', `${d.date} is not in ${row.period}`);
    days[d.date] = { checkedBy: d.checkedBy ?? days[d.date]?.checkedBy ?? null, action: d.action ?? days[d.date]?.action ?? null };
  }
  const excursions = JSON.parse(row.excursionEntries) as Record<string, ExcursionEntry>;
  for (const x of change.excursions ?? []) {
    const start = Number.isNaN(Date.parse(x.start)) ? null : new Date(x.start).toISOString();
    if (!start) throw invalidField('excursions', 'start must be a time');
    const was = excursions[start];
    excursions[start] = { cause: x.cause ?? was?.cause ?? null, action: x.action ?? was?.action ?? null, stockOutcome: x.stockOutcome ?? was?.stockOutcome ?? null };
  }
  if (!(await updateDraft(db, row.id, { dayEntries: JSON.stringify(days), excursionEntries: JSON.stringify(excursions), updatedAt: now }))) throw locked();
}

/** Submits: stamps who and when and keeps the report's own copy of its rows; once only. */
export async function submitReport(db: Db, row: FridgeReportRow, site: SiteRow, userId: string, now: number): Promise<void> {
  if (row.status === 'submitted') throw locked();
  const view = await reportView(db, row, site, now);
  const names = await userNames(db, [userId]);
  const snapshot: FridgeReport = { ...view, status: 'submitted', submittedBy: names.get(userId) ?? null, submittedAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString() };
  const change = { status: 'submitted' as const, submittedBy: userId, submittedAt: now, updatedAt: now, snapshot: JSON.stringify(snapshot) };
  if (!(await updateDraft(db, row.id, change))) throw locked();
}

/** Another company's or an unknown report: the same 404. */
export const reportNotFound = () => notFound('No such report');
