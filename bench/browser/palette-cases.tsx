import { useRef, useState, type CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createActor, fromPromise } from 'xstate';
import { Command } from 'cmdk';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { SiteSummary } from '../../src/api/contract/monitoring';
import { t } from '../../src/i18n';
import { commandPaletteMachine, localItems, MAX_RESULTS, siteItems, type PaletteItem, type PaletteScope } from '../../src/machines/command-palette.machine';
import { ranker } from '../../src/machines/fuzzy-match';
import { ActorsProvider } from '../../src/views/actors';
import { CommandPalette } from '../../src/views/command-palette/command-palette';
import { PALETTE_ROW_PX, PaletteRow, usePaletteModal } from '../../src/views/command-palette/palette-row';
import * as p from '../../src/views/ui/search-dialog.css';
import { paintedAfter, stage } from './frames';

/**
 * B2's cases: the product's palette (machine + cmdk + virtual list), the floor (a plain input, the same matcher and
 * a virtual list of the same rows) and cmdk as its README uses it (every item rendered, its own filter). Node drives
 * the keys (trusted CDP input) so that the Event Timing entries are the browser's own.
 */

export type PaletteKind = 'product' | 'floor' | 'cmdk';

// As palette-dialog.tsx: the floor's rows must cost what the product's do.
const ROW_PX = PALETTE_ROW_PX;
const OVERSCAN = 6;

const SCOPE: PaletteScope = {
  role: 'manager',
  isShadow: false,
  canShadow: false,
  companyId: 'c1',
  companyCount: 1,
  companies: [{ id: 'c1', name: 'Northwind Care Homes' }],
  locale: 'en',
  mode: 'light',
  theme: { sidebar: 'default', topbar: 'default', background: 'default' },
};

const TOWNS = [
  'Elmhurst', 'Ashford', 'Bramley', 'Carlton', 'Dunmore', 'Eastleigh', 'Fairview', 'Glenwood', 'Hartley', 'Ivybridge', 'Kingsbury',
  'Larkhill', 'Millbrook', 'Northfield', 'Oakham', 'Pinewood', 'Queensbury', 'Redhill', 'Stanmore', 'Thornbury', 'Upton', 'Westbury',
  'Yarwood', 'Elmfield', 'Ashcombe', 'Burnside', 'Claremont', 'Denholme', 'Elstead', 'Fernhill', 'Greystoke', 'Holmwood',
];
const KINDS = ['Care Home', 'Nursing Home', 'Surgery', 'Pharmacy', 'Primary School', 'Depot', 'Warehouse', 'Hotel', 'Clinic', 'Supermarket', 'Restaurant', 'Leisure Centre'];
const SUBS = ['North Wing', 'South Wing', 'Kitchen', 'Cold Room', 'Pharmacy Store', 'Ward', 'Plant Room', 'Laundry'];
const STREETS = ['High', 'Church', 'Station', 'Mill', 'Park', 'Victoria', 'Manor', 'Kings', 'Queens', 'London', 'Market', 'Green'];
const ROADS = ['Street', 'Road', 'Lane', 'Avenue', 'Close'];

/** `n` sites as a large estate has them: about one in five a sub-site (a wing, a kitchen) of the site before it. */
export function makeSites(n: number): SiteSummary[] {
  const out: SiteSummary[] = [];
  let parent: SiteSummary | null = null;
  let top = 0;
  for (let i = 0; i < n; i++) {
    const sub: boolean = parent !== null && i % 5 === 4;
    const town = TOWNS[top % TOWNS.length]!;
    const name = sub
      ? `${SUBS[i % SUBS.length]} ${(i % 3) + 1}`
      : `${town} ${KINDS[Math.floor(top / TOWNS.length) % KINDS.length]} ${Math.floor(top / (TOWNS.length * KINDS.length)) + 1}`;
    const s: SiteSummary = {
      id: `s${i}`,
      name,
      parentSiteId: sub ? parent!.id : null,
      timezone: 'Europe/London',
      address: `${((i * 37) % 200) + 1} ${STREETS[i % STREETS.length]} ${ROADS[i % ROADS.length]}, ${town}`,
      latitude: null,
      longitude: null,
      subSiteCount: 0,
      hubCount: 1 + (i % 3),
      nodeCount: 2 + (i % 11),
      devicesOnline: 2 + (i % 11),
      devicesOffline: i % 7 ? 0 : 1,
      outOfRangeFeeds: i % 13 ? 0 : 1,
      lastReadingAt: '2026-11-01T12:00:00Z',
    };
    out.push(s);
    if (!sub) {
      parent = s;
      top++;
    }
  }
  return out;
}

