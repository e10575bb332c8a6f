import { newId } from '../auth/secrets';
import { defineResource } from './resource';
import { givenOf, invalidField } from './checks';
import type { Db } from '../db/database';
import { findSite } from '../db/sites.repository';
import { AppError } from '../errors';
import { feedsOfSite } from '../monitoring/site-access';
import { nextRunAfter } from '../exports/export-schedules';
import { deleteSchedule, findSchedule, insertSchedule, listSchedules, updateSchedule, type ExportScheduleRow } from '../db/export-schedules.repository';
import { enabledMembersAmong } from '../db/users.repository';
import {
  exportSchedule, exportScheduleChange, exportScheduleInput, exportScheduleListQuery, type ExportSchedule,
} from '../../src/api/contract/export-schedules';
import type { ReadingsRequest } from '../../src/api/contract/monitoring';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

const view = (r: ExportScheduleRow): ExportSchedule => ({
  id: r.id, name: r.name, siteId: r.siteId, kind: r.kind, query: JSON.parse(r.query) as ReadingsRequest, every: r.every,
  recipients: JSON.parse(r.recipients) as string[], nextRunAt: iso(Number(r.nextRunAt))!, lastRunAt: iso(r.lastRunAt === null ? null : Number(r.lastRunAt)),
  createdAt: iso(Number(r.createdAt))!,
});

/** The site of the company (unknown and foreign ids alike are a 400 naming siteId, so ids reveal nothing). */
async function companySite(db: Db, companyId: string, siteId: string) {
  const site = await findSite(db, siteId);
  if (site?.companyId !== companyId) throw invalidField('siteId', 'is not a site of this company');
  return site;
}

/**
 * The query as the export POST checks it: feeds or nodes given, each of the site (or its sub-sites). Here a stranger's
 * id is a 400 naming query, as every field of a resource is, where the POST answers 404.
 */
async function checkQuery(db: Db, site: { id: string; companyId: string; timezone: string }, query: ReadingsRequest): Promise<void> {
  if (query.feedIds === undefined && query.nodeIds === undefined) throw invalidField('query', 'give feedIds or nodeIds');
  try {
    await feedsOfSite(db, site, query.feedIds, query.nodeIds);
  } catch (e) {
    if (e instanceof AppError && e.statusCode === 404) throw invalidField('query', 'names a feed or node that is not of this site');
    throw e;
  }
}

/** Every recipient is an active member of the company: a schedule mails company data to nobody else. */
async function checkRecipients(db: Db, companyId: string, recipients: readonly string[]): Promise<void> {
  const ids = [...new Set(recipients)];
  if ((await enabledMembersAmong(db, companyId, ids)).length !== ids.length) throw invalidField('recipients', 'names someone who is not a member of this company');
}

/**
 * Export schedules (docs/product.md, Exports): a site's export
 * queued weekly or monthly and mailed to chosen members, through the same job queue as the site dashboard's Export
 * (server/exports/export-schedules.ts). The jobs belong to whoever made the schedule, so their exports list shows them.
 */
export const exportSchedules = defineResource({
  path: 'export-schedules',
  noun: 'Export schedule',
  plural: 'Export schedules',
  item: exportSchedule,
  listQuery: exportScheduleListQuery,
  createInput: exportScheduleInput,
  updateInput: exportScheduleChange,
  async list(db, scope, query) {
    const page = await listSchedules(db, scope.companyId, query);
    return { data: page.data.map(view), total: page.total };
  },
  find: (db, scope, id) => findSchedule(db, scope.companyId, id),
  view: async (_db, _scope, row: ExportScheduleRow) => view(row),
  async create(db, scope, input) {
    const site = await companySite(db, scope.companyId, input.siteId);
    await checkQuery(db, site, input.query);
    await checkRecipients(db, scope.companyId, input.recipients);
    const row: ExportScheduleRow = {
      id: newId(), companyId: scope.companyId, siteId: site.id, name: input.name ?? `${input.every === 'week' ? 'Weekly' : 'Monthly'} readings of ${site.name}`,
      kind: input.kind, query: JSON.stringify(input.query), every: input.every, recipients: JSON.stringify([...new Set(input.recipients)]),
      createdBy: scope.claims.sub, anchorAt: scope.now, nextRunAt: nextRunAfter(scope.now, input.every, scope.now, site.timezone), lastRunAt: null, createdAt: scope.now,
    };
    await insertSchedule(db, row);
    return row;
  },
  async update(db, scope, row: ExportScheduleRow, input) {
    const change = givenOf(input);
    const site = await companySite(db, scope.companyId, change.siteId ?? row.siteId);
    const query = change.query ?? (JSON.parse(row.query) as ReadingsRequest);
    if (change.query !== undefined || change.siteId !== undefined) await checkQuery(db, site, query);
    if (change.recipients !== undefined) await checkRecipients(db, scope.companyId, change.recipients);
    const next: ExportScheduleRow = {
      ...row,
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.kind !== undefined ? { kind: change.kind } : {}),
      ...(change.every !== undefined ? { every: change.every } : {}),
      ...(change.recipients !== undefined ? { recipients: JSON.stringify([...new Set(change.recipients)]) } : {}),
      siteId: site.id,
      query: JSON.stringify(query),
    };
    // Another period or another site's zone: the runs are counted afresh from the change.
    if (next.every !== row.every || next.siteId !== row.siteId) {
      next.anchorAt = scope.now;
      next.nextRunAt = nextRunAfter(scope.now, next.every, scope.now, site.timezone);
    }
    const { id, ...columns } = next;
    await updateSchedule(db, id, columns);
    return next;
  },
  remove: async (db, _scope, row: ExportScheduleRow) => {
    await deleteSchedule(db, row.id);
  },
  describe: (row: ExportScheduleRow) => row.name,
});
