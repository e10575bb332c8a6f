import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database';
import type { SignalTypesTable } from './schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import type { ListAnswer, ListParams } from '../../src/api/contract/list';
import type { SignalType, SIGNAL_TYPE_SORTS } from '../../src/api/contract/signal-types';

export type SignalTypeRow = Selectable<SignalTypesTable>;
export type NewSignalType = Insertable<SignalTypesTable>;
export type SignalTypeUpdate = Updateable<SignalTypesTable>;

type SortField = (typeof SIGNAL_TYPE_SORTS)[number];
const SORTS: Record<SortField, SortColumn> = {
  key: { ref: 'st.key', text: true },
  name: { ref: 'st.name', text: true },
  unit: { ref: 'st.unit', text: true },
  kind: { ref: 'st.kind' },
  feedCount: { ref: 'feedCount' },
};

/** The types a company sees: the platform's built-in ones and its own, each with the company's feeds of it. */
function typesSeenBy(db: Db, companyId: string) {
  return db
    .selectFrom('signalTypes as st')
    .select(['st.id', 'st.key', 'st.name', 'st.unit', 'st.kind', 'st.companyId'])
    .select((eb) =>
      eb
        .selectFrom('feeds')
        .whereRef('feeds.signalTypeId', '=', 'st.id')
        .where('feeds.companyId', '=', companyId)
        .select(sql<number>`count(*)`.as('n'))
        .as('feedCount'),
    )
    .where((eb) => eb.or([eb('st.companyId', 'is', null), eb('st.companyId', '=', companyId)]));
}

type Listed = Awaited<ReturnType<ReturnType<typeof typesSeenBy>['executeTakeFirstOrThrow']>>;

const toApi = ({ companyId, feedCount, ...r }: Listed): SignalType => ({ ...r, builtIn: companyId === null, feedCount: Number(feedCount ?? 0) });

export async function listSignalTypes(db: Db, companyId: string, params: ListParams<SortField>): Promise<ListAnswer<SignalType>> {
  let q = typesSeenBy(db, companyId);
  if (params.q) q = q.where(matchesAll([sql.ref('st.name'), sql.ref('st.key')], params.q));
  const page = await pageOf(q, params, SORTS, 'name', 'st.id');
  return { data: page.data.map(toApi), total: page.total };
}

export async function signalTypeView(db: Db, companyId: string, row: SignalTypeRow): Promise<SignalType> {
  return toApi(await typesSeenBy(db, companyId).where('st.id', '=', row.id).executeTakeFirstOrThrow());
}

/** A type the company sees (built-in or its own); undefined for another company's. */
export const findSignalType = (db: Db, companyId: string, id: string): Promise<SignalTypeRow | undefined> =>
  db
    .selectFrom('signalTypes')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('companyId', 'is', null), eb('companyId', '=', companyId)]))
    .executeTakeFirst();

/**
 * A type whose key `key` would clash with for a type of `companyId` (keys are unique per company): a built-in
 * one or the company's own. For a built-in type (`companyId` null) every company's count too, since a built-in key
 * that a company also uses would leave that company two types of one key.
 */
export const findClashingKey = (db: Db, companyId: string | null, key: string): Promise<Pick<SignalTypeRow, 'id' | 'companyId'> | undefined> =>
  db
    .selectFrom('signalTypes')
    .select(['id', 'companyId'])
    .where('key', '=', key)
    .$if(companyId !== null, (q) => q.where((eb) => eb.or([eb('companyId', 'is', null), eb('companyId', '=', companyId!)])))
    // A built-in first: the answer then says the key is a built-in one.
    .orderBy(sql`CASE WHEN company_id IS NULL THEN 0 ELSE 1 END`)
    .executeTakeFirst();

export async function insertSignalType(db: Db, row: NewSignalType): Promise<void> {
  await db.insertInto('signalTypes').values(row).execute();
}

export async function updateSignalType(db: Db, id: string, change: SignalTypeUpdate): Promise<void> {
  // A PUT may name no column of this table (an empty body, or only a node's tags).
  if (Object.keys(change).length === 0) return;
  await db.updateTable('signalTypes').set(change).where('id', '=', id).execute();
}

/**
 * The feeds of a type, and a few of their names: the company's for its own type, every company's for a built-in one
 * (deleting it would take it from all of them; only platform admins may, and they see every company).
 */
export async function feedsOfSignalType(db: Db, signalTypeId: string, sample = 3): Promise<{ count: number; names: string[] }> {
  const feeds = () => db.selectFrom('feeds').where('signalTypeId', '=', signalTypeId);
  const [count, names] = await Promise.all([
    feeds().select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    feeds().select('name').orderBy('name').limit(sample).execute(),
  ]);
  return { count: Number(count?.n ?? 0), names: names.map((r) => r.name) };
}

export async function deleteSignalType(db: Db, id: string): Promise<void> {
  await db.deleteFrom('signalTypes').where('id', '=', id).execute();
}
