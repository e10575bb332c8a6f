import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'kysely';
import { createDb, migrateToLatest, type Db } from '../server/db/database';
import { writeExport, type ExportFeed } from '../server/exports/csv-export';
import { reportView } from '../server/reports/fridge-reports';
import { reportPdf } from '../server/reports/fridge-pdf';
import { reportCsv } from '../server/reports/fridge-csv';
import { storeReadings } from '../server/monitoring/ingest';
import { median, tempDir, time } from './readings-world';
import type { ReadingsRequest } from '../src/api/contract/monitoring';
import PDFDocument from 'pdfkit';

/**
 * The export measures. `export`: 1,000,000 rows (50 feeds × 20,000 quarter-hour buckets, avg/min/max) through
 * writeExport to a file, against writing as many CSV lines of the same width with a plain stream in the same process;
 * goal ≤ 15 s and peak RSS growth ≤ 100 MB. `report-pdf`: a month's fridge report (computed from a month of minute
 * readings) as PDF, median of 5, goal ≤ 1 s.
 */
const FEEDS = 50;
const BUCKETS = 20_000;
const QUARTER = 15 * 60_000;
const GOAL_S = 15;
const GOAL_MB = 100;
const GOAL_PDF_MS = 1_000;
const ZONE = 'Europe/London';
const MB = 1024 * 1024;

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Samples RSS every 50 ms while `fn` runs: its duration and the peak growth over the RSS before it. */
async function measured(fn: () => Promise<unknown>): Promise<{ ms: number; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    const ms = await time(fn);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { ms, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(timer);
  }
}

/** 50 feeds × 20,000 quarter-hour rollups, written by the database itself (the bench times the export, not the fill). */
async function fillRollups(db: Db, from: number): Promise<void> {
  for (let f = 0; f < FEEDS; f++) {
    await sql`WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${BUCKETS - 1})
      INSERT INTO reading_rollups (feed_id, grain, bucket, "min", "max", "sum", "count", first_ts, "first", last_ts, "last", rising)
      SELECT ${`feed-${f}`}, '15m', ${from} + i * ${QUARTER}, 3 + (i % 17) / 10.0, 6 + (i % 23) / 10.0, 3 * (4.5 + (i % 11) / 10.0), 3,
        ${from} + i * ${QUARTER}, 4.5, ${from} + i * ${QUARTER} + 600000, 4.6, 0 FROM k`.execute(db);
  }
}

