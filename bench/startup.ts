import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build, type InlineConfig, type Manifest } from 'vite';
import react from '@vitejs/plugin-react';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const GOAL_KB = 130;
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

/** Gzip bytes of the JavaScript in `keys`, each file compressed on its own as it is served. */
function jsGzip(manifest: Manifest, outDir: string, keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) {
    const file = manifest[key]!.file;
    if (file.endsWith('.js')) total += gzipBytes(path.join(outDir, file));
  }
  return total;
}

async function viteBuild(config: InlineConfig, outDir: string): Promise<Manifest> {
  await build({
    ...config,
    logLevel: 'error',
    build: { ...config.build, outDir, emptyOutDir: true, manifest: true, sourcemap: false, reportCompressedSize: false },
  });
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The sign-in route: the entry with its static imports, plus the lazily loaded sign-in page and its imports. */
async function signInJs(outDir: string): Promise<number> {
  const manifest = await viteBuild({ root: repoRoot, configFile: path.join(repoRoot, 'vite.config.ts') }, outDir);
  const keys = staticClosure(manifest, htmlEntry(manifest));
  if (manifest[SIGN_IN_VIEW]) staticClosure(manifest, SIGN_IN_VIEW, keys);
  return jsGzip(manifest, outDir, keys);
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
    const manifest = await viteBuild({ root, configFile: false, plugins: [react()] }, outDir);
    return jsGzip(manifest, outDir, staticClosure(manifest, htmlEntry(manifest)));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** JavaScript the sign-in page needs before its first paint, against a React hello page built in the same run. */
export async function startup(): Promise<{ line: string; ok: boolean }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-bench-startup-'));
  try {
    const app = kb(await signInJs(path.join(tmp, 'app')));
    const hello = kb(await helloJs(path.join(tmp, 'hello')));
    return {
      ok: app <= GOAL_KB,
      line: `bench startup: ${app.toFixed(1)} KB gzip sign-in JavaScript before first paint (baseline ${hello.toFixed(1)} KB React hello, ratio ${(app / hello).toFixed(2)}, goal ≤ ${GOAL_KB} KB)`,
    };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
