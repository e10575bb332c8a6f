import type { AppDeps } from '../context';
import { every } from './every';
import { exportTick } from '../exports/export-jobs';

/** How often the export worker looks for jobs: a job starts within this of its request. */
export const EXPORT_TICK_MS = 1_000;

/** Runs the export worker until stopped. */
export function startExportJobs(deps: AppDeps, opts: { periodMs?: number; log?: (line: string) => void } = {}): { stop(): Promise<void> } {
  return every('exports', opts.periodMs ?? EXPORT_TICK_MS, () => exportTick(deps), opts.log);
}
