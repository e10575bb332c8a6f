import http from 'node:http';

/**
 * The load bench's traffic: signed-in users who each go round the client's main screens with think time between them,
 * and hubs that post readings on a steady schedule. Every call is timed from sending to the last byte of its answer;
 * a non-2xx answer, a network error or no answer in REQUEST_TIMEOUT_MS is an error of its route.
 */

/** Think time between screens, uniform in [min, max] ms: see docs/decisions.md ("Load bench and crash safety"). */
export const THINK_MS = { min: 5_000, max: 15_000 } as const;
const REQUEST_TIMEOUT_MS = 30_000;
/** The palette sends a search per pause in typing (its debounce is 120 ms); a second word this much later. */
const TYPING_PAUSE_MS = 300;
/** The feeds a site dashboard draws when the URL names none (src/machines/site-view.ts DEFAULT_FEEDS). */
const DEFAULT_FEEDS = 6;
const DAY = 86_400_000;

export class RouteStats {
  readonly times: number[] = [];
  errors = 0;
  readonly samples: string[] = [];
  add(ms: number) {
    this.times.push(ms);
  }
  fail(why: string) {
    this.errors++;
    if (this.samples.length < 3) this.samples.push(why);
  }
}

export class Recorder {
  readonly routes = new Map<string, RouteStats>();
  route(name: string): RouteStats {
    let r = this.routes.get(name);
    if (!r) this.routes.set(name, (r = new RouteStats()));
    return r;
  }
  get errors(): number {
    let n = 0;
    for (const r of this.routes.values()) n += r.errors;
    return n;
  }
}

export const percentile = (xs: number[], p: number): number => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};

/** A client's connection pool: a browser keeps up to 6 connections to a host; each user has its own address. */
export function clientAgent(localAddress: string): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 6, localAddress } as http.AgentOptions);
}

export interface Answer {
  status: number;
  body: string;
}

