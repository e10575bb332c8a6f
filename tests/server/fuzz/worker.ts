import { parentPort, workerData } from 'node:worker_threads';
import { runShard, type ShardJob } from './run';

// One shard of the fuzz in a thread of its own (tests/server/fuzz.test.ts starts one per core): it reports each route
// as it finishes, then everything it found.
const job = workerData as ShardJob;
runShard(job, (s) => parentPort!.postMessage({ type: 'route', stats: s }))
  .then((result) => parentPort!.postMessage({ type: 'done', ...result }))
  .catch((e: unknown) => parentPort!.postMessage({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) }));
