import { sql, type Selectable } from 'kysely';
import type { Db } from './database';
import type { DisplaysTable } from './displays.schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import type { ListAnswer, ListParams } from '../../src/api/contract/list';
import type { Display } from '../../src/api/contract/displays';

export type DisplayRow = Selectable<DisplaysTable>;

const SORTS: Record<'name' | 'everySeconds' | 'theme' | 'createdAt', SortColumn> = {
  name: { ref: 'displays.name', text: true },
  everySeconds: { ref: 'displays.everySeconds' },
  theme: { ref: 'displays.theme' },
  createdAt: { ref: 'displays.createdAt' },
};

/** The columns a list or view reads: never the key's hash. */
const COLUMNS = ['displays.id', 'displays.name', 'displays.everySeconds', 'displays.theme', 'displays.createdAt', 'displays.lastSeenAt'] as const;

/** The playlists of these displays, each in its order. */
export async function sitesOfDisplays(db: Db, displayIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(displayIds.map((d) => [d, []]));
  if (displayIds.length === 0) return out;
  const rows = await db
    .selectFrom('displaySites')
    .select(['displayId', 'siteId'])
    .where('displayId', 'in', displayIds)
    .orderBy('displayId')
    .orderBy('position')
    .execute();
  for (const r of rows) out.get(r.displayId)?.push(r.siteId);
  return out;
}

const toApi = (r: Pick<DisplayRow, 'id' | 'name' | 'everySeconds' | 'theme' | 'createdAt' | 'lastSeenAt'>, siteIds: string[]): Display => ({
  id: r.id,
  name: r.name,
  siteIds,
  everySeconds: Number(r.everySeconds),
  theme: r.theme,
  createdAt: new Date(Number(r.createdAt)).toISOString(),
  lastSeenAt: r.lastSeenAt === null ? null : new Date(Number(r.lastSeenAt)).toISOString(),
});

/** How often a display's last contact is written: a minute is precise enough for "seen 2 min ago". */
export const SEEN_EVERY_MS = 60_000;

/** The display reached the server now; written at most once a minute, however often its stream checks in. */
export async function markDisplaySeen(db: Db, id: string, at: number): Promise<void> {
  await db
    .updateTable('displays')
    .set({ lastSeenAt: at })
    .where('id', '=', id)
    .where((w) => w.or([w('lastSeenAt', 'is', null), w('lastSeenAt', '<', at - SEEN_EVERY_MS)]))
    .execute();
}

export async function listDisplays(db: Db, companyId: string, params: ListParams<keyof typeof SORTS>): Promise<ListAnswer<Display>> {
  let q = db.selectFrom('displays').select(COLUMNS).where('displays.companyId', '=', companyId);
  if (params.q) q = q.where(matchesAll([sql.ref('displays.name')], params.q));
  const page = await pageOf(q, params, SORTS, 'name', 'displays.id');
  const sites = await sitesOfDisplays(db, page.data.map((r) => r.id));
  return { data: page.data.map((r) => toApi(r, sites.get(r.id) ?? [])), total: page.total };
}

export const findDisplay = (db: Db, companyId: string, id: string): Promise<DisplayRow | undefined> =>
  db.selectFrom('displays').selectAll().where('id', '=', id).where('companyId', '=', companyId).executeTakeFirst();

/** The display a key opens; a deleted display's key opens nothing. */
export const findDisplayByKeyHash = (db: Db, keyHash: string): Promise<DisplayRow | undefined> =>
  db.selectFrom('displays').selectAll().where('keyHash', '=', keyHash).executeTakeFirst();

export async function displayView(db: Db, row: DisplayRow): Promise<Display> {
  return toApi(row, (await sitesOfDisplays(db, [row.id])).get(row.id) ?? []);
}

export async function insertDisplay(db: Db, row: DisplayRow): Promise<void> {
  await db.insertInto('displays').values(row).execute();
}

export async function updateDisplay(db: Db, id: string, change: Partial<Pick<DisplayRow, 'name' | 'everySeconds' | 'theme'>>): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await db.updateTable('displays').set(change).where('id', '=', id).execute();
}

/** Replaces the playlist; a site named twice is shown once, at its first place. */
export async function setDisplaySites(db: Db, displayId: string, siteIds: readonly string[]): Promise<void> {
  await db.deleteFrom('displaySites').where('displayId', '=', displayId).execute();
  const unique = [...new Set(siteIds)];
  if (unique.length === 0) return;
  await db.insertInto('displaySites').values(unique.map((siteId, position) => ({ displayId, siteId, position }))).execute();
}

export async function deleteDisplay(db: Db, id: string): Promise<void> {
  await db.deleteFrom('displaySites').where('displayId', '=', id).execute();
  await db.deleteFrom('displays').where('id', '=', id).execute();
}

/** The sites of a display's playlist as the wall shows them, in order. */
export async function playlistSites(db: Db, displayId: string): Promise<{ id: string; name: string; timezone: string }[]> {
  return db
    .selectFrom('displaySites')
    .innerJoin('sites', 'sites.id', 'displaySites.siteId')
    .select(['sites.id', 'sites.name', 'sites.timezone'])
    .where('displaySites.displayId', '=', displayId)
    .orderBy('displaySites.position')
    .execute();
}

/** How many of `siteIds` are sites of the company (each counted once). */
export async function companySiteCount(db: Db, companyId: string, siteIds: readonly string[]): Promise<number> {
  const unique = [...new Set(siteIds)];
  if (unique.length === 0) return 0;
  const r = await db.selectFrom('sites').select(sql<number>`count(*)`.as('n')).where('companyId', '=', companyId).where('id', 'in', unique).executeTakeFirst();
  return Number(r?.n ?? 0);
}
