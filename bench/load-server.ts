import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The real server as a child process, for the load bench and the crash tests: `node --import tsx server/server.ts`
 * in one process (no wrapper), so SIGKILL reaches the server itself and its CPU is its own.
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface ChildServer {
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  base: string;
  /** Everything it printed so far (stdout and stderr), for failure messages. */
  output: () => string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The parent's environment without DATABASE_URL: a child on SQLite must not inherit the caller's PostgreSQL. */
function inherited(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'DATABASE_URL') out[k] = v;
  return out;
}

/**
 * Starts `script` (server/server.ts unless told) with `env` on top of the parent's, and waits for its "running at"
 * line. PORT=0 is the usual choice: the line names the port the system gave.
 */
export async function startChild(env: Record<string, string>, opts: { script?: string; timeoutMs?: number } = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', opts.script ?? 'server/server.ts'], {
    cwd: repoRoot,
    env: { ...inherited(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const started = Date.now();
  const timeoutMs = opts.timeoutMs ?? 30_000;
  for (;;) {
    const m = /running at http:\/\/[^:]+:(\d+)/.exec(out);
    if (m) return { child, base: `http://127.0.0.1:${m[1]}`, output: () => out };
    if (child.exitCode !== null) throw new Error(`${opts.script ?? 'the server'} exited (${child.exitCode}):\n${out}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${opts.script ?? 'the server'} did not start in ${timeoutMs} ms:\n${out}`);
    }
    await sleep(50);
  }
}

/** Ends the child with `signal` and waits for it to be gone; a child already gone is left alone. */
export async function stopChild(s: ChildServer | null | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = once(s.child, 'exit');
  s.child.kill(signal);
  await exited;
}

export interface ThrowawayDb {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server of `adminUrl`, dropped (connections and all) by `drop`. */
export async function throwawayPostgres(adminUrl: string, prefix: string): Promise<ThrowawayDb> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
