import type { ChildProcess } from 'node:child_process';

/**
 * The next message of `type` from a forked bench process (a load generator, a server); rejects when none comes within
 * `ms` or the process exits first, naming `who` in the error.
 */
export function nextMessage<M extends { type: string }, T extends M>(child: ChildProcess, who: string, type: T['type'], ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${who}: no '${type}' in ${ms} ms`)), ms);
    const onMessage = (m: M) => {
      if (m.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${who}: exited (${code}) before '${type}'`));
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}
