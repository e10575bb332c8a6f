import type { Db } from '../db/database';
import { storeReadings, type ReadingInput, type StoreResult } from '../monitoring/ingest';
import { STEP_MS, feedModel, reported, type CustomerType, type FeedModel } from '../seed/patterns';

/**
 * The live simulator: while the server runs, every demo device that is reporting sends a reading per period,
 * continuing the pattern the seed drew its history from, through storeReadings like a hub's batch (so alert events open
 * and end as a hub's readings would make them). Devices that had gone quiet stay quiet, and a fault seen in the latest
 * value (the failing fridge, a light whose battery ran flat) carries on. The patterns' own incidents — a fridge door left
 * open, a light failing its monthly test — come and go on their own: the occasional breach of a live demo.
 */
export interface SimulatorOptions {
  /** Milliseconds between readings. */
  periodMs: number;
  now?: () => number;
  log?: (line: string) => void;
  /** A gap after a restart is filled at 15-minute steps, at most this far back. */
  backfillMs?: number;
  /** Told what each call stored, once committed (the live stream). */
  onStored?: (rows: ReadingInput[], result: StoreResult) => void;
}

export interface Simulator {
  /** Appends one round of readings for `at` (and fills any gap before it); answers how many were stored. */
  tick(at?: number): Promise<number>;
  /** Stops the timer and waits for a round in flight. */
  stop(): Promise<void>;
}

/** Rows per storeReadings call: on the default world about 40 ms of database work, then the event loop gets a turn. */
const ROWS_PER_CALL = 200;
/**
 * A reading this far from its pattern is a fault that persists, not noise: the failing fridge keeps failing, and a
 * battery that ran flat (a dead cell) does not recharge by itself. Other signals always follow their pattern.
 */
const FAULT_BEYOND: Record<string, number> = { temperature: 1.5, battery: 30 };
/** Where a signal's readings are bounded whatever the fault. */
const BOUNDS: Record<string, [number, number]> = { battery: [0, 100] };

interface LiveFeed {
  feedId: string;
  model: FeedModel;
  signalKey: string;
  lastTs: number;
  lastValue: number;
}

/**
 * The feeds to continue: every feed the patterns know whose node reported within 3 reporting periods of the newest
 * node anywhere. Judged against the newest node rather than the clock, so after a restart (everything old) the
 * devices that were live carry on and the quiet ones stay quiet.
 */
async function liveFeeds(db: Db): Promise<LiveFeed[]> {
  const rows = await db
    .selectFrom('feeds')
    .innerJoin('nodes', 'nodes.id', 'feeds.nodeId')
    .innerJoin('hubs', 'hubs.id', 'nodes.hubId')
    .innerJoin('sites', 'sites.id', 'nodes.siteId')
    .innerJoin('companies', 'companies.id', 'nodes.companyId')
    .innerJoin('signalTypes', 'signalTypes.id', 'feeds.signalTypeId')
    .innerJoin('feedLatest', 'feedLatest.feedId', 'feeds.id')
    .select([
      'feeds.id as feedId', 'nodes.deviceType', 'nodes.serial', 'nodes.lastSeenAt', 'hubs.reportingPeriodS', 'sites.timezone',
      'companies.customerType', 'signalTypes.key as signalKey', 'feedLatest.ts as lastTs', 'feedLatest.value as lastValue',
    ])
    .orderBy('feeds.id')
    .execute();
  const newest = rows.reduce((m, r) => Math.max(m, r.lastSeenAt ?? -Infinity), -Infinity);
  const out: LiveFeed[] = [];
  for (const r of rows) {
    if (r.lastSeenAt === null || r.lastSeenAt < newest - 3 * r.reportingPeriodS * 1000) continue;
    const model = feedModel({ deviceType: r.deviceType, signalKey: r.signalKey, serial: r.serial, timezone: r.timezone, customerType: r.customerType as CustomerType });
    if (model) out.push({ feedId: r.feedId, model, signalKey: r.signalKey, lastTs: Number(r.lastTs), lastValue: r.lastValue });
  }
  return out;
}

/** The readings of one feed from its latest value up to `at`: 15-minute steps across a gap, then `at` itself. */
function continuation(f: LiveFeed, at: number, backfillMs: number): ReadingInput[] {
  if (at <= f.lastTs) return [];
  const times: number[] = [];
  for (let ts = Math.max(Math.floor(f.lastTs / STEP_MS) + 1, Math.ceil((at - backfillMs) / STEP_MS)) * STEP_MS; ts < at; ts += STEP_MS) times.push(ts);
  times.push(at);
  const out: ReadingInput[] = [];
  const m = f.model;
  if (m.kind === 'counter') {
    let register = f.lastValue;
    let prev = f.lastTs;
    for (const ts of times) {
      register += (m.ratePerHour(ts) * (ts - prev)) / 3_600_000;
      prev = ts;
      out.push({ feedId: f.feedId, ts, value: reported(m, register) });
    }
    return out;
  }
  const drift = f.lastValue - m.at(f.lastTs);
  const beyond = FAULT_BEYOND[f.signalKey];
  const fault = beyond !== undefined && Math.abs(drift) > beyond ? drift : 0;
  const [lo, hi] = BOUNDS[f.signalKey] ?? [-Infinity, Infinity];
  for (const ts of times) out.push({ feedId: f.feedId, ts, value: reported(m, Math.min(hi, Math.max(lo, m.at(ts) + fault))) });
  return out;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function startSimulator(db: Db, opts: SimulatorOptions): Simulator {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? (() => {});
  const backfillMs = opts.backfillMs ?? 86_400_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  const store = async (batch: ReadingInput[]): Promise<number> => {
    const result = await storeReadings(db, batch);
    opts.onStored?.(batch, result);
    return result.accepted;
  };

  const round = async (at: number): Promise<number> => {
    const feeds = await liveFeeds(db);
    let stored = 0;
    let batch: ReadingInput[] = [];
    for (const f of feeds) {
      batch.push(...continuation(f, at, backfillMs));
      if (batch.length >= ROWS_PER_CALL) {
        stored += await store(batch);
        batch = [];
        await yieldToLoop();
        if (stopped) return stored;
      }
    }
    if (batch.length) stored += await store(batch);
    return stored;
  };

  const tick = async (at?: number): Promise<number> => {
    // Readings land on period boundaries, so several instances on one PostgreSQL write the same (feed, ts) and the
    // duplicates are ignored rather than doubling the data.
    const when = at ?? Math.floor(now() / opts.periodMs) * opts.periodMs;
    while (running) await running.catch(() => 0);
    running = round(when);
    try {
      return await running;
    } finally {
      running = null;
    }
  };

  const schedule = () => {
    if (stopped) return;
    const wait = opts.periodMs - (now() % opts.periodMs) + 50;
    timer = setTimeout(() => {
      tick()
        .catch((e: unknown) => log(`simulator: a round failed: ${e instanceof Error ? e.message : String(e)}`))
        .finally(schedule);
    }, wait);
    // The simulator never keeps the process alive on its own.
    timer.unref();
  };
  schedule();
  log(`simulator: live readings every ${opts.periodMs / 1000} s for the demo devices (SIMULATE=0 turns it off)`);

  return {
    tick,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => 0);
    },
  };
}
