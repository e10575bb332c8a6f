/**
 * Runs `tick` every `periodMs` until stopped, one pass at a time (a pass that outlasts the period delays the next, it
 * never overlaps it); a failed pass is logged and the next one tries again. Stop waits for the pass under way.
 */
export function every(name: string, periodMs: number, tick: () => Promise<unknown>, log?: (line: string) => void): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((e: unknown) => log?.(`${name}: tick failed (${e instanceof Error ? e.message : String(e)})`))
      .finally(() => {
        running = null;
      });
  }, periodMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
