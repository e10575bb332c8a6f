import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database';
import type { NodesTable } from './schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import { iso } from './devices.repository';
import type { ListAnswer } from '../../src/api/contract/list';
import type { NodeItem, NODE_SORTS, NodeListQuery } from '../../src/api/contract/nodes';

export type NodeRow = Selectable<NodesTable>;
export type NewNode = Insertable<NodesTable>;
export type NodeUpdate = Updateable<NodesTable>;

const SORTS: Record<(typeof NODE_SORTS)[number], SortColumn> = {
  name: { ref: 'n.name', text: true },
  // One of DEVICE_TYPES, each written one way: the column's own order is the case-insensitive one, and sorts faster.
  deviceType: { ref: 'n.deviceType' },
  hubName: { ref: 'h.name', text: true },
  siteName: { ref: 's.name', text: true },
  lastSeenAt: { ref: 'n.lastSeenAt' },
};

/**
 * The ids of a page of a company's nodes; what the page shows of them is read for those ids alone. The page reads nodes
 * alone — joined to hubs or sites only to sort by their names — so counting all matches and skipping to a deep offset
 * stay inside nodes' indexes, and a sort orders ids rather than whole rows (50,000 nodes: with the joins and whole rows,
 * a count took 10× and a sort by hub name 5× as long).
 */
function nodesOf(db: Db, companyId: string, sort: NodeListQuery['sort']) {
  const by = sort?.replace(/^-/, '');
  return db
    .selectFrom('nodes as n')
    .$if(by === 'hubName', (q) => q.leftJoin('hubs as h', 'h.id', 'n.hubId'))
    .$if(by === 'siteName', (q) => q.leftJoin('sites as s', 's.id', 'n.siteId'))
    .select('n.id')
    .where('n.companyId', '=', companyId);
}

/** The tags of each of the nodes, by name (one statement). */
export async function tagsOfNodes(db: Db, ids: string[]): Promise<Map<string, NodeItem['tags']>> {
  const rows = await db
    .selectFrom('nodeTagLinks')
    .innerJoin('nodeTags', 'nodeTags.id', 'nodeTagLinks.tagId')
    .select(['nodeTagLinks.nodeId', 'nodeTags.id', 'nodeTags.name', 'nodeTags.colour'])
    .where('nodeTagLinks.nodeId', 'in', ids)
    .orderBy('nodeTags.name')
    .orderBy('nodeTags.id')
    .execute();
  const tagsOf = new Map<string, NodeItem['tags']>();
  for (const t of rows) {
    let list = tagsOf.get(t.nodeId);
    if (!list) tagsOf.set(t.nodeId, (list = []));
    list.push({ id: t.id, name: t.name, colour: t.colour });
  }
  return tagsOf;
}

/** Nodes as the API shows them, in the order of `ids`: three statements (rows, tags, feed counts) whatever the page size. */
async function nodesById(db: Db, ids: string[]): Promise<NodeItem[]> {
  if (ids.length === 0) return [];
  const [rows, tags, feeds] = await Promise.all([
    db
      .selectFrom('nodes')
      .innerJoin('hubs', 'hubs.id', 'nodes.hubId')
      .innerJoin('sites', 'sites.id', 'nodes.siteId')
      .selectAll('nodes')
      .select(['hubs.name as hubName', 'sites.name as siteName'])
      .where('nodes.id', 'in', ids)
      .execute(),
    tagsOfNodes(db, ids),
    db.selectFrom('feeds').select(['nodeId', sql<number>`count(*)`.as('n')]).where('nodeId', 'in', ids).groupBy('nodeId').execute(),
  ]);
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  const feedCount = new Map(feeds.map((f) => [f.nodeId, Number(f.n)]));
  return ids.map((id) => {
    const r = rowOf.get(id)!;
    return {
      id, name: r.name, serial: r.serial, deviceType: r.deviceType, hubId: r.hubId, hubName: r.hubName, siteId: r.siteId, siteName: r.siteName,
      tags: tags.get(id) ?? [], batteryPct: r.batteryPct, signalDbm: r.signalDbm, lastSeenAt: iso(r.lastSeenAt), feedCount: feedCount.get(id) ?? 0,
    };
  });
}

