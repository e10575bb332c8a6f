import { monitorEventLoopDelay } from 'node:perf_hooks';
import { hashPassword } from '../server/auth/passwords';
import { startup } from './startup';
import { readingsWeek, readingsYear } from './readings';
import { reduction } from './reduction';
import { ingest } from './ingest';
import { chart } from './chart';
import { table, tableMinmax } from './table';
import { palette } from './palette';
import { manage } from './manage';
import { stream } from './stream';
import { exportBench } from './export';
import { scale } from './scale';
import { load } from './load';
import { wall } from './wall';

/**
 * Benchmarks, each a ratio against a baseline measured in the same process. Run `npm run bench` for all, or
 * `npm run bench -- NAME` for one. Each prints `bench NAME: <value> vs baseline <value> (ratio R, goal G)`.
 */
type Bench = () => Promise<{ line: string; ok: boolean }>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** While production-cost scrypt hashes run, the event loop must stay responsive (hashing is off the loop). */
const auth: Bench = async () => {
  const pairs = 7;
  const lagBase: number[] = [];
  const lagHash: number[] = [];
  const hashMs: number[] = [];
  for (let i = 0; i < pairs; i++) {
    // Baseline: the loop's p99 delay over a quiet window of the same length as the hashing window.
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    const t0 = performance.now();
    await hashPassword('Bench1234', 17);
    const took = performance.now() - t0;
    h.disable();
    hashMs.push(took);
    lagHash.push(h.percentile(99) / 1e6);
    const b = monitorEventLoopDelay({ resolution: 5 });
    b.enable();
    await new Promise((r) => setTimeout(r, took));
    b.disable();
    lagBase.push(b.percentile(99) / 1e6);
  }
  const base = median(lagBase);
  const hashLag = median(lagHash);
  const ratio = hashLag / Math.max(base, 1);
  return {
    ok: ratio <= 2,
    line: `bench auth: ${hashLag.toFixed(1)} ms event-loop p99 delay while hashing (baseline ${base.toFixed(1)} ms idle, ratio ${ratio.toFixed(2)}, goal ratio ≤ 2; scrypt N=2^17 ${median(hashMs).toFixed(0)} ms per hash)`,
  };
};

const benches: Record<string, Bench> = { auth, startup, 'readings-week': readingsWeek, 'readings-year': readingsYear, reduction, ingest, chart, table, 'table-minmax': tableMinmax, palette, manage, stream, export: exportBench, load, scale, wall };

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const names = wanted.length ? wanted : Object.keys(benches);
  let failed = 0;
  for (const name of names) {
    const bench = benches[name];
    if (!bench) {
      console.error(`unknown bench ${name}; known: ${Object.keys(benches).join(', ')}`);
      process.exit(2);
    }
    const r = await bench();
    console.log(`${r.line}${r.ok || r.line.includes('goal missed') ? '' : '  ← goal missed'}`);
    if (!r.ok) failed++;
  }
  process.exit(failed ? 1 : 0);
}

void main();
