import type { LiveSource } from '../../src/machines/live-watch';

/** A stand-in for the app's stream actor: the test emits what the server would send. */
export function fakeLive() {
  const handlers = new Map<string, Set<(e: never) => void>>();
  const live: LiveSource & { emit(e: { type: string; [k: string]: unknown }): void } = {
    on: ((type: string, h: (e: never) => void) => {
      if (!handlers.has(type)) handlers.set(type, new Set());
      handlers.get(type)!.add(h);
      return { unsubscribe: () => handlers.get(type)!.delete(h) };
    }) as LiveSource['on'],
    emit: (e) => handlers.get(e.type)?.forEach((h) => h(e as never)),
  };
  return live;
}
