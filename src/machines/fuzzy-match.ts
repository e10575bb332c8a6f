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

/**
 * `items` that match `query`, best first (stable among equals), at most `limit` of them, and how many matched; all
 * of them, in order, for an empty query. Scores and indexes live in typed arrays: no object per match.
 */
export function rankTop<T>(items: readonly T[], query: string, hayOf: (item: T) => string, limit = Infinity): { items: T[]; total: number } {
  const ts = terms(query);
  if (!ts.length) return { items: items.slice(0, limit), total: items.length };
  const scores = new Float64Array(items.length);
  const hits = new Uint32Array(items.length);
  let n = 0;
  for (let i = 0; i < items.length; i++) {
    const s = score(hayOf(items[i]!), ts);
    if (s === null) continue;
    scores[i] = s;
    hits[n++] = i;
  }
  const order = hits.subarray(0, n).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const out = new Array<T>(Math.min(n, limit));
  for (let k = 0; k < out.length; k++) out[k] = items[order[k]!]!;
  return { items: out, total: n };
}

/** Every item that matches `query`, best first (see rankTop). */
export function rank<T>(items: readonly T[], query: string, hayOf: (item: T) => string): T[] {
  return rankTop(items, query, hayOf).items;
}
