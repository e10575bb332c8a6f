import type { AppDeps } from '../context';
import { exportTick } from '../exports/export-jobs';

/** How often the export worker looks for jobs: a job starts within this of its request (issue 14: within 2 seconds). */
export const EXPORT_TICK_MS = 1_000;

/** Runs the export worker until stopped; a failed pass is logged and the next one tries again. */
export function startExportJobs(deps: AppDeps, opts: { periodMs?: number; log?: (line: string) => void } = {}): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = exportTick(deps)
      .catch((e: unknown) => opts.log?.(`exports: tick failed (${e instanceof Error ? e.message : String(e)})`))
      .finally(() => {
        running = null;
      });
  }, opts.periodMs ?? EXPORT_TICK_MS);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
