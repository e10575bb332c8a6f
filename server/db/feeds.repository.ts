import { sql, type Insertable, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { Db } from './database';
import type { FeedsTable } from './schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import type { ListAnswer } from '../../src/api/contract/list';
import type { Feed, FEED_SORTS, FeedListQuery } from '../../src/api/contract/feeds';

export type FeedRow = Selectable<FeedsTable>;
export type NewFeed = Insertable<FeedsTable>;
export type FeedUpdate = Updateable<FeedsTable>;

const SORTS: Record<(typeof FEED_SORTS)[number], SortColumn> = {
  name: { ref: 'f.name', text: true },
  nodeName: { ref: 'n.name', text: true },
  siteName: { ref: 's.name', text: true },
  signalTypeName: { ref: 'st.name', text: true },
  kind: { ref: 'st.kind' },
};

/**
 * A page of a company's feeds, then the names around them. The page reads feeds alone, joined to nodes, sites or signal
 * types only where a filter or the sort needs them, so counting all matches stays inside feeds' indexes (100,000
 * feeds: the three joins per row made the count 30× slower).
 */
function feedsOf(db: Db, companyId: string, params: Pick<FeedListQuery, 'sort' | 'siteId'>) {
  const by = params.sort?.replace(/^-/, '');
  return db
    .selectFrom('feeds as f')
    .$if(by === 'nodeName' || by === 'siteName' || params.siteId !== undefined, (q) => q.innerJoin('nodes as n', 'n.id', 'f.nodeId'))
    .$if(by === 'siteName', (q) => q.innerJoin('sites as s', (j) => j.on(sql<SqlBool>`${sql.ref('s.id')} = ${sql.ref('n.siteId')}`)))
    .$if(by === 'signalTypeName' || by === 'kind', (q) => q.innerJoin('signalTypes as st', 'st.id', 'f.signalTypeId'))
    .selectAll('f')
    .where('f.companyId', '=', companyId);
}

/** The names around a page of feeds: one statement whatever the page size. */
async function withNames(db: Db, rows: FeedRow[]): Promise<Feed[]> {
  if (rows.length === 0) return [];
  const names = await db
    .selectFrom('feeds')
    .innerJoin('nodes', 'nodes.id', 'feeds.nodeId')
    .innerJoin('sites', 'sites.id', 'nodes.siteId')
    .innerJoin('signalTypes', 'signalTypes.id', 'feeds.signalTypeId')
    .select(['feeds.id', 'nodes.name as nodeName', 'nodes.siteId', 'sites.name as siteName', 'signalTypes.name as signalTypeName', 'signalTypes.unit', 'signalTypes.kind'])
    .where('feeds.id', 'in', rows.map((r) => r.id))
    .execute();
  const of = new Map(names.map((r) => [r.id, r]));
  return rows.map((r) => {
    const n = of.get(r.id)!;
    return {
      id: r.id, nodeId: r.nodeId, nodeName: n.nodeName, siteId: n.siteId, siteName: n.siteName, signalTypeId: r.signalTypeId,
      signalTypeName: n.signalTypeName, unit: n.unit, kind: n.kind, name: r.name, low: r.rangeMin, high: r.rangeMax,
    };
  });
}

export async function listFeeds(db: Db, companyId: string, params: FeedListQuery): Promise<ListAnswer<Feed>> {
  let q = feedsOf(db, companyId, params);
  if (params.nodeId) q = q.where('f.nodeId', '=', params.nodeId);
  if (params.siteId) q = q.where(sql.ref('n.siteId'), '=', params.siteId);
  if (params.signalTypeId) q = q.where('f.signalTypeId', '=', params.signalTypeId);
  if (params.q) q = q.where(matchesAll([sql.ref('f.name')], params.q));
  const page = await pageOf(q, params, SORTS, 'name', 'f.id');
  return { data: await withNames(db, page.data), total: page.total };
}

export async function feedView(db: Db, row: FeedRow): Promise<Feed> {
  const [feed] = await withNames(db, [row]);
  return feed!;
}

export const findFeed = (db: Db, companyId: string, id: string): Promise<FeedRow | undefined> =>
  db.selectFrom('feeds').selectAll().where('id', '=', id).where('companyId', '=', companyId).executeTakeFirst();

export async function insertFeed(db: Db, row: NewFeed): Promise<void> {
  await db.insertInto('feeds').values(row).execute();
}

export async function updateFeed(db: Db, id: string, change: FeedUpdate): Promise<void> {
  // A PUT may name no column of this table (an empty body, or only a node's tags).
  if (Object.keys(change).length === 0) return;
  await db.updateTable('feeds').set(change).where('id', '=', id).execute();
}

/**
 * How many readings the feed's history holds: its daily rollups count every reading ever stored, also those whose raw
 * rows are past retention; raw rows are counted too, for readings written without rollups.
 */
export async function readingsOfFeed(db: Db, feedId: string): Promise<number> {
  const [rolled, raw] = await Promise.all([
    db.selectFrom('readingRollups').select(sql<number>`coalesce(sum(${sql.ref('count')}), 0)`.as('n')).where('feedId', '=', feedId).where('grain', '=', '1d').executeTakeFirst(),
    db.selectFrom('readings').select(sql<number>`count(*)`.as('n')).where('feedId', '=', feedId).executeTakeFirst(),
  ]);
  return Math.max(Number(rolled?.n ?? 0), Number(raw?.n ?? 0));
}

/** The feed and what hangs off it without a foreign key (readings, rollups, latest value). */
export async function deleteFeed(db: Db, id: string): Promise<void> {
  await db.deleteFrom('feedLatest').where('feedId', '=', id).execute();
  await db.deleteFrom('readingRollups').where('feedId', '=', id).execute();
  await db.deleteFrom('readings').where('feedId', '=', id).execute();
  await db.deleteFrom('feeds').where('id', '=', id).execute();
}

/** The time of the feed's newest stored reading; undefined when it has none. */
export async function latestTsOf(db: Db, feedId: string): Promise<number | undefined> {
  const r = await db.selectFrom('feedLatest').select('ts').where('feedId', '=', feedId).executeTakeFirst();
  return r?.ts;
}

/** The feed's raw readings from `from` (inclusive) to `to` (exclusive), oldest first. */
export const readingsBetween = (db: Db, feedId: string, from: number, to: number) =>
  db.selectFrom('readings').select(['ts', 'value']).where('feedId', '=', feedId).where('ts', '>=', from).where('ts', '<', to).orderBy('ts').execute();