export async function listNodes(db: Db, companyId: string, params: NodeListQuery): Promise<ListAnswer<NodeItem>> {
  let q = nodesOf(db, companyId, params.sort);
  if (params.siteId) q = q.where('n.siteId', '=', params.siteId);
  if (params.hubId) q = q.where('n.hubId', '=', params.hubId);
  // Through the tag's own index (node_tag_links_tag), so a rare tag does not test every node of the company.
  if (params.tagId) q = q.where('n.id', 'in', db.selectFrom('nodeTagLinks').select('nodeId').where('tagId', '=', params.tagId));
  if (params.q) q = q.where(matchesAll([sql.ref('n.name'), sql.ref('n.serial')], params.q));
  const page = await pageOf(q, params, SORTS, 'name', 'n.id');
  return { data: await nodesById(db, page.data.map((r) => r.id)), total: page.total };
}

export async function nodeView(db: Db, row: NodeRow): Promise<NodeItem> {
  const [node] = await nodesById(db, [row.id]);
  return node!;
}

export const findNode = (db: Db, companyId: string, id: string): Promise<NodeRow | undefined> =>
  db.selectFrom('nodes').selectAll().where('id', '=', id).where('companyId', '=', companyId).executeTakeFirst();

export async function insertNode(db: Db, row: NewNode): Promise<void> {
  await db.insertInto('nodes').values(row).execute();
}

export async function updateNode(db: Db, id: string, change: NodeUpdate): Promise<void> {
  // A PUT may name no column of this table (an empty body, or only a node's tags).
  if (Object.keys(change).length === 0) return;
  await db.updateTable('nodes').set(change).where('id', '=', id).execute();
}

/** A node's site is its hub's: when a hub moves, the nodes behind it move with it. */
export async function moveNodesOfHub(db: Db, hubId: string, siteId: string): Promise<void> {
  await db.updateTable('nodes').set({ siteId }).where('hubId', '=', hubId).execute();
}

/** Replaces the node's tags with `tagIds` (already checked to be the company's). */
export async function setNodeTags(db: Db, nodeId: string, tagIds: readonly string[]): Promise<void> {
  await db.deleteFrom('nodeTagLinks').where('nodeId', '=', nodeId).execute();
  if (tagIds.length) await db.insertInto('nodeTagLinks').values(tagIds.map((tagId) => ({ nodeId, tagId }))).execute();
}

/** Which of `tagIds` are tags of the company. */
export async function tagsOfCompany(db: Db, companyId: string, tagIds: readonly string[]): Promise<Set<string>> {
  if (tagIds.length === 0) return new Set();
  const rows = await db.selectFrom('nodeTags').select('id').where('companyId', '=', companyId).where('id', 'in', [...tagIds]).execute();
  return new Set(rows.map((r) => r.id));
}

/** How many feeds the node has, and a few of their names. */
export async function feedsOfNode(db: Db, nodeId: string, sample = 3): Promise<{ count: number; names: string[] }> {
  const [count, names] = await Promise.all([
    db.selectFrom('feeds').select(sql<number>`count(*)`.as('n')).where('nodeId', '=', nodeId).executeTakeFirst(),
    db.selectFrom('feeds').select('name').where('nodeId', '=', nodeId).orderBy('name').limit(sample).execute(),
  ]);
  return { count: Number(count?.n ?? 0), names: names.map((r) => r.name) };
}

export async function deleteNode(db: Db, id: string): Promise<void> {
  await db.deleteFrom('nodes').where('id', '=', id).execute();
}

/** These nodes' names and their sites' names. */
export const nodeAndSiteNames = (db: Db, ids: readonly string[]) =>
  db.selectFrom('nodes as n').innerJoin('sites as s', 's.id', 'n.siteId').select(['n.id', 'n.name', 's.name as siteName']).where('n.id', 'in', ids).execute();
