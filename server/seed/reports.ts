/**
 * The demo world's medication fridge logs: what a pharmacy that has kept its logs in Sitewatch for a while
 * would have. Every fridge has a submitted report for each earlier month of its history; for the last month most are
 * submitted, some are drafts still being filled in, and some are not started, so a new user can add one.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/database';
import type { FridgeReportRow } from '../db/fridge-reports.repository';
import { DEFAULT_SAFE_MAX, DEFAULT_SAFE_MIN } from '../db/sites.repository';
import { NO_PASSWORD } from '../db/users.repository';
import { fridgeLog, monthRange, type DayEntry, type ExcursionEntry } from '../reports/fridge-log';
import { DAY, HOUR } from '../monitoring/time';
import { seedOf, unit } from './patterns';
import type { Excursion, PlannedFeed, PlannedNode, PlannedSite, WorldPlan } from './plan';
import type { FridgeReport } from '../../src/api/contract/reports';

/** What a fridge's last month holds: no report yet, a draft being filled in, or a submitted report. */
export type LastMonth = 'none' | 'draft' | 'submitted';

/**
 * Each company's first site with fridges (in seed order) has not written up last month yet, for any of its fridges:
 * the report a new user adds. Elsewhere one fridge in three has last month's as a draft, the rest submitted.
 */
export function lastMonths(plan: WorldPlan): Map<string, LastMonth> {
  const firstSite = new Map<string, string>();
  const out = new Map<string, LastMonth>();
  let other = 0;
  for (const node of plan.nodes) {
    if (node.deviceType !== 'Fridge Probe') continue;
    if (!firstSite.has(node.companyId)) firstSite.set(node.companyId, node.siteId);
    out.set(node.id, firstSite.get(node.companyId) === node.siteId ? 'none' : other++ % 3 === 0 ? 'draft' : 'submitted');
  }
  return out;
}

/** Who signs a company's logs: a manager of it, else the platform admin who looks after companies without members. */
export interface Signer {
  id: string;
  name: string;
}

/** Staff initials on the checks: free text on the log, not accounts. */
const INITIALS = ['JS', 'AK', 'MP', 'RT', 'LB', 'HW'];

/** What the team recorded against each kind of planned excursion (the CDC troubleshooting record's fields). */
const RECORDS: Record<Excursion['cause'] | 'door opened', ExcursionEntry> = {
  'door left open': { cause: 'Door left open after a delivery', action: 'Door closed and seal checked; back in range within the hour', stockOutcome: 'used_after_advice' },
  'power cut': { cause: 'Power cut in the building', action: 'Stock moved to the spare fridge until power returned', stockOutcome: 'quarantined' },
  'thermostat fault': { cause: 'Thermostat fault', action: 'Maintenance reset the thermostat; manufacturer consulted about the stock', stockOutcome: 'discarded' },
  'door opened': { cause: 'Door held open while restocking', action: 'Door closed; watched until back in range', stockOutcome: 'used_after_advice' },
};

const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (ts: number, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).format(ts).slice(0, 7);
const previousMonth = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
};