/** A plain stream writing `rows` lines of `width` bytes in pages like the export's: what any CSV file of that size costs. */
async function plainCsv(file: string, rows: number, width: number): Promise<void> {
  const out = fs.createWriteStream(file, { encoding: 'utf8' });
  const line = `${'x'.repeat(Math.max(1, width - 2))}\r\n`;
  const page = line.repeat(2_000);
  for (let written = 0; written < rows; written += 2_000) {
    if (!out.write(written + 2_000 <= rows ? page : line.repeat(rows - written))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function csvBench(): Promise<{ line: string; ok: boolean }> {
  const tmp = tempDir('export');
  const { db } = createDb({ sqliteFile: path.join(tmp.dir, 'bench.db') });
  try {
    await migrateToLatest(db);
    const from = Date.parse('2026-01-05T00:00:00Z');
    await fillRollups(db, from);
    const feeds: ExportFeed[] = Array.from({ length: FEEDS }, (_, f) => ({
      feedId: `feed-${f}`, nodeId: `node-${f}`, name: `Probe ${f}`, unit: '°C', kind: 'instant', timezone: ZONE, siteName: 'Bench Pharmacy', nodeName: `Fridge ${f}`,
    }));
    const q: ReadingsRequest = { from: new Date(from).toISOString(), to: new Date(from + BUCKETS * QUARTER).toISOString(), interval: '15minutes', aggregation: 2, dataViewType: 'RawData' };
    const file = path.join(tmp.dir, 'export.csv');
    let rows = 0;
    const run = await measured(async () => {
      rows = await writeExport(db, feeds, q, ZONE, file, async () => {});
    });
    const width = fs.statSync(file).size / (rows + 1);
    fs.rmSync(file);
    const base = await measured(() => plainCsv(path.join(tmp.dir, 'plain.csv'), rows, Math.round(width)));
    const ratio = run.ms / base.ms;
    const ok = rows === FEEDS * BUCKETS && run.ms <= GOAL_S * 1000 && run.growthMb <= GOAL_MB;
    return {
      ok,
      line:
        `bench export: ${seconds(run.ms)} s for ${rows.toLocaleString('en-US')} rows, peak RSS +${run.growthMb.toFixed(0)} MB ` +
        `vs baseline ${seconds(base.ms)} s (plain stream of as many ${width.toFixed(0)}-byte lines, +${base.growthMb.toFixed(0)} MB; ratio ${ratio.toFixed(1)}, goal ≤ ${GOAL_S} s and ≤ ${GOAL_MB} MB)`,
    };
  } finally {
    await db.destroy();
    tmp.remove();
  }
}

/** A fridge site with a month of minute readings (a warm afternoon and a door left open among them) and a draft report. */
async function fridgeWorld(db: Db, period: string, monthFrom: number, days: number) {
  const now = Date.now();
  await db.insertInto('companies').values({ id: 'co', name: 'Bench', customerType: 'UKE', timezone: ZONE, createdAt: now }).execute();
  await db.insertInto('users').values({ id: 'u', email: 'bench@example.test', name: 'Bench', passwordHash: 'x', mfaEnabled: 0, locale: 'en', platformRole: null, disabled: 0, lastLoginAt: null, createdAt: now }).execute();
  await db.insertInto('sites').values({ id: 'site', companyId: 'co', parentSiteId: null, name: 'Bench Pharmacy', address: '', coordinates: '', latitude: null, longitude: null, timezone: ZONE, safeMin: null, safeMax: null, createdAt: now }).execute();
  await db.insertInto('hubs').values({ id: 'hub', siteId: 'site', companyId: 'co', serial: 'hub', name: 'Hub', firmware: '', reportingPeriodS: 60, lastSeenAt: null, createdAt: now }).execute();
  await db.insertInto('signalTypes').values({ id: 'temp', key: 'temperature', name: 'Temperature', unit: '°C', kind: 'instant' }).execute();
  await db.insertInto('nodes').values({ id: 'fridge', hubId: 'hub', siteId: 'site', companyId: 'co', name: 'Vaccine fridge', serial: 'fridge', deviceType: 'Fridge Probe', batteryPct: null, signalDbm: null, lastSeenAt: null, createdAt: now }).execute();
  await db.insertInto('feeds').values({ id: 'probe', nodeId: 'fridge', companyId: 'co', signalTypeId: 'temp', name: 'Probe', rangeMin: 2, rangeMax: 8 }).execute();
  const rows = [];
  for (let m = 0; m < days * 1440; m++) {
    const ts = monthFrom + m * 60_000;
    const excursion = m % (5 * 1440) > 900 && m % (5 * 1440) < 940 ? 4 : 0;
    rows.push({ feedId: 'probe', ts, value: 5 + 1.5 * Math.sin(m / 230) + ((m * 7919) % 100) / 200 + excursion });
  }
  for (let i = 0; i < rows.length; i += 20_000) await storeReadings(db, rows.slice(i, i + 20_000));
  const dayEntries = Object.fromEntries(Array.from({ length: days }, (_, d) => [`${period}-${String(d + 1).padStart(2, '0')}`, { checkedBy: d % 4 === 3 ? null : 'AB', action: null }]));
  await db.insertInto('medicationFridgeReports').values({
    id: 'report', companyId: 'co', siteId: 'site', nodeId: 'fridge', period, status: 'draft', dayEntries: JSON.stringify(dayEntries), excursionEntries: '{}',
    snapshot: null, createdBy: 'u', createdAt: now, updatedAt: now, submittedBy: null, submittedAt: null,
  }).execute();
}

/** The baseline: the same report's CSV as plain lines of text in a pdfkit A4 document (what any PDF of that text costs). */
function plainPdf(text: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica').fontSize(8).text(text);
  doc.end();
  return done;
}

async function reportPdfBench(): Promise<{ line: string; ok: boolean }> {
  const tmp = tempDir('report-pdf');
  const { db } = createDb({ sqliteFile: path.join(tmp.dir, 'bench.db') });
  try {
    await migrateToLatest(db);
    const period = '2026-03';
    // March 2026 in London: 31 days, the clocks go forward on the 29th.
    await fridgeWorld(db, period, Date.parse('2026-03-01T00:00:00Z'), 31);
    const site = await db.selectFrom('sites').selectAll().where('id', '=', 'site').executeTakeFirstOrThrow();
    const row = await db.selectFrom('medicationFridgeReports').selectAll().where('id', '=', 'report').executeTakeFirstOrThrow();
    const now = Date.parse('2026-04-10T12:00:00Z');
    // What GET …/pdf does for a draft: the month's log from the readings, then the document.
    const render = async () => reportPdf(await reportView(db, row, site, now));
    await render();
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) runs.push(await time(render));
    const text = reportCsv(await reportView(db, row, site, now));
    await plainPdf(text);
    const bases: number[] = [];
    for (let i = 0; i < 5; i++) bases.push(await time(() => plainPdf(text)));
    const ms = median(runs);
    const base = median(bases);
    return {
      ok: ms <= GOAL_PDF_MS,
      line: `bench report-pdf: ${ms.toFixed(0)} ms for a month's fridge report from ${(31 * 1440).toLocaleString('en-US')} readings vs baseline ${base.toFixed(0)} ms (its CSV as plain text in a PDF; ratio ${(ms / base).toFixed(1)}, goal ≤ 1,000 ms)`,
    };
  } finally {
    await db.destroy();
    tmp.remove();
  }
}

const marked = (r: { line: string; ok: boolean }) => `${r.line}${r.ok ? '' : '  ← goal missed'}`;

/** Both export measures under one name, one line each. */
export async function exportBench(): Promise<{ line: string; ok: boolean }> {
  const csv = await csvBench();
  const pdf = await reportPdfBench();
  return { ok: csv.ok && pdf.ok, line: `${marked(csv)}\n${marked(pdf)}` };
}
