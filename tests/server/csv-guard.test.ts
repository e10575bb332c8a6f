import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite } from './readings-fixtures';
import { writeExport, type ExportFeed } from '../../server/exports/csv-export';
import { reportCsv } from '../../server/reports/fridge-csv';
import { storeReadings } from '../../server/monitoring/ingest';
import type { FridgeReport } from '../../src/api/contract/reports';
import type { ReadingsRequest } from '../../src/api/contract/monitoring';

/** Text that runs as a formula in a spreadsheet when a cell begins with it. */
const ATTACKS = [`Elm;=cmd|' /C calc'!A0`, 'a,+1', 'x\t@SUM(A1)', '-2+3', '=1+1', 'Elm; =2', 'a;"=3', '\t=4', 'line\n=5', 'a,\r-6'];

/**
 * The rows of a CSV text as a reader splitting on `sep` makes them: honouring quotes (RFC 4180, and lenient like
 * spreadsheets: a quote opens a quoted cell only at the cell's start), or ignoring them altogether.
 */
function rowsAsRead(text: string, sep: string, quotes: boolean): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') cell += text[i++];
      else quoted = false;
    } else if (c === '"' && quotes && cell === '') {
      quoted = true;
    } else if (c === sep) {
      endCell();
    } else if (c === '\r' || c === '\n') {
      endCell();
      rows.push(row);
      row = [];
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else {
      cell += c;
    }
  }
  row.push(cell);
  rows.push(row);
  return rows;
}

/** Every cell any such reader could make of the text, as it shows it: leading spaces (and stray quotes) trimmed. */
const cellsAsRead = (text: string): string[] =>
  [',', ';', '\t'].flatMap((sep) => [true, false].flatMap((quotes) => rowsAsRead(text, sep, quotes).flat().map((c) => c.replace(/^[ "]+/, ''))));

/** A cell a spreadsheet runs as a formula: it begins with = + - @ tab or CR, and is not a plain number. */
const isFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(cell);

const formulasIn = (text: string) => cellsAsRead(text).filter(isFormula);

describe('CSV formula guard', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await buildTestApp({}, { seed: false });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-guard-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a readings export guards every name after any separator, and keeps a negative reading a number', async () => {
    const db = t.deps.db;
    const company = await addCompany(db);
    const node = await addNode(db, await addHub(db, await addSite(db, company)));
    const feedId = await addFeed(db, node, await addSignalType(db, 'instant'));
    const ts = Date.parse('2026-01-05T10:00:00Z');
    await storeReadings(db, [{ feedId, ts, value: -3.5 }]);
    const base = { nodeId: node, kind: 'instant' as const, timezone: 'UTC' };
    const feeds: ExportFeed[] = ATTACKS.map((attack, i) => ({ ...base, feedId, siteName: attack, nodeName: ATTACKS[(i + 1) % ATTACKS.length]!, name: '-2+3', unit: '@x' }));
    const query: ReadingsRequest = { from: '2026-01-05T00:00:00Z', to: '2026-01-06T00:00:00Z', interval: '1hour', dataViewType: 'RawData' };
    const file = path.join(dir, 'readings.csv');
    expect(await writeExport(db, feeds, query, 'UTC', file, async () => {})).toBe(ATTACKS.length);
    const text = fs.readFileSync(file, 'utf8');

    expect(formulasIn(text)).toEqual([]);
    const [head, first, ...others] = rowsAsRead(text.trim(), ',', true);
    expect(head).toEqual(['site', 'node', 'feed', 'unit', 'time', 'value']);
    expect(first).toEqual([`Elm;'=cmd|' /C calc'!A0`, "a,'+1", "'-2+3", "'@x", '2026-01-05T10:00:00+00:00', '-3.5']);
    for (const row of others) expect(row.at(-1)).toBe('-3.5');
  });

  it('a fridge report guards every text cell after any separator, and keeps its readings numbers', () => {
    const day = { date: '2026-01-01', min: -3.5, max: 4.25, amCurrent: -1, pmCurrent: 3, inRange: false };
    const report = {
      days: ATTACKS.map((attack, i) => ({ ...day, checkedBy: attack, action: ATTACKS[(i + 3) % ATTACKS.length]! })),
      excursions: ATTACKS.map((attack) => ({ start: '2026-01-01T10:00:00Z', end: '2026-01-01T11:00:00Z', minutes: 60, peak: -3.5, cause: attack, action: '-2+3', stockOutcome: 'x\t@SUM(A1)' })),
    } as unknown as FridgeReport;
    const text = reportCsv(report);

    expect(formulasIn(text)).toEqual([]);
    const firstDay = text.split('\r\n')[1]!;
    expect(firstDay).toBe(`day,2026-01-01,-3.5,4.25,-1,3,false,"Elm;'=cmd|' /C calc'!A0",'-2+3,,,,,,`);
  });

  it('the reader model finds the formulas the old first-character guard let through', () => {
    const firstCharOnly = (v: string) => {
      const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    expect(formulasIn(ATTACKS.map(firstCharOnly).join(','))).not.toEqual([]);
  });
});
