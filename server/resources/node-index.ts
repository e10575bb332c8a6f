import { sql } from 'kysely';
import type { Db } from '../db/database';
import { nextTurn, postgresOrders, sqliteOrders, type Field } from './node-orders';

/**
 * A company's copy of its Nodes list (server/resources/node-search.ts answers from it): what it holds, and how it is
 * read from the database, a chunk at a time, with the version it was read at.
 */

export interface CompanyIndex {
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
export interface Kept {
  terms: string[];
  match: Uint8Array;
  count: number;
}

/** Filters whose matches a copy keeps: one byte per node each (50,000 nodes: 400 KB in all). */
export const RECENT_FILTERS = 8;

export async function versionOf(db: Db, companyId: string): Promise<number> {
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

export async function buildIndex(db: Db, companyId: string, postgres: boolean, chunk: number): Promise<CompanyIndex> {
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