interface Mounted {
  /** The palette's items: the sites and the manager's commands. */
  count(): number;
  open(): void;
  close(): void;
  /** Resolves once the open palette's data is all in (the product's sites). */
  ready(): Promise<void>;
}

let mounted: Mounted | null = null;

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const input = () => document.querySelector<HTMLInputElement>('#stage dialog input');
const shown = () => {
  const i = input();
  return i !== null && document.activeElement === i && document.querySelector('#stage dialog [cmdk-item], #stage dialog [data-row]') !== null;
};

async function until(what: string, ok: () => boolean, ms = 30_000): Promise<void> {
  const end = performance.now() + ms;
  while (!ok()) {
    if (performance.now() > end) throw new Error(`palette: ${what} not within ${ms} ms`);
    await frame();
  }
}

/**
 * Mounts one kind with `n` sites, then opens and closes it once: the lazy dialog chunk, the product's sites and the
 * JIT are then as on the second Ctrl+K of a session, so that "open" measures the dialog and not the fetch.
 */
export async function paletteSetup(kind: PaletteKind, n: number): Promise<number> {
  const sites = makeSites(n);
  const root = createRoot(stage());
  if (kind === 'product') {
    const machine = commandPaletteMachine.provide({
      actors: {
        loadSites: fromPromise(async () => sites) as never,
        // The server is not part of B2.
        search: fromPromise(async () => []) as never,
      },
    });
    const palette = createActor(machine).start();
    palette.send({ type: 'palette.scope', scope: SCOPE });
    root.render(
      <ActorsProvider value={{ palette } as never}>
        <CommandPalette />
      </ActorsProvider>,
    );
    mounted = {
      count: () => palette.getSnapshot().context.local.length,
      open: () => palette.send({ type: 'palette.open' }),
      close: () => palette.send({ type: 'palette.close' }),
      ready: () => until('sites', () => palette.getSnapshot().matches({ open: { sites: 'ready' } })),
    };
  } else {
    const items = localItems('root', SCOPE, siteItems(sites));
    let setOpen: (open: boolean) => void = () => {};
    function Host() {
      const [open, set] = useState(false);
      setOpen = set;
      if (!open) return null;
      return kind === 'floor' ? <FloorDialog items={items} /> : <CmdkDialog items={items} />;
    }
    // Host must have rendered once before `setOpen` is its setter.
    flushSync(() => root.render(<Host />));
    mounted = { count: () => items.length, open: () => setOpen(true), close: () => setOpen(false), ready: async () => {} };
  }
  // Mounting cmdk's 10,000 items takes seconds and its keystrokes are ~100× the goal: it is measured cold.
  if (kind !== 'cmdk') {
    mounted.open();
    await until('the first open', shown);
    await mounted.ready();
    await until('rows', shown);
    mounted.close();
    await until('the close', () => input() === null);
    await frame();
    await frame();
  }
  return mounted.count();
}

/** Opens the mounted palette; ms from the open to the second frame with the field focused and rows painted. */
export async function paletteOpen(): Promise<number> {
  const t0 = performance.now();
  mounted!.open();
  const ms = await paintedAfter(t0, shown);
  await frame();
  return ms;
}

export interface EventEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  interactionId: number;
}

const entryOf = (e: PerformanceEventTiming): EventEntry => ({
  name: e.name,
  startTime: e.startTime,
  duration: e.duration,
  processingStart: e.processingStart,
  processingEnd: e.processingEnd,
  interactionId: (e as PerformanceEventTiming & { interactionId?: number }).interactionId ?? 0,
});

let entries: EventEntry[] = [];
let keydowns = 0;
let observer: PerformanceObserver | null = null;
const onKeydown = () => keydowns++;

