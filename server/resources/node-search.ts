import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db/database';
import { termsOf } from '../db/list';
import { iso } from '../db/devices.repository';
import { listNodes, tagsOfNodes } from '../db/nodes.repository';
import { sortOf, type ListAnswer } from '../../src/api/contract/list';
import { nextTurn, postgresOrders, sqliteOrders, type Field } from './node-orders';
import type { NodeItem, NodeListQuery } from '../../src/api/contract/nodes';

/**
 * The Nodes list of a large company from memory (docs/decisions.md, "Nodes list speed"). Per company this process keeps
 * each node's id, its lower-cased name and serial as the database lowers them, its hub and site, and the ascending order
 * of every sort but `lastSeenAt`; a list call filters and pages that in JavaScript, then reads the page's rows by id. The
 * answer is the SQL path's (`listNodes`), row for row and total for total:
 * - a word matches as `lower(column) LIKE '%word%'` does: the word is lower-cased by the same `termsOf`, the column by
 *   the database, and LIKE with `%`, `_` and `\` escaped is plain containment once neither side has an ASCII capital;
 * - the orders are the database's own: rows are read in (lower(name), id) order, PostgreSQL sorts the other keys itself
 *   (any collation), and SQLite's BINARY collation is code-point order, which `byCodePoint` reproduces; descending is
 *   the exact reverse, since every order ends with the unique id.
 * A copy is used only while the company's row in `node_list_versions` (migration 0024, bumped by triggers in the
 * transaction of every write that changes what the list filters or sorts by) still holds the number read before the
 * copy's first row: a write by any process is seen on the next call. Until a copy is ready, calls take the SQL path
 * while one is built in the background, a chunk at a time.
 */

interface CompanyIndex {
  /** The company's `node_list_versions` number, read before the first row. */
  version: number;
  ids: string[];
  /**
   * SQLite's rowid of each node (null on PostgreSQL): the page's live columns are read by it, one b-tree search a
   * node where the id takes two (the id's index, then the table).
   */
  rowids: Float64Array | null;
  /**
   * Every node's `lower(name) + '\n' + lower(serial)`, in position order, joined by '\n'. A word holds no whitespace,
   * so it is found inside one name or one serial, never across two; one string searched once per word is many times
   * faster than a call per node.
   */
  text: string;
  /** Where each node's part of `text` starts; `starts[n]` is one past the end. */
  starts: Int32Array;
  /** The name and serial as the answer shows them. */
  names: string[];
  serials: string[];
  /** Each node's device type, hub and site, as indexes into the distinct values (a few thousand among 50,000 nodes). */
  typeOf: Int32Array;
  hubOf: Int32Array;
  siteOf: Int32Array;
  types: string[];
  hubs: string[];
  sites: string[];
  /** The name of each of `hubs` and `sites`; null for one that is gone (its nodes then drop out, as an inner join drops them). */
  hubNames: (string | null)[];
  siteNames: (string | null)[];
  /** Positions in each sort's ascending order. */
  orders: Record<Field, Int32Array>;
  /**
   * The nodes the last few filters matched (by their words), most recent last: typing back, paging and sorting repeat
   * them, and typing on narrows them.
   */
  recent: Map<string, Kept>;
  /** Estimated heap held, for the cap. */
  bytes: number;
  usedAt: number;
}

/** A filter's matches: 1 for each node, by position, that holds every one of `terms`. */
interface Kept {
  terms: string[];
  match: Uint8Array;
  count: number;
}

/** Filters whose matches a copy keeps: one byte per node each (50,000 nodes: 400 KB in all). */
const RECENT_FILTERS = 8;

export interface NodeSearchOptions {
  /** Copies of all companies together stay under this many bytes (estimated); the least recently used go first. */
  maxBytes: number;
  /** A copy unused this long is dropped at the next call of any company. */
  idleMs: number;
  /** Rows per statement while building; between chunks other requests run. */
  chunk: number;
}

const RETRY_AFTER_FAILURE_MS = 30_000;

export const NODE_SEARCH_DEFAULTS: NodeSearchOptions = { maxBytes: 64 * 1024 * 1024, idleMs: 10 * 60_000, chunk: 2000 };

/** What the copies did, for tests and benches. */
export interface NodeSearchStats {
  /** Calls answered from a copy. */
  served: number;
  /** Calls answered by SQL: no copy yet, a stale one, or a query a copy cannot answer. */
  fallbacks: number;
  /** Filters matched by narrowing a kept filter's matches rather than by searching every node. */
  narrowed: number;
  builds: number;
  failures: number;
  companies: number;
  bytes: number;
}

