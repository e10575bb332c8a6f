/**
 * The palette's matcher: every query term must be found in the text, in any order — as a word prefix (best), as a
 * substring, or as a subsequence of letters (fuzzy, worst). Texts are normalised once (`normalise`), so a keystroke
 * costs one pass of indexOf per term over each candidate.
 */

/** Lower case, accents stripped, so "Cafe" finds "Café". */
export function normalise(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** The terms of a query, normalised; empty terms dropped. */
export function terms(query: string): string[] {
  return normalise(query).split(/\s+/).filter(Boolean);
}

const isWordStart = (hay: string, at: number) => {
  if (at === 0) return true;
  const c = hay.charCodeAt(at - 1);
  // ASCII by character codes (the common case, and the hot loop); other scripts through the Unicode classes.
  if (c < 128) return !((c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90));
  return !/[\p{L}\p{N}]/u.test(hay[at - 1]!);
};

/** Whether `needle`'s letters appear in `hay` in order; returns the span they cover, or -1. */
function subsequence(hay: string, needle: string): number {
  let from = hay.indexOf(needle[0]!);
  if (from < 0) return -1;
  const start = from;
  for (let i = 1; i < needle.length; i++) {
    from = hay.indexOf(needle[i]!, from + 1);
    if (from < 0) return -1;
  }
  return from - start + 1;
}

/**
 * Scores `hay` (already normalised) against `ts` (from `terms`): higher is better, null when a term is missing.
 * A whole-text match beats a text prefix, which beats a word prefix, a substring and a subsequence; shorter texts win
 * ties (a closer match).
 */
export function score(hay: string, ts: readonly string[]): number | null {
  let total = 0;
  for (const term of ts) {
    const at = hay.indexOf(term);
    if (at >= 0) {
      if (at === 0 && term.length === hay.length) total += 100;
      else if (at === 0) total += 60;
      else if (isWordStart(hay, at)) total += 40;
      else {
        // A later word may start with the term even when the first occurrence is mid-word.
        let next = hay.indexOf(term, at + 1);
        while (next >= 0 && !isWordStart(hay, next)) next = hay.indexOf(term, next + 1);
        total += next >= 0 ? 40 : 20;
      }
    } else {
      const span = subsequence(hay, term);
      if (span < 0) return null;
      // Tighter subsequences score higher, always below a substring.
      total += Math.max(1, 10 - (span - term.length));
    }
  }
  return total - Math.min(hay.length, 200) / 1000;
}

/** Matches best first: the items, their scores (×1000, as integers, for merging rankings) and how many matched. */
export interface Ranked<T> {
  items: T[];
  scores: Float64Array;
  total: number;
}

// Sort keys pack a match's score and its index into one double: -score × 2^22 + index sorts best first and keeps the
// given order among equals, with the engine's native numeric sort instead of a comparator called per pair.
const SHIFT = 2 ** 22;
const packable = (count: number, termCount: number) => count < SHIFT && termCount * 100_000 < 2 ** 53 / SHIFT;

/**
 * The `top` smallest packed keys of the `n` matches, ascending: a bounded max-heap, so 50,000 matches cost a
 * comparison each and only the few that enter the heap cost log(top) more; then the heap alone is sorted.
 */
function smallest(scores: Float64Array, hits: Uint32Array, n: number, top: number): Float64Array {
  if (top >= n / 4) {
    const keys = new Float64Array(n);
    for (let k = 0; k < n; k++) keys[k] = -scores[k]! * SHIFT + hits[k]!;
    return keys.sort().subarray(0, top);
  }
  const heap = new Float64Array(top);
  for (let k = 0; k < n; k++) {
    const key = -scores[k]! * SHIFT + hits[k]!;
    if (k < top) {
      // Sift up.
      let at = k;
      while (at > 0) {
        const up = (at - 1) >> 1;
        if (heap[up]! >= key) break;
        heap[at] = heap[up]!;
        at = up;
      }
      heap[at] = key;
    } else if (key < heap[0]!) {
      // Replace the largest and sift down.
      let at = 0;
      for (;;) {
        const l = 2 * at + 1;
        if (l >= top) break;
        const r = l + 1;
        const big = r < top && heap[r]! > heap[l]! ? r : l;
        if (heap[big]! <= key) break;
        heap[at] = heap[big]!;
        at = big;
      }
      heap[at] = key;
    }
  }
  return heap.sort();
}

/** A ranking done a slice at a time: `run` scores until `deadline` (a `performance.now()` time) and gives the ranking
 * once every candidate is scored, null before. */
export interface RankJob<T> {
  run(deadline: number): Ranked<T> | null;
}

/** Ranks one list for query after query as it is typed (see `ranker`). */
export interface Ranker<T> {
  (query: string, limit?: number): Ranked<T>;
  /** The same ranking, to be run in slices between other work. */
  start(query: string, limit?: number): RankJob<T>;
}

// How many candidates are scored between two looks at the clock.
const SLICE = 512;

/**
 * Ranks one list for query after query as it is typed. A query that extends the previous one (more letters, more
 * terms) can only match fewer items, so it is scored against the previous matches alone, not the whole list; the
 * same query again is answered from memory. Scores and indexes live in typed arrays: no object per match.
 */
export function ranker<T>(items: readonly T[], hayOf: (item: T) => string): Ranker<T> {
  let last: { norm: string; hits: Uint32Array } | null = null;
  let memo: { norm: string; limit: number; ranked: Ranked<T> } | null = null;
  const done = (ranked: Ranked<T>): RankJob<T> => ({ run: () => ranked });

  const start = (query: string, limit = Infinity): RankJob<T> => {
    const norm = normalise(query).trim();
    const ts = norm.split(/\s+/).filter(Boolean);
    if (!ts.length) {
      const shown = items.slice(0, limit);
      return done({ items: shown, scores: new Float64Array(shown.length), total: items.length });
    }
    if (memo && memo.norm === norm && memo.limit === limit) return done(memo.ranked);
    const within = last && norm.startsWith(last.norm) ? last.hits : null;
    const count = within ? within.length : items.length;
    const hits = new Uint32Array(count);
    const scores = new Float64Array(count);
    let k = 0;
    let n = 0;
    let result: Ranked<T> | null = null;
    return {
      run(deadline) {
        if (result) return result;
        while (k < count) {
          const end = Math.min(count, k + SLICE);
          for (; k < end; k++) {
            const i = within ? within[k]! : k;
            const s = score(hayOf(items[i]!), ts);
            if (s === null) continue;
            scores[n] = Math.round(s * 1000);
            hits[n++] = i;
          }
          if (k < count && performance.now() >= deadline) return null;
        }
        last = { norm, hits: hits.slice(0, n) };
        result = top(items, scores, hits, n, Math.min(n, limit), ts.length);
        memo = { norm, limit, ranked: result };
        return result;
      },
    };
  };
  return Object.assign((query: string, limit?: number) => start(query, limit).run(Infinity)!, { start });
}

/** The best `count` of the `n` scored matches, best first, the given order among equals. */
function top<T>(items: readonly T[], scores: Float64Array, hits: Uint32Array, n: number, count: number, termCount: number): Ranked<T> {
  const out = new Array<T>(count);
  const outScores = new Float64Array(count);
  if (packable(items.length, termCount)) {
    const keys = smallest(scores, hits, n, count);
    for (let k = 0; k < count; k++) {
      const high = Math.floor(keys[k]! / SHIFT);
      out[k] = items[keys[k]! - high * SHIFT]!;
      outScores[k] = -high;
    }
  } else {
    const order = Array.from({ length: n }, (_, k) => k).sort((a, b) => scores[b]! - scores[a]! || hits[a]! - hits[b]!);
    for (let k = 0; k < count; k++) {
      out[k] = items[hits[order[k]!]!]!;
      outScores[k] = scores[order[k]!]!;
    }
  }
  return { items: out, scores: outScores, total: n };
}

/** `items` that match `query`, best first (stable among equals), at most `limit`; all of them for an empty query. */
export function rankTop<T>(items: readonly T[], query: string, hayOf: (item: T) => string, limit = Infinity): Ranked<T> {
  return ranker(items, hayOf)(query, limit);
}

/**
 * Two rankings as one, best first, cut to `limit`: ties keep `a` before `b`. `a`'s matches beyond its own cut rank
 * below all it kept, so merging the cuts gives the cut of the merge.
 */
export function mergeRanked<T>(a: Ranked<T>, b: Ranked<T>, limit = Infinity): Ranked<T> {
  if (!b.items.length) return a;
  const size = Math.min(a.items.length + b.items.length, limit);
  const items = new Array<T>(size);
  const scores = new Float64Array(size);
  let i = 0;
  let j = 0;
  for (let k = 0; k < size; k++) {
    const fromA = j >= b.items.length || (i < a.items.length && a.scores[i]! >= b.scores[j]!);
    items[k] = fromA ? a.items[i]! : b.items[j]!;
    scores[k] = fromA ? a.scores[i++]! : b.scores[j++]!;
  }
  return { items, scores, total: a.total + b.total };
}
