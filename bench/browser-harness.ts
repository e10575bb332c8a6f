import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { chromium, type Browser, type Page } from '@playwright/test';

/**
 * The browser benchmarks' stage: bench/browser built by Vite in production mode (as users get it), served from a
 * temporary directory over loopback, and driven in Debian's Chromium. Every measurement gets a fresh page so that
 * one case's garbage and JIT state never bill the next.
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Stage {
  /** Runs `window.bench[name](...args)` on a fresh page; a page error or a minute without answer fails the bench. */
  run<T>(name: string, ...args: unknown[]): Promise<{ value: T; page: Page }>;
  /** Runs `window.bench[name](...args)` on `page`, with the same failure rules. */
  call<T>(page: Page, name: string, ...args: unknown[]): Promise<T>;
  /** A fresh page with the bench bundle loaded and `window.bench` ready. */
  page(): Promise<Page>;
  /** JS heap in use after a full garbage collection, in bytes. */
  heapUsed(page: Page): Promise<number>;
  close(): Promise<void>;
}

let staged: Promise<Stage> | undefined;

export function stage(): Promise<Stage> {
  staged ??= open();
  return staged;
}

/** Builds the bench pages (bench/browser) for production into `outDir`. */
export async function buildBenchPages(outDir: string): Promise<void> {
  await build({
    root: path.join(here, 'browser'),
    configFile: false,
    logLevel: 'error',
    mode: 'production',
    plugins: [react(), vanillaExtractPlugin()],
    build: { outDir, emptyOutDir: true, sourcemap: false, reportCompressedSize: false, minify: !process.env.BENCH_NOMINIFY },
  });
}

async function open(): Promise<Stage> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-bench-browser-'));
  await buildBenchPages(outDir);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = path.join(outDir, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(outDir) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser: Browser = await chromium.launch({
    executablePath: fs.existsSync(CHROMIUM) ? CHROMIUM : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--enable-precise-memory-info'],
  });
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  let current: Page | undefined;
  const stageApi: Stage = {
    async run<T>(name: string, ...args: unknown[]) {
      const page = await stageApi.page();
      return { value: await stageApi.call<T>(page, name, ...args), page };
    },
    async call<T>(page: Page, name: string, ...args: unknown[]) {
      let onError: (e: Error) => void = () => {};
      const failed = new Promise<never>((_, reject) => {
        onError = (e) => reject(new Error(`bench ${name}: the page failed: ${e.message}`));
        page.on('pageerror', onError);
      });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`bench ${name}: no answer within 60 s`)), 60_000);
      });
      try {
        return (await Promise.race([
          page.evaluate(([n, a]) => (window as unknown as BenchWindow).bench[n as string]!(...(a as unknown[])), [name, args] as const),
          failed,
          timeout,
        ])) as T;
      } finally {
        clearTimeout(timer);
        page.off('pageerror', onError);
      }
    },
    async page() {
      await current?.close();
      current = await context.newPage();
      await current.goto(origin);
      await current.waitForFunction(() => 'bench' in window);
      return current;
    },
    async heapUsed(page) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      await cdp.detach();
      return usedSize;
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(outDir, { recursive: true, force: true });
      staged = undefined;
    },
  };
  return stageApi;
}

/** `await` a value of the page's `window.bench` API. */
export type BenchWindow = Window & { bench: Record<string, (...args: any[]) => Promise<any>> };

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