class NodeSearch {
  private readonly companies = new Map<string, CompanyIndex>();
  private readonly building = new Map<string, Promise<CompanyIndex | undefined>>();
  /** When a company's last build failed: calls take the SQL path a while before the next try. */
  private readonly failedAt = new Map<string, number>();
  readonly stats = { served: 0, fallbacks: 0, narrowed: 0, builds: 0, failures: 0 };
  private readonly postgres: boolean;

  constructor(
    private readonly db: Db,
    readonly options: NodeSearchOptions,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** The company's copy when it is current; otherwise undefined, and a build is under way. */
  async current(companyId: string, now = Date.now()): Promise<CompanyIndex | undefined> {
    this.sweep(now);
    const version = await versionOf(this.db, companyId);
    const index = this.companies.get(companyId);
    if (index && index.version === version) {
      index.usedAt = now;
      // Map order is the eviction order: the most recently used go last.
      this.companies.delete(companyId);
      this.companies.set(companyId, index);
      return index;
    }
    if (now - (this.failedAt.get(companyId) ?? -Infinity) > RETRY_AFTER_FAILURE_MS) void this.build(companyId);
    return undefined;
  }

  /** Builds the company's copy unless one is being built; resolves when it is stored (undefined if the build failed). */
  build(companyId: string): Promise<CompanyIndex | undefined> {
    let running = this.building.get(companyId);
    if (!running) {
      running = buildIndex(this.db, companyId, this.postgres, this.options.chunk)
        .then((index) => {
          this.stats.builds++;
          this.failedAt.delete(companyId);
          this.store(companyId, index);
          return index;
        })
        .catch(() => {
          // The SQL path keeps answering meanwhile: a failed build costs the list nothing but its speed.
          this.stats.failures++;
          this.failedAt.set(companyId, Date.now());
          return undefined;
        })
        .finally(() => this.building.delete(companyId));
      this.building.set(companyId, running);
    }
    return running;
  }

  private store(companyId: string, index: CompanyIndex): void {
    this.companies.delete(companyId);
    this.companies.set(companyId, index);
    let total = this.bytes();
    for (const [id, other] of this.companies) {
      if (total <= this.options.maxBytes || other === index) break;
      this.companies.delete(id);
      total -= other.bytes;
    }
    // A company larger than the whole budget is not kept at all.
    if (index.bytes > this.options.maxBytes) this.companies.delete(companyId);
  }

  /** Whether the company's copy is held (current or not). */
  holds(companyId: string): boolean {
    return this.companies.has(companyId);
  }

  /** Drops the copies unused for `idleMs` before `now`. */
  sweep(now: number): void {
    for (const [id, index] of this.companies) if (now - index.usedAt > this.options.idleMs) this.companies.delete(id);
  }

  size(): number {
    return this.companies.size;
  }

  bytes(): number {
    let total = 0;
    for (const index of this.companies.values()) total += index.bytes;
    return total;
  }
}

const searches = new WeakMap<Db, NodeSearch>();

/** The copies of the database's companies; one set per database handle (an app instance, a test's database). */
export function nodeSearchOf(db: Db, options: Partial<NodeSearchOptions> = {}): NodeSearch {
  let search = searches.get(db);
  if (!search) searches.set(db, (search = new NodeSearch(db, { ...NODE_SEARCH_DEFAULTS, ...options })));
  return search;
}

export function nodeSearchStats(db: Db): NodeSearchStats {
  const search = nodeSearchOf(db);
  return { ...search.stats, companies: search.size(), bytes: search.bytes() };
}

/** Builds the company's copy now and waits for it (a server warming up, tests); false when the build failed. */
export async function warmNodeSearch(db: Db, companyId: string): Promise<boolean> {
  return (await nodeSearchOf(db).build(companyId)) !== undefined;
}

/**
 * `GET /api/nodes`: from the company's copy when it is current and the query is one it answers, else `listNodes`.
 * The copy holds no last-seen times (ingest moves them all the time), so that sort is SQL's. A filter holding a NUL
 * or a lone surrogate goes to SQL too: the databases refuse or re-encode those, and their answer is the contract.
 */
export async function searchNodes(db: Db, companyId: string, query: NodeListQuery): Promise<ListAnswer<NodeItem>> {
  const search = nodeSearchOf(db);
  const index = answerable(query) ? await search.current(companyId) : undefined;
  if (!index) {
    search.stats.fallbacks++;
    return listNodes(db, companyId, query);
  }
  search.stats.served++;
  const tagged = query.tagId ? new Set((await db.selectFrom('nodeTagLinks').select('nodeId').where('tagId', '=', query.tagId).execute()).map((r) => r.nodeId)) : undefined;
  const page = pageOf(index, query, search.stats, tagged);
  return { data: await pageRows(db, index, page.positions), total: page.total };
}

const answerable = (query: NodeListQuery) =>
  query.sort !== 'lastSeenAt' && query.sort !== '-lastSeenAt' && (query.q === undefined || (!query.q.includes('\u0000') && query.q.isWellFormed()));

/** The page's positions and the number of all matches: which nodes match, in position order, then the sort's order walked once. */
function pageOf(index: CompanyIndex, query: NodeListQuery, stats: { narrowed: number }, tagged?: Set<string>): { positions: number[]; total: number } {
  const { field, desc } = sortOf(query.sort, 'name');
  const order = index.orders[field as Field] ?? index.orders.name;
  const n = order.length;
  const from = query.offset;
  const to = query.offset + query.limit;
  const page: number[] = [];
  const match = matching(index, termsOf(query.q ?? ''), query, stats, tagged);
  if (!match) {
    for (let k = from; k < Math.min(to, n); k++) page.push(order[desc ? n - 1 - k : k]!);
    return { positions: page, total: n };
  }
  let total = 0;
  for (let k = 0; k < n; k++) {
    const i = order[desc ? n - 1 - k : k]!;
    if (!match[i]) continue;
    if (total >= from && total < to) page.push(i);
    total++;
  }
  return { positions: page, total };
}

/** 1 for each node that every word and filter admits, by position; null when nothing filters. */
function matching(index: CompanyIndex, terms: string[], query: NodeListQuery, stats: { narrowed: number }, tagged?: Set<string>): Uint8Array | null {
  const { ids, hubOf, siteOf } = index;
  const n = ids.length;
  // -1: a filter naming a hub or site no node of the company has, which then matches nothing.
  const site = query.siteId === undefined ? undefined : index.sites.indexOf(query.siteId);
  const hub = query.hubId === undefined ? undefined : index.hubs.indexOf(query.hubId);
  if (!terms.length && site === undefined && hub === undefined && !tagged) return null;
  let match = terms.length ? wordMatches(index, terms, stats) : null;
  if (site === undefined && hub === undefined && !tagged) return match;
  // The kept matches are shared: filters mark a copy.
  match = match ? match.slice() : new Uint8Array(n).fill(1);
  for (let i = 0; i < n; i++) {
    if (!match[i]) continue;
    if ((site !== undefined && siteOf[i] !== site) || (hub !== undefined && hubOf[i] !== hub) || (tagged && !tagged.has(ids[i]!))) match[i] = 0;
  }
  return match;
}

/**
 * 1 for each node whose name or serial holds every word. A word holds no whitespace, so it is found inside one node's
 * part of the joined text, never across two. Typing on ("fridge 1" after "fridge"), a kept filter each of whose words
 * lies inside one of these words matched every node these can match: when it matched few, only its nodes are searched,
 * each in its own part; otherwise the joined text is searched once per word.
 */
function wordMatches(index: CompanyIndex, terms: string[], stats: { narrowed: number }): Uint8Array {
  const key = terms.join('\n');
  const kept = index.recent.get(key);
  if (kept) {
    index.recent.delete(key);
    index.recent.set(key, kept);
    return kept.match;
  }
  const { text, starts } = index;
  const n = starts.length - 1;
  let base: Kept | undefined;
  for (const k of index.recent.values()) {
    if ((!base || k.count < base.count) && k.terms.every((w) => terms.some((t) => t.includes(w)))) base = k;
  }
  let match: Uint8Array;
  let count = 0;
  if (base && base.count * NARROW_BELOW < n) {
    stats.narrowed++;
    match = new Uint8Array(n);
    const from = base.match;
    // The kept filter's own words hold already.
    const rest = terms.filter((t) => !base.terms.includes(t));
    for (let r = 0; r < n; r++) {
      if (!from[r]) continue;
      const part = text.substring(starts[r]!, starts[r + 1]! - 1);
      if (rest.every((t) => part.includes(t))) {
        match[r] = 1;
        count++;
      }
    }
  } else {
    let prev: Uint8Array | null = null;
    match = new Uint8Array(0);
    for (const term of terms) {
      match = new Uint8Array(n);
      count = 0;
      let r = 0;
      for (let at = text.indexOf(term); at >= 0; ) {
        while (starts[r + 1]! <= at) r++;
        if (!prev || prev[r]) {
          match[r] = 1;
          count++;
        }
        // One hit is enough for a node: go on from the next one.
        at = r + 1 < n ? text.indexOf(term, starts[r + 1]!) : -1;
      }
      prev = match;
    }
  }
  index.recent.set(key, { terms, match, count });
  if (index.recent.size > RECENT_FILTERS) index.recent.delete(index.recent.keys().next().value!);
  return match;
}

/**
 * Narrow a kept filter's matches when they are under 1/NARROW_BELOW of the nodes: testing one node's part costs a
 * substring and a search per new word, about twice a hop of the whole-text search (measured at 50,000 nodes).
 */
const NARROW_BELOW = 2;

async function versionOf(db: Db, companyId: string): Promise<number> {
  const { rows } = await sql<{ version: number | string }>`SELECT version FROM node_list_versions WHERE company_id = ${companyId}`.execute(db);
  return rows.length ? Number(rows[0]!.version) : 0;
}

/** A column of few distinct values: each row's value as an index into `values`. */
class Dictionary {
  readonly values: string[] = [];
  private readonly at = new Map<string, number>();
  readonly of: number[] = [];

