import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build, type InlineConfig, type Manifest, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** The sign-in route's start-up JavaScript may not pass this (KB of 1000 gzip bytes): the bench's goal, `npm test`'s budget. */
export const SIGN_IN_BUDGET_KB = 110;
/** The module the sign-in route renders; lazy pages load it before the form can paint. */
const SIGN_IN_VIEW = 'src/views/sign-in/sign-in-view.tsx';

const gzipBytes = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => bytes / 1000;

/** A chunk and everything it imports statically: what the browser fetches (modulepreload) before running it. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function htmlEntry(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!key) throw new Error('the Vite manifest has no index.html entry');
  return key;
}

/** Gzip bytes of each JavaScript file of `keys`, each compressed on its own as it is served. */
function jsGzip(manifest: Manifest, outDir: string, keys: Iterable<string>): { file: string; bytes: number }[] {
  const files: { file: string; bytes: number }[] = [];
  for (const key of keys) {
    const file = manifest[key]!.file;
    if (file.endsWith('.js')) files.push({ file, bytes: gzipBytes(path.join(outDir, file)) });
  }
  return files;
}

const sum = (files: { bytes: number }[]) => files.reduce((n, f) => n + f.bytes, 0);

/** A production build of `config` into outDir; answers its manifest and, per JavaScript file, the modules in it (paths from the root). */
async function viteBuild(config: InlineConfig, outDir: string): Promise<{ manifest: Manifest; modules: Record<string, string[]> }> {
  // Inside vitest NODE_ENV is 'test', and Vite would then bundle React's development build.
  const root = path.resolve(config.root ?? '.');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = (await build({
      ...config,
      mode: 'production',
      logLevel: 'error',
      build: { ...config.build, outDir, emptyOutDir: true, manifest: true, sourcemap: false, reportCompressedSize: false },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    const modules: Record<string, string[]> = {};
    for (const output of Array.isArray(result) ? result : [result]) {
      for (const chunk of output.output) {
        if (chunk.type === 'chunk') modules[chunk.fileName] = Object.keys(chunk.modules).map((id) => (path.isAbsolute(id) ? path.relative(root, id) : id));
      }
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    return { manifest, modules };
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** What the sign-in route's first paint needs: its JavaScript files with their gzip bytes and the modules in them. */
export interface SignInStartup {
  bytes: number;
  files: { file: string; bytes: number; modules: string[] }[];
}

/** The sign-in route: the entry with its static imports, plus the lazily loaded sign-in page and its imports. */
function signInStartup(manifest: Manifest, modules: Record<string, string[]>, outDir: string): SignInStartup {
  const keys = staticClosure(manifest, htmlEntry(manifest));
  if (manifest[SIGN_IN_VIEW]) staticClosure(manifest, SIGN_IN_VIEW, keys);
  const files = jsGzip(manifest, outDir, keys).map((f) => ({ ...f, modules: modules[f.file] ?? [] }));
  return { bytes: sum(files), files };
}

/** Every input of the client build, hashed: equal hashes mean a build of them is still fresh. */
function inputsHash(root: string): string {
  const hash = crypto.createHash('sha256');
  const visit = (rel: string) => {
    const abs = path.join(root, rel);
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const name of fs.readdirSync(abs).sort()) visit(path.join(rel, name));
    else hash.update(`${rel}\0`).update(fs.readFileSync(abs)).update('\0');
  };
  for (const rel of ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json']) visit(rel);
  return hash.digest('hex');
}

/**
 * The sign-in route's start-up as the bench measures it, from a production build of `root` made in a temp directory
 * only when the last one measured other sources (`npm test` asks on every unit stage; unchanged sources cost no build).
 */
export async function signInStartupOf(root = repoRoot): Promise<SignInStartup> {
  const id = crypto.createHash('sha256').update(path.resolve(root)).digest('hex').slice(0, 12);
  const kept = path.join(os.tmpdir(), `sitewatch-startup-${id}.json`);
  const inputs = inputsHash(root);
  const last = fs.existsSync(kept) ? (JSON.parse(fs.readFileSync(kept, 'utf8')) as { inputs: string; startup: SignInStartup }) : null;
  if (last?.inputs === inputs) return last.startup;
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-startup-build-'));
  try {
    const { manifest, modules } = await viteBuild({ root, configFile: path.join(root, 'vite.config.ts') }, outDir);
    const startup = signInStartup(manifest, modules, outDir);
    // Written aside and renamed, so that a run beside this one never reads half a file.
    const partial = `${kept}.${process.pid}`;
    fs.writeFileSync(partial, JSON.stringify({ inputs, startup }));
    fs.renameSync(partial, kept);
    return startup;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** The floor any React 19 page pays: react-dom/client rendering one heading, built with the same Vite. */
async function helloJs(outDir: string): Promise<number> {
  // Inside the repository so that `react` resolves from its node_modules.
  const root = fs.mkdtempSync(path.join(repoRoot, '.bench-hello-'));
  try {
    fs.writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><title>Hello</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
    );
    fs.writeFileSync(
      path.join(root, 'main.tsx'),
      "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<h1>Hello</h1>);\n",
    );
    const { manifest } = await viteBuild({ root, configFile: false, plugins: [react()] }, outDir);
    return sum(jsGzip(manifest, outDir, staticClosure(manifest, htmlEntry(manifest))));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** JavaScript the sign-in page needs before its first paint, against a React hello page built in the same run. */
export async function startup(): Promise<{ line: string; ok: boolean }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-bench-startup-'));
  try {
    const app = kb((await signInStartupOf()).bytes);
    const hello = kb(await helloJs(path.join(tmp, 'hello')));
    return {
      ok: app <= SIGN_IN_BUDGET_KB,
      line: `bench startup: ${app.toFixed(1)} KB gzip sign-in JavaScript before first paint (baseline ${hello.toFixed(1)} KB React hello, ratio ${(app / hello).toFixed(2)}, goal ≤ ${SIGN_IN_BUDGET_KB} KB)`,
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