/** Starts recording Event Timing entries (16 ms, the lowest threshold allowed) and counting keydowns. */
export async function paletteArm(): Promise<boolean> {
  entries = [];
  keydowns = 0;
  observer?.disconnect();
  observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) entries.push(entryOf(e));
  });
  observer.observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  // Keys that go missing (or repeat) would leave a query that is not the one measured.
  window.removeEventListener('keydown', onKeydown, { capture: true });
  window.addEventListener('keydown', onKeydown, { capture: true });
  return document.activeElement === input();
}

/**
 * Once the field reads `query`, lets the palette settle (the product's debounced server search answers 120 ms after
 * the last key, and its re-ranking must not be cut off) and returns what was recorded since `paletteArm`.
 */
export interface Collected {
  keydowns: number;
  entries: EventEntry[];
  rows: number;
}

export async function paletteCollect(query: string): Promise<Collected> {
  await until(`the field reading "${query}"`, () => input()?.value === query);
  await frame();
  await frame();
  await sleep(400);
  await frame();
  await frame();
  // Entries are delivered after the frame they end in; one more turn makes sure the last keyup's is in.
  await sleep(50);
  for (const e of (observer?.takeRecords() ?? []) as PerformanceEventTiming[]) entries.push(entryOf(e));
  observer?.disconnect();
  window.removeEventListener('keydown', onKeydown, { capture: true });
  const rows = document.querySelectorAll('#stage dialog [cmdk-item], #stage dialog [data-row]').length;
  return { keydowns, entries, rows };
}

/**
 * The floor: what any palette over these items must at least do on a keystroke. A plain controlled input, the
 * product's ranker over the same items' normalised text, cut to the same MAX_RESULTS, in a virtual list with the
 * same row height, overscan, classes and row content. No cmdk, no machine.
 */
function FloorDialog({ items }: { items: PaletteItem[] }) {
  const ref = usePaletteModal('input');
  const listRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState(() => items.slice(0, MAX_RESULTS));
  const [rank] = useState(() => ranker(items, (i) => i.hay));
  const virtualizer = useVirtualizer({ count: results.length, getScrollElement: () => listRef.current, estimateSize: () => ROW_PX, overscan: OVERSCAN });
  return (
    <dialog ref={ref} className={p.dialog} aria-label={t('palette.title')}>
      <div className={p.head}>
        <input
          className={p.input}
          value={query}
          aria-label={t('palette.input')}
          placeholder={t('palette.placeholder')}
          onChange={(e) => {
            setQuery(e.target.value);
            setResults(rank(e.target.value, MAX_RESULTS).items);
          }}
        />
      </div>
      <div ref={listRef} className={p.list} role="listbox" aria-label={t('palette.results')}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = results[v.index]!;
            return (
              <div key={item.key} data-row="" role="option" aria-selected={v.index === 0} className={p.item} style={{ height: v.size, transform: `translateY(${v.start}px)` }}>
                <PaletteRow item={item} />
              </div>
            );
          })}
        </div>
      </div>
      <div className={p.status} role="status">
        {t('palette.count', { count: results.length })}
      </div>
    </dialog>
  );
}

// p.item places rows absolutely for the virtual list; cmdk's own list is a plain flow of rows of the same size.
const flowRow: CSSProperties = { position: 'static', height: ROW_PX };

/** cmdk as its README shows it: every item a Command.Item, cmdk's own scoring, filtering and sorting. */
function CmdkDialog({ items }: { items: PaletteItem[] }) {
  const ref = usePaletteModal('input');
  return (
    <dialog ref={ref} className={p.dialog} aria-label={t('palette.title')}>
      <Command label={t('palette.input')}>
        <div className={p.head}>
          <Command.Input className={p.input} placeholder={t('palette.placeholder')} />
        </div>
        <Command.List className={p.list} aria-label={t('palette.results')}>
          <Command.Empty>{t('palette.empty', { query: '' })}</Command.Empty>
          {items.map((item) => (
            <Command.Item key={item.key} value={`${item.label} ${item.detail}`} className={p.item} style={flowRow}>
              <PaletteRow item={item} />
            </Command.Item>
          ))}
        </Command.List>
      </Command>
    </dialog>
  );
}
