import { median, percentile, stage } from './browser-harness';

/**
 * B3: the product's windowed table (TanStack Table + TanStack Virtual) with 100,000 rows × 8 columns. Mounting,
 * from rows in hand to the painted table, against 300 ms; and scrolling, each frame's cost from its scroll event
 * to the end of its paint, p99 over a fast scroll, against a plain pooled list (DOM code, same classes, row height
 * and overscan) on fresh pages in the same run, alternated.
 */

const ROWS = 100_000;
const PAIRS = 7;
const STEPS = 800;
const PX = 240;
const GOAL_MOUNT_MS = 300;
const GOAL_RATIO = 1.25;

export async function table(): Promise<{ line: string; ok: boolean }> {
  const s = await stage();
  const mounts: number[] = [];
  const p99Table: number[] = [];
  const p99Pool: number[] = [];
  try {
    for (let i = 0; i < PAIRS; i++) {
      for (const kind of i % 2 ? (['pool', 'table'] as const) : (['table', 'pool'] as const)) {
        const page = await s.page();
        await s.call(page, 'tableRows', ROWS);
        const mount = await s.call<number>(page, kind === 'table' ? 'tableMount' : 'pooledMount');
        const frames = await s.call<number[]>(page, 'scrollFrames', STEPS, PX);
        if (frames.length < STEPS * 0.9) throw new Error(`bench table: only ${frames.length} of ${STEPS} frames scrolled`);
        const p99 = percentile(frames, 99);
        if (kind === 'table') {
          mounts.push(mount);
          p99Table.push(p99);
        } else p99Pool.push(p99);
        if (process.env.BENCH_VERBOSE) console.error(`table ${kind} mount ${mount.toFixed(1)} ms, frame p50 ${percentile(frames, 50).toFixed(2)} p99 ${p99.toFixed(2)} ms`);
      }
    }
  } finally {
    await s.close();
  }
  const mount = median(mounts);
  const t = median(p99Table);
  const b = median(p99Pool);
  const ratio = t / b;
  const mountOk = mount <= GOAL_MOUNT_MS;
  const scrollOk = ratio <= GOAL_RATIO;
  return {
    ok: mountOk && scrollOk,
    line: [
      `bench table-mount: ${mount.toFixed(1)} ms for ${ROWS} rows × 8 columns to the painted table (baseline none, ratio ${(mount / GOAL_MOUNT_MS).toFixed(2)} of the goal, goal ≤ ${GOAL_MOUNT_MS} ms)${mountOk ? '' : '  ← goal missed'}`,
      `bench table-scroll: ${t.toFixed(2)} ms scroll frame p99 (baseline pooled list ${b.toFixed(2)} ms, ratio ${ratio.toFixed(2)}, goal ≤ ${GOAL_RATIO})${scrollOk ? '' : '  ← goal missed'}`,
    ].join('\n'),
  };
}
