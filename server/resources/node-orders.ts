import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * The orders of the Nodes list's copy (node-search.ts): each sort but the name's as positions, exactly as the database
 * orders the SQL path's rows — PostgreSQL's read from it, SQLite's reproduced in code-point order.
 */

export type Field = 'name' | 'deviceType' | 'hubName' | 'siteName';

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Compares as SQLite's BINARY collation does for UTF-8 text: by code point (UTF-16 units order astral characters too low). */
export function byCodePoint(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800–DFFF) stand for code points above U+FFFF: they sort after U+E000–FFFF.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** The ranks of `keys` (distinct values) in code-point order; null, as SQLite sorts it, before every string. */
function codePointRanks(keys: Iterable<string | null>): Map<string | null, number> {
  const sorted = [...keys].sort((a, b) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : byCodePoint(a, b)));
  return new Map(sorted.map((k, i) => [k, i]));
}

/** PostgreSQL sorts by its collation, which JavaScript cannot know: the orders are the database's, as the SQL path's. */
export async function postgresOrders(db: Db, companyId: string, ids: string[]): Promise<Omit<Record<Field, Int32Array>, 'name'>> {
  const at = new Map(ids.map((id, i) => [id, i]));
  const read = async (sort: 'deviceType' | 'hubName' | 'siteName'): Promise<Int32Array> => {
    const { rows } = await sql<{ id: string }>`
      SELECT n.id FROM nodes n
      ${sort === 'hubName' ? sql`LEFT JOIN hubs h ON h.id = n.hub_id` : sort === 'siteName' ? sql`LEFT JOIN sites s ON s.id = n.site_id` : sql``}
      WHERE n.company_id = ${companyId}
      ORDER BY ${sort === 'hubName' ? sql`lower(h.name)` : sort === 'siteName' ? sql`lower(s.name)` : sql`n.device_type`}, n.id`.execute(db);
    // A node added or removed since the rows were read: the version has moved on, so the copy is never used; its
    // orders need only hold each position once.
    const out = new Int32Array(ids.length);
    const seen = new Uint8Array(ids.length);
    let k = 0;
    for (const r of rows) {
      const i = at.get(r.id);
      if (i === undefined) continue;
      out[k++] = i;
      seen[i] = 1;
    }
    for (let i = 0; i < ids.length; i++) if (!seen[i]) out[k++] = i;
    return out;
  };
  return { deviceType: await read('deviceType'), hubName: await read('hubName'), siteName: await read('siteName') };
}

/** SQLite compares text by its bytes (BINARY): code-point order, reproduced here on the database's own lower(). */
export async function sqliteOrders(ids: string[], columns: Record<Exclude<Field, 'name'>, { of: number[]; keys: (string | null)[] }>): Promise<Omit<Record<Field, Int32Array>, 'name'>> {
  // Ids are compared in native code unless one holds a unit that UTF-16 order misplaces (ids are unique: never equal).
  const byId = ids.some((id) => /[\ud800-\uffff]/.test(id)) ? (a: number, b: number) => byCodePoint(ids[a]!, ids[b]!) : (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : 1);
  /**
   * Positions by the key of their dictionary value, then by id: a bucket per key (counted, then filled), each bucket
   * sorted by id on its own, so no one step holds the event loop for long (the largest bucket: a device type's nodes).
   */
  const by = async ({ of, keys }: { of: number[]; keys: (string | null)[] }): Promise<Int32Array> => {
    const rank = codePointRanks(new Set(keys));
    const keyRank = Int32Array.from(keys, (k) => rank.get(k)!);
    const starts = new Int32Array(rank.size + 1);
    for (const v of of) starts[keyRank[v]! + 1]!++;
    for (let k = 0; k < rank.size; k++) starts[k + 1]! += starts[k]!;
    const out = new Int32Array(ids.length);
    const fill = starts.slice();
    for (let i = 0; i < ids.length; i++) out[fill[keyRank[of[i]!]!]!++] = i;
    let sorted = 0;
    for (let k = 0; k < rank.size; k++) {
      out.subarray(starts[k]!, starts[k + 1]!).sort(byId);
      sorted += starts[k + 1]! - starts[k]!;
      if (sorted >= 5000) {
        sorted = 0;
        await nextTurn();
      }
    }
    return out;
  };
  return { deviceType: await by(columns.deviceType), hubName: await by(columns.hubName), siteName: await by(columns.siteName) };
}

