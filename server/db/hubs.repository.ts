import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database';
import type { HubsTable } from './schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import { iso } from './devices.repository';
import { onlineSql } from './sites.repository';
import type { ListAnswer } from '../../src/api/contract/list';
import type { Hub, HUB_SORTS, HubListQuery } from '../../src/api/contract/hubs';

export type HubRow = Selectable<HubsTable>;
export type NewHub = Insertable<HubsTable>;
export type HubUpdate = Updateable<HubsTable>;

/** Hubs report every 15 minutes unless configured otherwise (the demo world's hubs too). */
export const DEFAULT_REPORTING_PERIOD_S = 900;

const SORTS: Record<(typeof HUB_SORTS)[number], SortColumn> = {
  name: { ref: 'h.name', text: true },
  serial: { ref: 'h.serial', text: true },
  siteName: { ref: 's.name', text: true },
  firmware: { ref: 'h.firmware', text: true },
  lastSeenAt: { ref: 'h.lastSeenAt' },
  nodeCount: { ref: 'nodeCount' },
};

/** A company's hubs as the API shows them; the counts are index lookups per hub (hubs_site, nodes_hub). */
function hubsOf(db: Db, companyId: string, now: number) {
  return db
    .selectFrom('hubs as h')
    .innerJoin('sites as s', 's.id', 'h.siteId')
    .select(['h.id', 'h.siteId', 's.name as siteName', 'h.serial', 'h.name', 'h.firmware', 'h.lastSeenAt'])
    .select(onlineSql('h', now).as('online'))
    .select((eb) => [
      eb.selectFrom('nodes').whereRef('nodes.hubId', '=', 'h.id').select(sql<number>`count(*)`.as('n')).as('nodeCount'),
      eb
        .selectFrom('hubApiKeys')
        .whereRef('hubApiKeys.hubId', '=', 'h.id')
        .where('hubApiKeys.revokedAt', 'is', null)
        .select(sql<number>`count(*)`.as('n'))
        .as('keyCount'),
    ])
    .where('h.companyId', '=', companyId);
}

type Listed = Awaited<ReturnType<ReturnType<typeof hubsOf>['executeTakeFirstOrThrow']>>;

const toApi = (r: Listed): Hub => ({
  id: r.id,
  siteId: r.siteId,
  siteName: r.siteName,
  serial: r.serial,
  name: r.name,
  firmware: r.firmware,
  lastSeenAt: iso(r.lastSeenAt),
  status: r.lastSeenAt === null ? 'never' : Number(r.online) === 1 ? 'online' : 'offline',
  nodeCount: Number(r.nodeCount ?? 0),
  keyCount: Number(r.keyCount ?? 0),
});

export async function listHubs(db: Db, companyId: string, now: number, params: HubListQuery): Promise<ListAnswer<Hub>> {
  let q = hubsOf(db, companyId, now);
  if (params.siteId) q = q.where('h.siteId', '=', params.siteId);
  if (params.q) q = q.where(matchesAll([sql.ref('h.name'), sql.ref('h.serial')], params.q));
  const page = await pageOf(q, params, SORTS, 'name', 'h.id');
  return { data: page.data.map(toApi), total: page.total };
}

export async function hubView(db: Db, row: HubRow, now: number): Promise<Hub> {
  return toApi(await hubsOf(db, row.companyId, now).where('h.id', '=', row.id).executeTakeFirstOrThrow());
}

export const findHub = (db: Db, companyId: string, id: string): Promise<HubRow | undefined> =>
  db.selectFrom('hubs').selectAll().where('id', '=', id).where('companyId', '=', companyId).executeTakeFirst();

/** The hub with this serial, whatever its company (serials are unique platform-wide). */
export const findHubBySerial = (db: Db, serial: string): Promise<Pick<HubRow, 'id' | 'companyId'> | undefined> =>
  db.selectFrom('hubs').select(['id', 'companyId']).where('serial', '=', serial).executeTakeFirst();

export async function insertHub(db: Db, row: NewHub): Promise<void> {
  await db.insertInto('hubs').values(row).execute();
}

export async function updateHub(db: Db, id: string, change: HubUpdate): Promise<void> {
  // A PUT may name no column of this table (an empty body, or only a node's tags).
  if (Object.keys(change).length === 0) return;
  await db.updateTable('hubs').set(change).where('id', '=', id).execute();
}

/** How many nodes report through the hub, and a few of their names. */
export async function nodesOfHub(db: Db, hubId: string, sample = 3): Promise<{ count: number; names: string[] }> {
  const [count, names] = await Promise.all([
    db.selectFrom('nodes').select(sql<number>`count(*)`.as('n')).where('hubId', '=', hubId).executeTakeFirst(),
    db.selectFrom('nodes').select('name').where('hubId', '=', hubId).orderBy('name').limit(sample).execute(),
  ]);
  return { count: Number(count?.n ?? 0), names: names.map((r) => r.name) };
}

export async function deleteHub(db: Db, id: string): Promise<void> {
  await db.deleteFrom('hubs').where('id', '=', id).execute();
}
