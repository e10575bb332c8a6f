import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database';
import type { NodeTagsTable } from './schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import type { ListAnswer, ListParams } from '../../src/api/contract/list';
import type { NodeTag } from '../../src/api/contract/node-tags';

export type NodeTagRow = Selectable<NodeTagsTable>;
export type NewNodeTag = Insertable<NodeTagsTable>;
export type NodeTagChange = Updateable<NodeTagsTable>;

const SORTS: Record<'name' | 'colour' | 'nodeCount', SortColumn> = {
  name: { ref: 'nodeTags.name', text: true },
  colour: { ref: 'nodeTags.colour' },
  nodeCount: { ref: 'nodeCount' },
};

function withCounts(db: Db) {
  return db
    .selectFrom('nodeTags')
    .select(['nodeTags.id', 'nodeTags.name', 'nodeTags.colour'])
    .select((eb) =>
      eb.selectFrom('nodeTagLinks').whereRef('nodeTagLinks.tagId', '=', 'nodeTags.id').select(sql<number>`count(*)`.as('n')).as('nodeCount'),
    );
}

const toApi = (r: { id: string; name: string; colour: string; nodeCount: number | string | null }): NodeTag => ({
  id: r.id, name: r.name, colour: r.colour, nodeCount: Number(r.nodeCount ?? 0),
});

export async function listNodeTags(db: Db, companyId: string, params: ListParams<keyof typeof SORTS>): Promise<ListAnswer<NodeTag>> {
  let q = withCounts(db).where('nodeTags.companyId', '=', companyId);
  if (params.q) q = q.where(matchesAll([sql.ref('nodeTags.name')], params.q));
  const page = await pageOf(q, params, SORTS, 'name', 'nodeTags.id');
  return { data: page.data.map(toApi), total: page.total };
}

export const findNodeTag = (db: Db, companyId: string, id: string): Promise<NodeTagRow | undefined> =>
  db.selectFrom('nodeTags').selectAll().where('id', '=', id).where('companyId', '=', companyId).executeTakeFirst();

/**
 * A tag of the company with this name, ignoring case (names are unique per company). Both sides go through the
 * database's lower(): SQLite's folds ASCII only, so a name lowered in JavaScript ('É' → 'é') missed its stored twin
 * and the insert broke the unique index (a 500).
 */
export const findNodeTagByName = (db: Db, companyId: string, name: string): Promise<NodeTagRow | undefined> =>
  db.selectFrom('nodeTags').selectAll().where('companyId', '=', companyId).where(sql<boolean>`lower(name) = lower(${name})`).executeTakeFirst();

export async function nodeTagView(db: Db, row: NodeTagRow): Promise<NodeTag> {
  const r = await withCounts(db).where('nodeTags.id', '=', row.id).executeTakeFirstOrThrow();
  return toApi(r);
}

export async function insertNodeTag(db: Db, row: NewNodeTag): Promise<void> {
  await db.insertInto('nodeTags').values(row).execute();
}

export async function updateNodeTag(db: Db, id: string, change: NodeTagChange): Promise<void> {
  await db.updateTable('nodeTags').set(change).where('id', '=', id).execute();
}

/** How many nodes carry the tag, and a few of their names. */
export async function nodesTagged(db: Db, tagId: string, sample = 3): Promise<{ count: number; names: string[] }> {
  const [count, names] = await Promise.all([
    db.selectFrom('nodeTagLinks').select(sql<number>`count(*)`.as('n')).where('tagId', '=', tagId).executeTakeFirst(),
    db
      .selectFrom('nodeTagLinks')
      .innerJoin('nodes', 'nodes.id', 'nodeTagLinks.nodeId')
      .select('nodes.name')
      .where('nodeTagLinks.tagId', '=', tagId)
      .orderBy('nodes.name')
      .limit(sample)
      .execute(),
  ]);
  return { count: Number(count?.n ?? 0), names: names.map((r) => r.name) };
}

export async function deleteNodeTag(db: Db, id: string): Promise<void> {
  await db.deleteFrom('nodeTags').where('id', '=', id).execute();
}
