import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { DEMO } from './helpers';
import { openApiDocument } from '../../server/openapi';

/**
 * The served document is enough to build a working client. openapi-typescript turns the document into
 * types, tsc checks tests/contract-client/example.mjs against them (openapi-fetch is the runtime), and the program signs
 * in through MFA and reads a site of a real server on a fresh SQLite folder, which serves that very document.
 * Nothing generated is kept.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const bin = (pkgPath: string) => path.join(repoRoot, 'node_modules', pkgPath);

/** The compiler settings a strict consumer would use; the generated types are a .ts file so they are checked too. */
const CLIENT_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2023', 'DOM'], types: ['node'],
    strict: true, noUncheckedIndexedAccess: true, allowJs: true, checkJs: true, noEmit: true, skipLibCheck: true,
  },
  files: ['example.mjs', 'sitewatch-api.ts'],
};

/** Starts server/server.ts; `base` settles once it listens, so the caller can work meanwhile. */
function startServer(dataDir: string): { child: ChildProcess; base: Promise<string> } {
  const env: Record<string, string> = {};
  // Always SQLite: the client sees the same contract whatever the database, and the folder is thrown away after.
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'DATABASE_URL') env[k] = v;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: repoRoot,
    env: {
      ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-client'),
      SCRYPT_LOG_N: '10', SEED_DAYS: '1', SIMULATE: 'false', LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const base = (async () => {
    const started = Date.now();
    for (;;) {
      const port = /running at http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      if (port) return `http://127.0.0.1:${port}`;
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${out}`);
      if (Date.now() - started > 120_000) throw new Error(`the server did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  // Awaited later; until then a failed start must not count as an unhandled rejection.
  base.catch(() => {});
  return { child, base };
}

describe('a typed client generated from the served OpenAPI document', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-client-'));
  const dataDir = path.join(work, 'data');
  let child: ChildProcess | null = null;

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('generates, compiles, signs in with a one-time code and reads a site', { timeout: 180_000 }, async () => {
    const steps: string[] = [];
    let mark = Date.now();
    const step = (name: string) => {
      steps.push(`${name} ${((Date.now() - mark) / 1000).toFixed(1)} s`);
      mark = Date.now();
    };
    // The server seeds while the client is generated and compiled from the document it will serve (checked below).
    const server = startServer(dataDir);
    child = server.child;
    const document = openApiDocument();
    fs.writeFileSync(path.join(work, 'openapi.json'), JSON.stringify(document));
    await run(process.execPath, [bin('openapi-typescript/bin/cli.js'), path.join(work, 'openapi.json'), '-o', path.join(work, 'sitewatch-api.ts')]);
    step('generate');

    fs.copyFileSync(path.join(repoRoot, 'tests/contract-client/example.mjs'), path.join(work, 'example.mjs'));
    fs.writeFileSync(path.join(work, 'tsconfig.json'), JSON.stringify(CLIENT_TSCONFIG));
    // openapi-fetch and the Node types resolve from the project's own install, as from a consumer's.
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(work, 'node_modules'), 'dir');
    const tsc = await run(process.execPath, [bin('typescript/bin/tsc'), '-p', path.join(work, 'tsconfig.json')]).catch((e: { stdout?: string }) => {
      throw new Error(`the example does not compile against the generated types:\n${e.stdout ?? String(e)}`);
    });
    expect(tsc.stdout).toBe('');
    step('tsc');

    const base = await server.base;
    step('then the server');
    const served = await fetch(`${base}/api/openapi.json`);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(document);

    const program = await run(process.execPath, [path.join(work, 'example.mjs'), base, DEMO.admin, DEMO.password], { cwd: work });
    step('program');
    console.log(`client check: ${steps.join(', ')}; the program printed ${program.stdout.trim()}`);
    const read = JSON.parse(program.stdout.trim()) as { siteId: string; siteName: string; nodes: number };

    // The name the program printed is the stored one of the site it named, read from the server's own database.
    const db = new Database(path.join(dataDir, 'sitewatch.db'), { readonly: true });
    const stored = db.prepare('SELECT name FROM sites WHERE id = ?').get(read.siteId) as { name: string } | undefined;
    db.close();
    expect(stored?.name).toBeTruthy();
    expect(read.siteName).toBe(stored!.name);
    expect(read.nodes).toBeGreaterThan(0);
  });
});
