import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { chromium, type Page } from '@playwright/test';
import { startChild, stopChild, type ChildServer } from './load-server';

/**
 * A TV left on `/wall` (docs/product.md, Wall displays): 500 turns of a five-site playlist, one a second, while every
 * site's feeds get a live reading four times a second, in Debian's Chromium against the real server (a child process
 * on SQLite, serving the production build). The JS heap after a full collection and the page's element count are
 * taken after turn 50 (the baseline, the same site on screen) and after turn 500: what a week on the wall would
 * accumulate shows as growth between the two.
 */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SITES = 5;
const TURNS = Number(process.env.WALL_TURNS ?? 500);
const BASELINE_AT = 50;
/** The playlist's period for the bench: a turn a second (the product's shortest is 5 s; the keys step the same way). */
const PERIOD_MS = 1_000;
const GOAL_HEAP = 1.2;
const GOAL_DOM = 1.05;

async function productBuild(outDir: string) {
  // Inside a test runner NODE_ENV may not be production, and Vite would bundle React's development build.
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: repoRoot, configFile: path.join(repoRoot, 'vite.config.ts'), mode: 'production', logLevel: 'error', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = before;
  }
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** The manager's token, five sites with a feed each and a hub key to send them readings, and a display of them. */
async function world(base: string) {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const { accessToken } = await json<{ accessToken: string }>(await post('/api/login', { email: 'manager@sitewatch.test', password: 'Demo1234' }));
  const auth = { authorization: `Bearer ${accessToken}` };
  const get = async <T>(url: string) => json<T>(await fetch(base + url, { headers: auth }));
  const hubs = await get<{ id: string; siteId: string }[]>('/api/hubs?limit=100&sort=name');
  const sites: string[] = [];
  const feeds: { feedId: string; key: string }[] = [];
  for (const hub of hubs) {
    if (sites.includes(hub.siteId) || sites.length === SITES) continue;
    const nodes = await get<{ id: string; feeds?: unknown }[]>(`/api/nodes?hubId=${hub.id}&limit=5`);
    const feed = (await get<{ id: string }[]>(`/api/feeds?nodeId=${nodes[0]!.id}&limit=1`))[0];
    if (!feed) continue;
    const key = (await json<{ key: string }>(await post(`/api/hubs/${hub.id}/api-keys`, { label: 'wall bench' }, auth))).key;
    sites.push(hub.siteId);
    feeds.push({ feedId: feed.id, key });
  }
  if (sites.length < SITES) throw new Error(`the demo world has ${sites.length} sites with a feed, the bench wants ${SITES}`);
  const display = await json<{ key: string }>(await post('/api/displays', { name: 'Wall bench', siteIds: sites, everySeconds: 3600, theme: 'dark' }, auth));
  return { key: display.key, feeds, post };
}

async function measure(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  return { heap: usedSize, elements };
}

export async function wall(): Promise<{ line: string; ok: boolean }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-wall-bench-'));
  const outDir = path.join(tmp, 'dist');
  let server: ChildServer | null = null;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--js-flags=--expose-gc'] });
  let live: NodeJS.Timeout | undefined;
  try {
    await productBuild(outDir);
    server = await startChild({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(tmp, 'data'), STATIC_DIR: outDir, LOG_LEVEL: 'warn' }, { timeoutMs: 120_000 });
    const base = server.base;
    const w = await world(base);
    // Live readings on every site of the playlist, four a second, for the whole run.
    let value = 4;
    live = setInterval(() => {
      value = value > 7 ? 4 : value + 0.1;
      for (const f of w.feeds) void w.post('/api/ingest', { readings: [{ feedId: f.feedId, ts: new Date().toISOString(), value }] }, { 'x-api-key': f.key }).catch(() => undefined);
    }, 250);

    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${base}/wall?key=${encodeURIComponent(w.key)}`);
    const position = page.getByText(/^Site \d of \d$/);
    await position.waitFor({ timeout: 60_000 });
    let baseline = { heap: 0, elements: 0 };
    const started = Date.now();
    for (let turn = 1; turn <= TURNS; turn++) {
      const at = (turn % SITES) + 1;
      await page.keyboard.press('ArrowRight');
      await page.getByText(`Site ${at} of ${SITES}`, { exact: true }).waitFor({ timeout: 30_000 });
      // The turn's site is on screen; it stays there for the rest of the period.
      const next = started + turn * PERIOD_MS;
      await page.waitForTimeout(Math.max(0, next - Date.now()));
      if (turn === BASELINE_AT) baseline = await measure(page);
    }
    const end = await measure(page);
    const heapRatio = end.heap / baseline.heap;
    const domRatio = end.elements / baseline.elements;
    const ok = heapRatio <= GOAL_HEAP && domRatio <= GOAL_DOM;
    const mb = (b: number) => (b / 1e6).toFixed(1);
    return {
      ok,
      line:
        `bench wall: JS heap ${mb(end.heap)} MB after ${TURNS} turns (baseline ${mb(baseline.heap)} MB after ${BASELINE_AT}, ratio ${heapRatio.toFixed(2)}, goal ≤ ${GOAL_HEAP}); ` +
        `${end.elements} elements (baseline ${baseline.elements}, ratio ${domRatio.toFixed(2)}, goal ≤ ${GOAL_DOM}); ${SITES} sites, a turn a second, live readings 4/s${ok ? '' : '  ← goal missed'}`,
    };
  } finally {
    if (live) clearInterval(live);
    await browser.close();
    await stopChild(server);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