/** A UUID-shaped id derived from the fridge and month: the same seed gives the same reports. */
function reportId(nodeId: string, period: string): string {
  const h = crypto.createHash('sha256').update(`report/${nodeId}/${period}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * One fridge's reports: every month of its history before the current one (the last at least), each computed from
 * the readings the database holds for it (`ts`/`value` from `rawFrom` on), as the app would compute it.
 */
export function fridgeReports(
  plan: WorldPlan,
  site: PlannedSite,
  node: PlannedNode,
  feed: PlannedFeed,
  readings: { ts: Float64Array; value: Float64Array },
  lastMonth: LastMonth,
  signer: Signer,
): FridgeReportRow[] {
  const now = plan.options.now ?? plan.end;
  const zone = node.timezone;
  const last = previousMonth(monthOf(now, zone));
  const periods = [last];
  // Earlier months only where the database holds the whole month's readings: a log of days before the fridge was
  // monitored would be a page of missed checks.
  for (let p = previousMonth(last); monthRange(p, zone).from >= feed.rawFrom; p = previousMonth(p)) periods.unshift(p);
  const low = feed.rangeMin ?? site.safeMin ?? DEFAULT_SAFE_MIN;
  const high = feed.rangeMax ?? site.safeMax ?? DEFAULT_SAFE_MAX;
  const seed = seedOf(node.id);
  const rows: FridgeReportRow[] = [];
  for (const period of periods) {
    const status: LastMonth = period === last ? lastMonth : 'submitted';
    if (status === 'none') continue;
    const { from, to } = monthRange(period, zone);
    const month: { ts: number; value: number }[] = [];
    for (let i = 0; i < readings.ts.length; i++) {
      const ts = readings.ts[i]!;
      if (ts >= feed.rawFrom && ts >= from && ts < to) month.push({ ts, value: readings.value[i]! });
    }
    const log = (days: Record<string, DayEntry>, excursions: Record<string, ExcursionEntry>) =>
      fridgeLog({ period, zone, low, high, am: site.checkAm, pm: site.checkPm, readings: month, now, days, excursions });
    const bare = log({}, {});
    // A draft is being filled in: its last third of days not yet checked, its excursions not yet explained.
    const filledTo = status === 'draft' ? Math.floor((bare.days.length * 2) / 3) : bare.days.length;
    const days: Record<string, DayEntry> = {};
    bare.days.forEach((d, k) => {
      // About one day in nine goes without a recorded check, as on a paper log.
      if (k >= filledTo || unit(seed, k + Number(period.replace('-', ''))) < 0.11) return;
      days[d.date] = { checkedBy: INITIALS[(seed + k) % INITIALS.length]!, action: d.inRange === false ? 'Out of range: see excursions; rechecked after 30 minutes' : null };
    });
    const excursions: Record<string, ExcursionEntry> = {};
    for (const x of bare.excursions) {
      if (status === 'draft') break;
      const start = Date.parse(x.start);
      const planned = plan.excursions.find((e) => e.feedId === feed.id && start >= e.from - HOUR && start < e.to);
      excursions[x.start] = RECORDS[planned?.cause ?? 'door opened'];
    }
    const done = log(days, excursions);
    const created = from + DAY + 9 * HOUR;
    const submittedAt = Math.max(created, Math.min(to + 2 * DAY + 10 * HOUR, now - HOUR));
    const id = reportId(node.id, period);
    const at = (ms: number) => new Date(ms).toISOString();
    const snapshot: FridgeReport | null = status === 'submitted'
      ? {
          id, siteId: site.id, siteName: site.name, nodeId: node.id, nodeName: node.name, feedId: feed.id, period, status: 'submitted', timezone: zone, low, high,
          checkTimes: { am: site.checkAm, pm: site.checkPm }, submittedBy: signer.name, submittedAt: at(submittedAt), ...done, createdAt: at(created), updatedAt: at(submittedAt),
        }
      : null;
    rows.push({
      id, companyId: node.companyId, siteId: site.id, nodeId: node.id, period, status: status === 'submitted' ? 'submitted' : 'draft',
      dayEntries: JSON.stringify(days), excursionEntries: JSON.stringify(excursions), snapshot: snapshot ? JSON.stringify(snapshot) : null,
      createdBy: signer.id, createdAt: created, updatedAt: status === 'submitted' ? submittedAt : Math.max(created, now - 6 * HOUR),
      submittedBy: snapshot ? signer.id : null, submittedAt: snapshot ? submittedAt : null,
    });
  }
  return rows;
}

/** Each company's signer, read once before the history is written (the accounts are seeded first). */
export async function signersOf(db: Db, companyIds: string[]): Promise<Map<string, Signer>> {
  const admin = await db.selectFrom('users').select(['id', 'name']).where('platformRole', '=', 'admin').orderBy('createdAt').orderBy('id').executeTakeFirst();
  const out = new Map<string, Signer>();
  for (const companyId of companyIds) {
    const manager = await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.userId')
      .select(['u.id', 'u.name'])
      .where('m.companyId', '=', companyId)
      .where('m.role', '=', 'manager')
      .where('m.disabled', '=', 0)
      // Not someone invited who has not set a password yet: the signer is someone who has used the app.
      .where('u.passwordHash', '!=', NO_PASSWORD)
      .orderBy('u.email')
      .executeTakeFirst();
    const signer = manager ?? admin;
    if (signer) out.set(companyId, signer);
  }
  return out;
}
