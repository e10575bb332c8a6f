/**
 * The server's one clock. Real time, unless the process was started with FROZEN_NOW (screenshot comparisons only;
 * config.ts refuses it in production): then every read answers that instant, so the seed's history, "online",
 * "latest", token and code expiries and rate-limit windows are the same on every run.
 */
let frozenAt: number | null = null;

/** Milliseconds since the epoch, as every server-side "now" reads it. */
export const now = (): number => frozenAt ?? Date.now();

/** Stops the clock at `at` (epoch ms), or lets it run again with null; server.ts calls it once from the configuration. */
export function freezeClock(at: number | null): void {
  frozenAt = at;
}
