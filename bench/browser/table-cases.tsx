import { createRoot } from 'react-dom/client';
import { VirtualTable, type Column } from '../../src/views/ui/virtual-table';
import * as v from '../../src/views/ui/virtual-table.css';
import { minmaxRows, type MinMaxRow } from '../../src/views/site-dashboard/minmax-rows';
import type { ReadingSeries } from '../../src/api/contract/monitoring';
import { paintedAfter, stage } from './frames';

/** B3's rows: 8 columns of the kinds the product's tables hold (names, ids, numbers, times, states). */
interface Row {
  id: string;
  cells: [string, string, string, number, number, string, string, string];
}

const COLUMNS = 8;
const HEIGHT = 640;
const ROW = 40;
const OVERSCAN = 8;

function makeRows(n: number): Row[] {
  const rows = new Array<Row>(n);
  const t0 = Date.parse('2026-11-01T00:00:00Z');
  for (let i = 0; i < n; i++) {
    rows[i] = {
      id: `node-${i}`,
      cells: [
        `Node ${i}`,
        `Site ${i % 480}`,
        `Hub ${i % 1230}`,
        Math.round(((i * 7919) % 1000) / 10) / 10,
        (i * 31) % 100,
        new Date(t0 + i * 60_000).toISOString().slice(0, 16).replace('T', ' '),
        i % 7 ? 'online' : 'offline',
        `fw 2.${i % 9}.${i % 13}`,
      ],
    };
  }
  return rows;
}

const HEADERS = ['Node', 'Site', 'Hub', 'Value', 'Battery', 'Last seen', 'State', 'Firmware'];
const columns: Column<Row>[] = HEADERS.map((header, c) => ({ id: `c${c}`, header, cell: (r: Row) => r.cells[c] }));

let rows: Row[] = [];

/** Builds the rows up front: mounting is measured from rows in hand, as when an answer arrives. */
export async function tableRows(n: number): Promise<number> {
  rows = makeRows(n);
  return rows.length;
}

/** The product's windowed table with `rows`; resolves with ms from mounting to the painted table. */
export async function tableMount(): Promise<number> {
  const el = stage();
  const t0 = performance.now();
  createRoot(el).render(<VirtualTable label="Nodes" columns={columns} rows={rows} rowId={(r) => r.id} height={HEIGHT} />);
  return paintedAfter(t0, () => el.querySelector('[role="cell"]') !== null);
}

/**
 * The baseline: a plain pooled list in DOM code, with the same classes, row height and overscan. A fixed pool of row
 * elements is moved and refilled on scroll; nothing is created or removed after mount.
 */
export async function pooledMount(): Promise<number> {
  const el = stage();
  const t0 = performance.now();
  const table = document.createElement('div');
  table.className = v.table;
  const head = document.createElement('div');
  head.className = v.headRow;
  head.style.gridTemplateColumns = `repeat(${COLUMNS}, 1fr)`;
  for (const h of HEADERS) {
    const th = document.createElement('div');
    th.className = v.th;
    th.textContent = h;
    head.append(th);
  }
  const scroller = document.createElement('div');
  scroller.className = v.scroller;
  scroller.style.maxHeight = `${HEIGHT}px`;
  scroller.tabIndex = 0;
  const spacer = document.createElement('div');
  spacer.style.position = 'relative';
  spacer.style.height = `${rows.length * ROW}px`;
  const pool: { row: HTMLDivElement; cells: HTMLDivElement[] }[] = [];
  const size = Math.ceil(HEIGHT / ROW) + 2 * OVERSCAN;
  for (let k = 0; k < size; k++) {
    const row = document.createElement('div');
    row.className = v.row;
    row.style.gridTemplateColumns = `repeat(${COLUMNS}, 1fr)`;
    row.style.height = `${ROW}px`;
    const cells: HTMLDivElement[] = [];
    for (let c = 0; c < COLUMNS; c++) {
      const td = document.createElement('div');
      td.className = v.td;
      row.append(td);
      cells.push(td);
    }
    spacer.append(row);
    pool.push({ row, cells });
  }
  // Row i always lives in slot i % pool size, so a scroll refills only the rows that came into view.
  const shown = new Array<number>(pool.length).fill(-1);
  const update = () => {
    const first = Math.max(0, Math.floor(scroller.scrollTop / ROW) - OVERSCAN);
    for (let i = first; i < first + pool.length; i++) {
      const k = i % pool.length;
      if (shown[k] === i) continue;
      shown[k] = i;
      const slot = pool[k]!;
      const r = rows[i];
      slot.row.style.display = r ? '' : 'none';
      if (!r) continue;
      slot.row.style.transform = `translateY(${i * ROW}px)`;
      for (let c = 0; c < COLUMNS; c++) slot.cells[c]!.textContent = String(r.cells[c]);
    }
  };
  scroller.addEventListener('scroll', update, { passive: true });
  scroller.append(spacer);
  table.append(head, scroller);
  el.append(table);
  update();
  return paintedAfter(t0, () => true);
}

