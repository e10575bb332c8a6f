import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db/database';
import { termsOf } from '../db/list';
import { iso } from '../db/devices.repository';
import { listNodes, tagsOfNodes } from '../db/nodes.repository';
import { sortOf, type ListAnswer } from '../../src/api/contract/list';
import type { Field } from './node-orders';
import { buildIndex, RECENT_FILTERS, versionOf, type CompanyIndex, type Kept } from './node-index';
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
