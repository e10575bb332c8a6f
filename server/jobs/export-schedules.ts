import type { AppDeps } from '../context';
import { every } from './every';
import { scheduleTick } from '../exports/export-schedules';

/** How often due export schedules are looked for: a run is queued at most this late (then built within a second). */
export const SCHEDULE_TICK_MS = 10_000;

/** Queues the exports of due schedules until stopped (every instance runs it; PostgreSQL instances skip each other's). */
export function startExportSchedules(deps: AppDeps, opts: { periodMs?: number; log?: (line: string) => void } = {}): { stop(): Promise<void> } {
  return every('export-schedules', opts.periodMs ?? SCHEDULE_TICK_MS, () => scheduleTick(deps), opts.log);
}