/** One HTTP call through `agent`; rejects on network errors and on no answer within REQUEST_TIMEOUT_MS. */
export function send(agent: http.Agent, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = Buffer.byteLength(init.body);
    const req = http.request(url, { agent, method: init.method ?? 'GET', headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A signed-in user of the load: where they sign in from, which instance they use, and what they may open. */
export interface LoadUser {
  base: string;
  agent: http.Agent;
  token: string;
  sites: { id: string; name: string }[];
}

/** A hub of the load: its key, the instance it posts to, and its feeds with the value each continues from. */
export interface LoadHub {
  base: string;
  agent: http.Agent;
  key: string;
  feeds: { id: string; value: number; counter: boolean }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const think = () => sleep(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));

/** Runs until `deadline` (performance.now() ms): the calls the client makes, screen after screen, with think time. */
async function userLoop(u: LoadUser, rec: Recorder, deadline: number, hello: string | null): Promise<void> {
  const timed = async (route: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<string | null> => {
    const name = hello ? 'GET /hello' : route;
    const stats = rec.route(name);
    const t0 = performance.now();
    try {
      const a = hello
        ? await send(u.agent, hello)
        : await send(u.agent, `${u.base}${path}`, {
            method: init.method,
            headers: { authorization: `Bearer ${u.token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
            body: init.body === undefined ? undefined : JSON.stringify(init.body),
          });
      stats.add(performance.now() - t0);
      if (a.status < 200 || a.status > 299) {
        stats.fail(`${a.status} ${a.body.slice(0, 160)}`);
        return null;
      }
      return a.body;
    } catch (e) {
      stats.add(performance.now() - t0);
      stats.fail((e as Error).message);
      return null;
    }
  };
  const enc = encodeURIComponent;
  const screens: (() => Promise<unknown>)[] = [
    () => timed('GET /api/dashboard', '/api/dashboard'),
    async () => {
      const site = pick(u.sites);
      const id = enc(site.id);
      // The site dashboard reads its parts at once, then the chart and the table once it knows the feeds.
      const [, , nodes] = await Promise.all([
        timed('GET /api/site-dashboard/:id', `/api/site-dashboard/${id}`),
        timed('GET /api/site-dashboard/sub-sites/:id', `/api/site-dashboard/sub-sites/${id}`),
        timed('GET /api/site-dashboard/:id/nodes', `/api/site-dashboard/${id}/nodes`),
        timed('GET /api/site-dashboard/:id/hubs', `/api/site-dashboard/${id}/hubs`),
      ]);
      const feedIds = nodes === null || hello ? [] : (JSON.parse(nodes) as { data: { feeds: { id: string }[] }[] }).data.flatMap((n) => n.feeds.map((f) => f.id)).slice(0, DEFAULT_FEEDS);
      if (feedIds.length === 0 && !hello) return;
      const now = Date.now();
      const week = { feedIds, from: new Date(now - 7 * DAY).toISOString(), to: new Date(now).toISOString(), interval: '1hour', maxPoints: 2_000 };
      await Promise.all([
        timed('POST /api/site-dashboard/:id/readings', `/api/site-dashboard/${id}/readings`, { method: 'POST', body: { ...week, aggregation: 2, dataViewType: 'RawData' } }),
        timed('POST /api/site-dashboard/:id/readings-minmax', `/api/site-dashboard/${id}/readings-minmax`, { method: 'POST', body: { ...week, aggregation: 5, dataViewType: 'MinMax' } }),
      ]);
    },
    () => timed('GET /api/alertevents', `/api/alertevents?from=${enc(new Date(Date.now() - 7 * DAY).toISOString())}&offset=0&limit=200`),
    async () => {
      // Typing a site's name into the palette: a search at two letters, another after the next pause.
      const name = pick(u.sites).name.toLowerCase().replace(/[^a-z]/g, '');
      for (const q of [name.slice(0, 2), name.slice(0, 5)]) {
        await timed('GET /api/search', `/api/search?q=${enc(q)}&kinds=site,node&limit=30`);
        await sleep(TYPING_PAUSE_MS);
      }
    },
  ];
  // Users arrive spread over one think time, each on a screen of their own, not all on the dashboard at once.
  await sleep(Math.random() * THINK_MS.max);
  for (let i = Math.floor(Math.random() * screens.length); performance.now() < deadline; i = (i + 1) % screens.length) {
    await screens[i]!();
    await think();
  }
}

export interface IngestResult {
  /** Readings the server acknowledged as stored (accepted), and those it called duplicates. */
  accepted: number;
  duplicates: number;
  /** From the first post to the last answer, ms. */
  spanMs: number;
}

/**
 * Posts `rate` readings a second until `deadline`: each hub once a second, the hubs staggered over the second, each
 * post `rate / hubs` readings over the hub's feeds at distinct times just before the post. A steady schedule, not back
 * to back: a slow answer must not thin out the load it is measured under.
 */
async function ingestLoop(hubs: LoadHub[], rate: number, rec: Recorder, deadline: number): Promise<IngestResult> {
  const stats = rec.route('POST /api/ingest');
  const per = Math.round(rate / hubs.length);
  const result: IngestResult = { accepted: 0, duplicates: 0, spanMs: 0 };
  const posts: Promise<void>[] = [];
  const t0 = performance.now();
  let lastAnswer = t0;
  for (let k = 0; ; k++) {
    const h = k % hubs.length;
    const at = t0 + (k * 1_000) / hubs.length;
    if (at >= deadline) break;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    const hub = hubs[h]!;
    const now = Date.now();
    const readings = Array.from({ length: per }, (_, j) => {
      const feed = hub.feeds[j % hub.feeds.length]!;
      if (feed.counter) feed.value += 0.01;
      return { feedId: feed.id, ts: now - Math.floor(j / hub.feeds.length), value: feed.value };
    });
    const sent = performance.now();
    posts.push(
      send(hub.agent, `${hub.base}/api/ingest`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': hub.key }, body: JSON.stringify({ readings }) })
        .then((a) => {
          stats.add(performance.now() - sent);
          if (a.status !== 200) return stats.fail(`${a.status} ${a.body.slice(0, 160)}`);
          const { data } = JSON.parse(a.body) as { data: { accepted: number; duplicates: number } };
          result.accepted += data.accepted;
          result.duplicates += data.duplicates;
        })
        .catch((e: unknown) => {
          stats.add(performance.now() - sent);
          stats.fail((e as Error).message);
        })
        .finally(() => (lastAnswer = Math.max(lastAnswer, performance.now()))),
    );
  }
  await Promise.all(posts);
  result.spanMs = lastAnswer - t0;
  return result;
}

/** Every user (and, unless null, the hubs at `rate` readings/s) for `seconds`; calls started before the end finish. */
export async function runLoad(users: LoadUser[], seconds: number, opts: { hello?: string; hubs?: LoadHub[]; rate?: number } = {}): Promise<{ rec: Recorder; ingest: IngestResult | null }> {
  const rec = new Recorder();
  const deadline = performance.now() + seconds * 1_000;
  const ingest = opts.hubs?.length ? ingestLoop(opts.hubs, opts.rate ?? 1_000, rec, deadline) : Promise.resolve(null);
  const [, result] = await Promise.all([Promise.all(users.map((u) => userLoop(u, rec, deadline, opts.hello ?? null))), ingest]);
  return { rec, ingest: result };
}
