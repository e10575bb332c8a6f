import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The id of what this server hands out: `BUILD_ID` when the deployment sets one, else a digest of the client's
 * index.html, which names every hashed bundle of its build, so a new build is a new id. A screen left running for
 * weeks (a wall display) compares it with the id it started with and reloads at its next pause when it changes.
 * Read again only when index.html changes (its modification time), so a client swapped under a running server
 * is seen without a restart. Without a client (the API alone, tests) the id is the server's start.
 */
export function buildIdSource(staticDir: string, configured: string | undefined, startedAt = Date.now()): () => string {
  if (configured) return () => configured;
  const index = path.join(path.resolve(staticDir), 'index.html');
  let seen: { mtimeMs: number; id: string } | null = null;
  const fallback = `start-${startedAt.toString(36)}`;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(index);
    } catch {
      return fallback;
    }
    if (seen?.mtimeMs !== stat.mtimeMs) {
      const digest = crypto.createHash('sha256').update(fs.readFileSync(index)).digest('hex').slice(0, 16);
      seen = { mtimeMs: stat.mtimeMs, id: digest };
    }
    return seen.id;
  };
}
