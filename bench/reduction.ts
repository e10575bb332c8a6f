import { reduce } from '../server/monitoring/readings';
import { median, time } from './readings-world';

/**
 * B6: 1M readings reduced to 2,000 points (min and max per pixel slot), against a naive version written the obvious
 * way — points as objects grouped in a Map, each slot sorted by value — measured in the same run.
 */

const N = 1_000_000;
const POINTS = 2_000;
const GOAL_MS = 5;
const PAIRS = 9;

function naive(t: number[], v: number[], maxPoints: number, from: number, to: number) {
  const slots = Math.floor(maxPoints / 2);
  const width = (to - from) / slots;
  const groups = new Map<number, { t: number; v: number }[]>();
  for (let i = 0; i < t.length; i++) {
    const k = Math.min(slots - 1, Math.floor((t[i]! - from) / width));
    let g = groups.get(k);
    if (!g) groups.set(k, (g = []));
    g.push({ t: t[i]!, v: v[i]! });
  }
  const out: { t: number; v: number }[] = [];
  for (const k of [...groups.keys()].sort((a, b) => a - b)) {
    const byValue = [...groups.get(k)!].sort((a, b) => a.v - b.v);
    const pair = [byValue[0]!, byValue[byValue.length - 1]!].sort((a, b) => a.t - b.t);
    out.push(...(pair[0] === pair[1] ? [pair[0]!] : pair));
  }
  return { t: out.map((p) => p.t), value: out.map((p) => p.v) };
}

export async function reduction(): Promise<{ line: string; ok: boolean }> {
  const from = Date.parse('2025-01-01T00:00:00Z');
  // Packed arrays, as the engine's rows.map() makes them.
  const t = Array.from({ length: N }, (_, i) => from + i * 60_000);
  const v = Array.from({ length: N }, (_, i) => 5 + 2 * Math.sin(i / 500) + ((i * 7919) % 1000) / 1000 + (i % 104_729 === 0 ? 20 : 0));
  const to = t[N - 1]! + 60_000;
  const a = reduce(t, v, POINTS, from, to);
  const b = naive(t, v, POINTS, from, to);
  if (a.t.length > POINTS || JSON.stringify(a) !== JSON.stringify(b)) throw new Error('reduction: the two versions disagree');
  const ours: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    ours.push(await time(() => reduce(t, v, POINTS, from, to)));
    base.push(await time(() => naive(t, v, POINTS, from, to)));
  }
  const value = median(ours);
  const baseline = median(base);
  return {
    ok: value <= GOAL_MS,
    line: `bench reduction: ${value.toFixed(2)} ms (baseline ${baseline.toFixed(1)} ms, ratio ${(baseline / value).toFixed(1)}, goal ≤ ${GOAL_MS} ms for 1M → ${POINTS} points)`,
  };
}