  push(value: string): void {
    let k = this.at.get(value);
    if (k === undefined) {
      k = this.values.length;
      this.values.push(value);
      this.at.set(value, k);
    }
    this.of.push(k);
  }
}

async function buildIndex(db: Db, companyId: string, postgres: boolean, chunk: number): Promise<CompanyIndex> {
  // The number first: a write that lands while the rows are read makes the copy stale at once, never wrongly fresh.
  const version = await versionOf(db, companyId);
  const ids: string[] = [];
  const rowids: number[] = [];
  const parts: string[] = [];
  const names: string[] = [];
  const serials: string[] = [];
  const types = new Dictionary();
  const hubs = new Dictionary();
  const sites = new Dictionary();
  let after: { lowerName: string; id: string } | undefined;
  // In (lower(name), id) order along the nodes_company_search index: the rows arrive in the name sort's order.
  for (;;) {
    const rows = await db
      .selectFrom('nodes')
      .select(['id', 'name', 'serial', sql<string>`lower(name)`.as('lowerName'), sql<string>`lower(serial)`.as('lowerSerial'), 'deviceType', 'hubId', 'siteId'])
      .select(postgres ? sql<number>`0`.as('rid') : sql<number>`rowid`.as('rid'))
      .where('companyId', '=', companyId)
      // Spelt out rather than a row value `(lower(name), id) > (…)`, which SQLite does not take as an index range.
      .$if(after !== undefined, (q) => q.where(sql<boolean>`lower(name) >= ${after!.lowerName} AND (lower(name) > ${after!.lowerName} OR id > ${after!.id})`))
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(chunk)
      .execute();
    for (const r of rows) {
      ids.push(r.id);
      rowids.push(Number(r.rid));
      parts.push(r.lowerName, r.lowerSerial);
      names.push(r.name);
      serials.push(r.serial);
      types.push(r.deviceType);
      hubs.push(r.hubId);
      sites.push(r.siteId);
    }
    if (rows.length < chunk) break;
    after = rows[rows.length - 1]!;
    await nextTurn();
  }
  const n = ids.length;
  const text = parts.join('\n');
  const starts = new Int32Array(n + 1);
  for (let i = 0, at = 0; i < n; i++) {
    starts[i] = at;
    at += parts[2 * i]!.length + parts[2 * i + 1]!.length + 2;
  }
  starts[n] = text.length + 1;
  await nextTurn();
  const hubNames = await namesOf(db, 'hubs', hubs.values);
  const siteNames = await namesOf(db, 'sites', sites.values);
  const orders = postgres
    ? await postgresOrders(db, companyId, ids)
    : await sqliteOrders(ids, {
      deviceType: { of: types.of, keys: types.values },
      // A left join: a node whose hub or site is gone sorts by NULL.
      hubName: { of: hubs.of, keys: hubNames.map((x) => x && x.lower) },
      siteName: { of: sites.of, keys: siteNames.map((x) => x && x.lower) },
    });
  return {
    version, ids, rowids: postgres ? null : Float64Array.from(rowids), text, starts, names, serials,
    typeOf: Int32Array.from(types.of), hubOf: Int32Array.from(hubs.of), siteOf: Int32Array.from(sites.of), types: types.values, hubs: hubs.values, sites: sites.values,
    hubNames: hubNames.map((x) => x && x.name), siteNames: siteNames.map((x) => x && x.name), recent: new Map(),
    orders: { name: Int32Array.from({ length: n }, (_, i) => i), ...orders }, bytes: estimateBytes(ids, text, names, serials), usedAt: Date.now(),
  };
}

/** The name and lower(name) of each hub or site, in the order of `ids`; null for one that is gone. */
async function namesOf(db: Db, table: 'hubs' | 'sites', ids: string[]): Promise<({ name: string; lower: string } | null)[]> {
  const found = new Map<string, { name: string; lower: string }>();
  for (let i = 0; i < ids.length; i += 500) {
    const part = await db.selectFrom(table).select(['id', 'name', sql<string>`lower(name)`.as('lower')]).where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of part) found.set(r.id, { name: r.name, lower: r.lower });
  }
  return ids.map((id) => found.get(id) ?? null);
}