/**
 * Scrolls the mounted table's scroller by `px` per frame for `steps` frames. Each frame's cost runs from its scroll
 * event (a capturing listener that fires before the table's own) to the end of that frame's style, layout and paint
 * (a message posted from the frame's animation callback runs after them). Returns each frame's ms.
 */
export async function scrollFrames(steps: number, px: number): Promise<number[]> {
  const scroller = document.querySelector<HTMLElement>(`.${v.scroller}`)!;
  const out: number[] = [];
  let start = -1;
  const onScroll = () => {
    if (start < 0) start = performance.now();
  };
  document.addEventListener('scroll', onScroll, { capture: true, passive: true });
  try {
    for (let i = 0; i < steps; i++) {
      start = -1;
      await new Promise<void>((resolve) => {
        scroller.scrollTop += px;
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => {
            if (start >= 0) out.push(performance.now() - start);
            resolve();
          };
          ch.port2.postMessage(0);
        });
      });
    }
  } finally {
    document.removeEventListener('scroll', onScroll, { capture: true });
  }
  return out;
}

/** The min/max table's data: one answer of `feeds` series of quarter-hour buckets over `days` days. */
let minmax: ReadingSeries[] = [];
let minmaxBuilt: MinMaxRow[] = [];
const QUARTER = 15 * 60_000;

/**
 * A readings-minmax answer as the site dashboard's table gets it: each feed's buckets ascending, each feed missing
 * buckets of its own (quiet sensors, late starts), so rows and feeds do not line up. Returns the number of points.
 */
export async function minmaxData(feeds: number, days: number): Promise<number> {
  const t0 = Date.parse('2026-08-01T00:00:00Z');
  const buckets = days * 96;
  let points = 0;
  minmax = [];
  for (let f = 0; f < feeds; f++) {
    const t: number[] = [];
    const min: number[] = [];
    const max: number[] = [];
    for (let i = (f * 37) % 96; i < buckets; i++) {
      if ((i * 7 + f * 13) % 50 === 0) continue;
      const v = 4 + Math.sin((i + f * 11) / 40);
      t.push(t0 + i * QUARTER);
      min.push(Math.round((v - 0.3) * 100) / 100);
      max.push(Math.round((v + 0.3) * 100) / 100);
    }
    points += t.length;
    minmax.push({ feedId: `f${f}`, nodeId: `n${f % 10}`, name: `Fridge ${f}`, unit: '°C', t, min, max });
  }
  minmaxBuilt = minmaxRows(minmax);
  return points;
}

const num = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
/** The product's columns: the bucket, then min – max of each feed. */
function minmaxColumns(series: ReadingSeries[]): Column<MinMaxRow>[] {
  return [
    { id: 'ts', header: 'Period', cell: (r) => time.format(r.ts), width: '1.6fr' },
    ...series.map((x, i) => ({
      id: x.feedId,
      header: `${x.name} (${x.unit}) Min–Max`,
      cell: (r: MinMaxRow) => {
        const j = r.at[i]!;
        const lo = j < 0 ? undefined : x.min?.[j];
        const hi = j < 0 ? undefined : x.max?.[j];
        return lo !== undefined && hi !== undefined ? `${num.format(lo)} – ${num.format(hi)}` : '—';
      },
    })),
  ];
}

/**
 * The min/max table from the answer to the painted table, rows built as the product builds them (`prebuilt`
 * false), or from rows already in hand (the baseline: the same mount without the build). Returns both times.
 */
export async function minmaxMount(prebuilt: boolean): Promise<{ painted: number; build: number }> {
  const el = stage();
  const t0 = performance.now();
  const rows = prebuilt ? minmaxBuilt : minmaxRows(minmax);
  const build = performance.now() - t0;
  createRoot(el).render(<VirtualTable label="Minimum and maximum" columns={minmaxColumns(minmax)} rows={rows} rowId={(r) => String(r.ts)} />);
  const painted = await paintedAfter(t0, () => el.querySelector('[role="cell"]') !== null);
  return { painted, build };
}

/** The row build this replaced: every distinct time, then each cell found with indexOf. Returns its ms. */
export async function minmaxIndexOf(): Promise<number> {
  const t0 = performance.now();
  const times = [...new Set(minmax.flatMap((x) => x.t))].sort((a, b) => b - a);
  const rows = times.map((ts) => ({ ts, cells: minmax.map((x) => { const i = x.t.indexOf(ts); return i < 0 ? null : { min: x.min?.[i], max: x.max?.[i] }; }) }));
  const ms = performance.now() - t0;
  if (rows.length !== minmaxBuilt.length) throw new Error(`indexOf built ${rows.length} rows, the merge ${minmaxBuilt.length}`);
  return ms;
}
