import { mergeRanked, rankTop, ranker, type Ranker } from './fuzzy-match';
import type { PalettePage } from './commands';
import { parseQuery, type ItemKind, type PaletteItem } from './palette-items';

/** The most rows the palette shows; more matches are counted, not listed. */
export const MAX_RESULTS = 500;

// Local keys are unique by construction; only the server's few results need checking against them.
const keysOf = new WeakMap<readonly PaletteItem[], Set<string>>();
function localKeys(local: readonly PaletteItem[]): Set<string> {
  let keys = keysOf.get(local);
  if (!keys) keysOf.set(local, (keys = new Set(local.map((i) => i.key))));
  return keys;
}

// A page's items narrowed to a prefix's kinds, and a ranker per list, live as long as the page's items do: a
// query typed letter by letter then ranks within the previous letter's matches.
const byKinds = new WeakMap<readonly PaletteItem[], Map<string, PaletteItem[]>>();
function ofKinds(local: readonly PaletteItem[], kinds: ItemKind[]): readonly PaletteItem[] {
  let lists = byKinds.get(local);
  if (!lists) byKinds.set(local, (lists = new Map()));
  const key = kinds.join();
  let list = lists.get(key);
  if (!list) lists.set(key, (list = local.filter((i) => kinds.includes(i.kind))));
  return list;
}
const hayOf = (i: PaletteItem) => i.hay;
const rankers = new WeakMap<readonly PaletteItem[], Ranker<PaletteItem>>();
function rankerOf(pool: readonly PaletteItem[]): Ranker<PaletteItem> {
  let rank = rankers.get(pool);
  if (!rank) rankers.set(pool, (rank = ranker(pool, hayOf)));
  return rank;
}

/** What the results are computed from (the machine's context has these fields). */
export interface ResultsInput {
  local: PaletteItem[];
  remote: PaletteItem[];
  query: string;
  recent: string[];
  pages: PalettePage[];
}
export interface Results {
  results: PaletteItem[];
  total: number;
}

/**
 * Matches the page's items and the server's answer against the query; recent choices first on an empty root. The
 * page's items and the server's (at most a few dozen) are ranked apart and merged, so a server answer arriving costs
 * its own items, not another pass over tens of thousands. `run` ranks until its deadline and answers null while
 * there is more to do.
 */
export function startResults(c: ResultsInput): { run(deadline: number): Results | null } {
  const page = c.pages[c.pages.length - 1] ?? 'root';
  const { kinds, text } = page === 'root' ? parseQuery(c.query) : { kinds: null, text: c.query.trim() };
  const known = localKeys(c.local);
  const local = kinds ? ofKinds(c.local, kinds) : c.local;
  const extra = c.remote.filter((i) => !known.has(i.key) && (!kinds || kinds.includes(i.kind)));
  if (!text) {
    const pool = extra.length ? local.concat(extra) : local;
    if (page !== 'root' || !c.recent.length) return { run: () => ({ results: pool.slice(0, MAX_RESULTS), total: pool.length }) };
    const order = new Map(c.recent.map((k, n) => [k, n]));
    const recent = pool.filter((i) => order.has(i.key)).sort((a, b) => order.get(a.key)! - order.get(b.key)!);
    const rest = pool.filter((i) => !order.has(i.key));
    return { run: () => ({ results: recent.concat(rest.slice(0, MAX_RESULTS - recent.length)), total: pool.length }) };
  }
  const job = rankerOf(local).start(text, MAX_RESULTS);
  return {
    run(deadline) {
      const mine = job.run(deadline);
      if (!mine) return null;
      const ranked = mergeRanked(mine, rankTop(extra, text, hayOf, MAX_RESULTS), MAX_RESULTS);
      return { results: ranked.items, total: ranked.total };
    },
  };
}

/** The results at once (see startResults); a ranking done before in slices for the same input is remembered. */
export function computeResults(c: ResultsInput): Results {
  return startResults(c).run(Infinity)!;
}