/** Heap held by a copy, roughly: the strings (one byte a character when all are Latin-1, else two) and the arrays. */
function estimateBytes(ids: string[], text: string, names: string[], serials: string[]): number {
  const chars = (s: string) => s.length * (/[\u0100-\uffff]/.test(s) ? 2 : 1);
  let bytes = chars(text);
  for (let i = 0; i < ids.length; i++) bytes += 3 * 16 + chars(ids[i]!) + chars(names[i]!) + chars(serials[i]!);
  // Three arrays of 8-byte slots (ids, names, serials), the rowids' 8 bytes; `starts`, type, hub, site and four orders of 4 bytes; the
  // recent filters' matches, a byte each.
  return bytes + ids.length * (3 * 8 + 8 + 8 * 4 + RECENT_FILTERS);
}

/**
 * The page as the API shows it, in the order of `positions`: what the copy holds (names, hub, site: all of them move
 * the version on) from the copy, what changes without a version from the database — last seen, battery and signal
 * (ingest), feed counts and tags — in two statements whatever the page size.
 */
async function pageRows(db: Db, index: CompanyIndex, positions: number[]): Promise<NodeItem[]> {
  if (positions.length === 0) return [];
  const ids = positions.map((i) => index.ids[i]!);
  const live = (by: { rowid: number[] } | { id: string[] }) =>
    db
      .selectFrom('nodes')
      .select((eb) => [
        'id', 'batteryPct', 'signalDbm', 'lastSeenAt',
        eb.selectFrom('feeds').select(sql<number>`count(*)`.as('n')).whereRef('feeds.nodeId', '=', 'nodes.id').as('feedCount'),
      ])
      .$call((q) => ('rowid' in by ? q.where(sql<number>`rowid`, 'in', by.rowid) : q.where('id', 'in', by.id)))
      .execute();
  const { rowids } = index;
  const [rows, tags] = await Promise.all([live(rowids ? { rowid: positions.map((i) => rowids[i]!) } : { id: ids }), tagsOfNodes(db, ids)]);
  const liveOf = new Map(rows.map((r) => [r.id, r]));
  // A rowid names its node until a VACUUM renumbers the table: a node its rowid did not find is looked up by its id
  // (and one deleted meanwhile is then not found either way).
  const lost = rowids ? ids.filter((id) => !liveOf.has(id)) : [];
  if (lost.length) for (const r of await live({ id: lost })) liveOf.set(r.id, r);
  const out: NodeItem[] = [];
  for (const i of positions) {
    const id = index.ids[i]!;
    const r = liveOf.get(id);
    const hubName = index.hubNames[index.hubOf[i]!];
    const siteName = index.siteNames[index.siteOf[i]!];
    // Deleted between the copy's check and this read: the page is one row short rather than a 500.
    if (!r || hubName == null || siteName == null) continue;
    out.push({
      id, name: index.names[i]!, serial: index.serials[i]!, deviceType: index.types[index.typeOf[i]!]!, hubId: index.hubs[index.hubOf[i]!]!, hubName,
      siteId: index.sites[index.siteOf[i]!]!, siteName, tags: tags.get(id) ?? [], batteryPct: r.batteryPct, signalDbm: r.signalDbm,
      lastSeenAt: iso(r.lastSeenAt), feedCount: Number(r.feedCount ?? 0),
    });
  }
  return out;
}
