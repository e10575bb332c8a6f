import fs from 'node:fs';
import { once } from 'node:events';
import type { Db } from '../db/database';
import { arraysOf, readSeries, type SeriesFeed } from '../monitoring/readings';
import { bucketBoundaries, offsetAt } from '../monitoring/time';
import { csvCell } from './csv-cell';
import type { ReadingsRequest } from '../../src/api/contract/monitoring';

/** Raw readings are read this many at a time, and buckets this many per query: memory stays flat whatever the range. */
const RAW_PAGE = 10_000;
const BUCKET_PAGE = 2_000;

/**
 * A value as String() writes it (the shortest text that reads back the same), but not through V8's number-to-string
 * cache: that cache keeps each recent result alive, so a million distinct values pass through the old generation and
 * the heap grew by about 60 MB before a full collection (bench export). JSON writes finite numbers the same way.
 */
const numText = (v: number | null | undefined): string => (v === null || v === undefined ? '' : Number.isFinite(v) ? JSON.stringify(v) : String(v));

const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');
/** ISO 8601 with the site's offset at that instant: `2026-03-29T03:00:00+01:00`. */
export function isoInZone(ts: number, zone: string): string {
  const off = offsetAt(ts, zone);
  const local = new Date(ts + off).toISOString().slice(0, 19);
  const mins = Math.round(off / 60_000);
  return `${local}${mins < 0 ? '-' : '+'}${pad(mins / 60)}:${pad(mins % 60)}`;
}

export interface ExportFeed extends SeriesFeed {
  siteName: string;
  nodeName: string;
}

/** The CSV columns of a query: `site,node,feed,unit,time` then the mode's (docs/product.md, Exports). */
export function exportColumns(q: Pick<ReadingsRequest, 'dataViewType' | 'aggregation'>): string[] {
  return ['site', 'node', 'feed', 'unit', 'time', ...arraysOf({ view: q.dataViewType, aggregation: q.aggregation })];
}

/** How many rows the file will have, about: for the progress bar (raw: counted; buckets: feeds × buckets). */
export async function estimateRows(db: Db, feeds: ExportFeed[], q: ReadingsRequest, zone: string): Promise<number> {
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  if (q.dataViewType === 'RawData' && q.aggregation === undefined) {
    if (!feeds.length) return 0;
    const r = await db
      .selectFrom('readings')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('feedId', 'in', feeds.map((f) => f.feedId))
      .where('ts', '>=', from)
      .where('ts', '<', to)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }
  return feeds.length * Math.max(0, bucketBoundaries(from, to, q.interval, zone).length - 1);
}

/**
 * Writes the export's CSV to `file`, streaming: one row per bucket (or stored reading) and feed, feed after feed, read
 * in pages so a million rows never sit in memory; backpressure from the file is awaited. Calls `progress` with rows
 * written after every page. Answers the number of rows.
 */
export async function writeExport(
  db: Db,
  feeds: ExportFeed[],
  q: ReadingsRequest,
  zone: string,
  file: string,
  progress: (rows: number) => Promise<void>,
): Promise<number> {
  const out = fs.createWriteStream(file, { encoding: 'utf8' });
  const failed = new Promise<never>((_, reject) => out.on('error', reject));
  failed.catch(() => {});
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
  };
  const columns = exportColumns(q);
  const stats = columns.slice(5);
  let rows = 0;
  try {
    await write(`${columns.join(',')}\r\n`);
    const from = Date.parse(q.from);
    const to = Date.parse(q.to);
    for (const f of feeds) {
      const head = `${csvCell(f.siteName)},${csvCell(f.nodeName)},${csvCell(f.name)},${csvCell(f.unit)},`;
      if (q.dataViewType === 'RawData' && q.aggregation === undefined) {
        let after = from - 1;
        for (;;) {
          const page = await db
            .selectFrom('readings')
            .select(['ts', 'value'])
            .where('feedId', '=', f.feedId)
            .where('ts', '>', after)
            .where('ts', '<', to)
            .orderBy('ts')
            .limit(RAW_PAGE)
            .execute();
          if (!page.length) break;
          let text = '';
          for (const r of page) text += `${head}${isoInZone(Number(r.ts), zone)},${numText(r.value)}\r\n`;
          await write(text);
          rows += page.length;
          after = Number(page[page.length - 1]!.ts);
          await progress(rows);
          if (page.length < RAW_PAGE) break;
        }
        continue;
      }
      const b = bucketBoundaries(from, to, q.interval, zone);
      for (let i = 0; i + 1 < b.length; i += BUCKET_PAGE) {
        const [series] = await readSeries(db, [f], {
          from: b[i]!, to: b[Math.min(i + BUCKET_PAGE, b.length - 1)]!, interval: q.interval, aggregation: q.aggregation, view: q.dataViewType, timezone: zone,
        });
        if (!series) continue;
        const cols = stats.map((s) => (series as unknown as Record<string, number[] | undefined>)[s] ?? []);
        let text = '';
        for (let k = 0; k < series.t.length; k++) text += `${head}${isoInZone(series.t[k]!, zone)},${cols.map((c) => numText(c[k])).join(',')}\r\n`;
        await write(text);
        rows += series.t.length;
        await progress(rows);
      }
    }
  } finally {
    out.end();
    await Promise.race([once(out, 'finish'), failed]);
  }
  return rows;
}
