import type { ReadingSeries } from '../../api/contract/monitoring';

/** One row of the min/max table: a bucket start, and where each series has that bucket. */
export interface MinMaxRow {
  /** Epoch ms of the bucket's start. */
  ts: number;
  /** Per series (in the answer's order), the index of this bucket in its arrays, or -1 where it has none. */
  at: Int32Array;
}

/**
 * The table's rows, newest first: the series' bucket times merged into one row per distinct time, in one pass.
 *
 * Each series' times ascend (the server answers buckets in order and leaves empty ones out), so this is a k-way merge
 * from the ends: each row takes the latest time among the series' cursors and moves every cursor that has it. That
 * costs a few looks per series per row, where finding each cell with `indexOf` over the bucket times cost a scan per
 * cell: 50 feeds × 90 days of quarter hours was ~2×10⁹ comparisons, seconds on the main thread.
 */
export function minmaxRows(series: readonly Pick<ReadingSeries, 't'>[]): MinMaxRow[] {
  const k = series.length;
  const times = series.map((s) => s.t);
  const cursor = new Int32Array(k);
  for (let s = 0; s < k; s++) cursor[s] = times[s]!.length - 1;
  const rows: MinMaxRow[] = [];
  for (;;) {
    let ts = -Infinity;
    for (let s = 0; s < k; s++) {
      const c = cursor[s]!;
      if (c >= 0) {
        const v = times[s]![c]!;
        if (v > ts) ts = v;
      }
    }
    if (ts === -Infinity) return rows;
    const at = new Int32Array(k).fill(-1);
    for (let s = 0; s < k; s++) {
      let c = cursor[s]!;
      if (c < 0) continue;
      const t = times[s]!;
      // A time repeated within one series (never answered, but cheap to survive) is one row, at its first index.
      while (c >= 0 && t[c] === ts) at[s] = c--;
      cursor[s] = c;
    }
    rows.push({ ts, at });
  }
}
