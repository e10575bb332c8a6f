import { memo, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createColumnHelper, FlexRender, tableFeatures, useTable, type HeaderGroup, type RowData } from '@tanstack/react-table';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useElementWidth } from './use-width';
import * as v from './virtual-table.css';

export interface Column<T> {
  id: string;
  header: string;
  /** A cell's content; `active` is true on the row the keyboard is on. */
  cell: (row: T, at: { index: number; active: boolean }) => ReactNode;
  /** Grid track, e.g. '2fr' or '8rem'. */
  width?: string;
  /** The list query's sort field for this column; the header then sorts by it. */
  sortKey?: string;
  /** Kept on a narrow table (a phone), where only the first column, these and the actions show. */
  phone?: boolean;
}

/** Below this width a table shows its first column, the ones marked `phone` and its actions; the row opens the rest. */
export const NARROW_TABLE_PX = 560;

/** A fixed track ('6.5rem') as one that may shrink to nothing; other tracks (fr, minmax) are left as they are. */
const shrinkable = (width: string | undefined) => (width && /^[\d.]+(rem|px|em)$/.test(width) ? `minmax(0, ${width})` : width);

/** Whether the element is narrower than `px`, following its size (a phone, a split view, a sidebar opening). */
const useNarrow = (ref: RefObject<HTMLElement | null>, px: number): boolean => useElementWidth(ref, px) < px;

/** Optional behaviour of a data table: server-side sorting, the keyboard's row, and what shows when there are no rows. */
export interface TableOptions {
  /** The current sort, `field` or `-field`. */
  sort?: string;
  onSort?: (sort: string) => void;
  /** The row the keyboard is on. */
  active?: number;
  /** Shown in place of the rows when there are none (loading, empty, failed). */
  status?: ReactNode;
  /** The label of a sort button, given the column's header. */
  sortLabel?: (header: string) => string;
  /** `compact` rows (32 px) for a wall of data; `normal` (40 px) where rows hold buttons. */
  density?: 'compact' | 'normal';
}

const features = tableFeatures({});
const OVERSCAN = 8;
/** Row heights in px, as the theme's density.row tokens (2rem, 2.5rem) at the 16 px root. */
const ROW_PX = { compact: 32, normal: 40 } as const;
/** A narrow table's rows hold two lines of the first column (a name on a phone). */
const NARROW_ROW_PX = 52;

/**
 * A table whose body is windowed: only the visible rows are in the DOM, so thousands of rows scroll as lightly as ten.
 * ARIA table roles keep it a table for assistive technology (a windowed <table> cannot position its rows).
 */
export function VirtualTable<T extends RowData>({ label, columns: all, rows, rowId, height = 320, sort, onSort, active = -1, status, sortLabel, density = 'normal' }: { label: string; columns: Column<T>[]; rows: T[]; rowId: (r: T) => string; height?: number } & TableOptions) {
  const frame = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(frame, NARROW_TABLE_PX);
  const columns = useMemo(
    // The name keeps room to be read (7 rem, on two lines); a row's actions take what is left and scroll inside their cell.
    // The columns kept beside it give way too (their width is what they may grow to), so the actions, last, keep
    // the room their buttons or checkbox need rather than being pushed out of the card.
    () => (narrow ? all.filter((c, i) => i === 0 || c.phone || c.id === 'actions').map((c, i) => (i === 0 ? { ...c, width: 'minmax(7rem, 1fr)' } : c.id === 'actions' ? { ...c, width: 'minmax(0, max-content)' } : { ...c, width: shrinkable(c.width) })) : all),
    [all, narrow],
  );
  const helper = useMemo(() => createColumnHelper<typeof features, T>(), []);
  const defs = useMemo(
    () =>
      helper.columns(
        columns.map((c) =>
          helper.display({
            id: c.id,
            header: () => <SortHeader column={c} sort={sort} onSort={onSort} sortLabel={sortLabel} />,
          }),
        ),
      ),
    [helper, columns, sort, onSort, sortLabel],
  );
  const table = useTable({ features, columns: defs, data: rows, getRowId: (r) => rowId(r) });
  const actionsPx = useActionsWidth(frame, columns, narrow);
  const template = useMemo(
    () => columns.map((c) => (c.id === 'actions' && actionsPx !== null && !narrow ? `max(${c.width ?? '1fr'}, ${actionsPx}px)` : (c.width ?? '1fr'))).join(' '),
    [columns, actionsPx, narrow],
  );
  return (
    <div ref={frame} role="table" aria-label={label} aria-rowcount={rows.length + 1} className={narrow ? `${v.table} ${v.narrow}` : v.table}>
      <HeaderRows groups={table.getHeaderGroups()} template={template} sorts={columns.map((c) => ariaSort(c, sort))} titles={columns.map((c) => c.header)} />
      {rows.length === 0 && status ? (
        <div role="rowgroup">
          <div role="row" aria-rowindex={2} className={v.statusRow}>
            <div role="cell" className={v.status}>{status}</div>
          </div>
        </div>
      ) : (
        <Body rows={rows} columns={columns} label={label} height={height} template={template} active={active} rowPx={narrow ? NARROW_ROW_PX : ROW_PX[density]} cells={defs} />
      )}
    </div>
  );
}

/**
 * The width the rows' actions need, measured after they are drawn: their labels' length depends on the language
 * (Arabic's are longer than the width a screen gives in rem), and a cell too narrow would scroll, which the keyboard
 * cannot reach. Every row's track must be the same, so the widest drawn actions set it; it only grows while the
 * columns stay the same (no flicker as rows scroll), and starts again when they change (another language).
 */
function useActionsWidth<T>(frame: RefObject<HTMLDivElement | null>, columns: Column<T>[], narrow: boolean): number | null {
  // The columns as text: screens rebuild their column objects, the headers change with the language.
  const key = columns.map((c) => `${c.id}:${c.width ?? ''}:${c.header}`).join('|');
  const hasActions = columns.some((c) => c.id === 'actions');
  const [fit, setFit] = useState<{ key: string; px: number } | null>(null);
  useEffect(() => {
    const el = frame.current;
    if (!el || narrow || !hasActions || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      let px = 0;
      for (const a of el.querySelectorAll<HTMLElement>('[data-row-actions]')) {
        const style = a.parentElement ? getComputedStyle(a.parentElement) : null;
        const pad = style ? parseFloat(style.paddingInlineStart) + parseFloat(style.paddingInlineEnd) : 0;
        px = Math.max(px, Math.ceil(a.scrollWidth + pad) + 1);
      }
      if (px > 0) setFit((f) => (f?.key !== key || px > f.px ? { key, px } : f));
    };
    // Rows arrive and scroll in (the windowed body renders on its own), and a button widens when the page's font
    // arrives after the fallback drew it (Arabic's come late): each is measured as it comes.
    const sized = new ResizeObserver(measure);
    const watch = () => {
      for (const button of el.querySelectorAll('[data-row-actions] > *')) sized.observe(button);
      measure();
    };
    const rows = new MutationObserver(watch);
    rows.observe(el, { childList: true, subtree: true });
    watch();
    return () => {
      rows.disconnect();
      sized.disconnect();
    };
  }, [frame, key, narrow, hasActions]);
  return fit && fit.key === key ? fit.px : null;
}

type AriaSort = 'ascending' | 'descending' | undefined;
const ariaSort = <T,>(c: Column<T>, sort: string | undefined): AriaSort =>
  !c.sortKey || !sort ? undefined : sort === c.sortKey ? 'ascending' : sort === `-${c.sortKey}` ? 'descending' : undefined;

/** A column's header: a button that sorts by it when the column sorts (ascending first, then descending). */
function SortHeader<T>({ column, sort, onSort, sortLabel }: { column: Column<T> } & Pick<TableOptions, 'sort' | 'onSort' | 'sortLabel'>) {
  if (!column.sortKey || !onSort) return <>{column.header}</>;
  const dir = ariaSort(column, sort);
  const key = column.sortKey;
  return (
    <button type="button" className={v.sortButton} aria-label={sortLabel?.(column.header)} onClick={() => onSort(dir === 'ascending' ? `-${key}` : key)}>
      {column.header}
      <span aria-hidden="true" className={v.sortMark}>{dir === 'ascending' ? '▲' : dir === 'descending' ? '▼' : '↕'}</span>
    </button>
  );
}

/** The head; memoised, as its headers do not change while the body scrolls. */
const HeaderRows = memo(function HeaderRows<T extends RowData>({ groups, template, sorts, titles }: { groups: HeaderGroup<typeof features, T>[]; template: string; sorts: AriaSort[]; titles: string[] }) {
  return (
    <div role="rowgroup">
      {groups.map((g) => (
        <div role="row" aria-rowindex={1} key={g.id} className={v.headRow} style={{ gridTemplateColumns: template }}>
          {g.headers.map((h, i) => (
            // A header cut short by its column still shows whole on hover (screen readers read the whole text anyway).
            <div role="columnheader" key={h.id} className={v.th} aria-sort={sorts[i]} title={titles[i]}>
              <FlexRender header={h} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}) as <T extends RowData>(props: { groups: HeaderGroup<typeof features, T>[]; template: string; sorts: AriaSort[]; titles: string[] }) => ReactNode;

/**
 * The scrolling body, a component of its own so that a scroll frame renders the window and nothing above it.
 *
 * Rows are keyed and ordered by slot (row index modulo a fixed slot count), not by row: a row scrolling in takes over
 * the element of one that left and the DOM order never changes, so a scroll frame refills a few rows instead of
 * creating, removing or moving any. A slot the window does not need this frame keeps its last row where it was,
 * outside the window, as a pooled list does: hiding or removing it would cost a layout every frame. Rows are
 * absolutely positioned, and aria-rowindex gives assistive technology each row's true place.
 *
 * The body reads `rows` and `columns` themselves, never the table's row model: a model of 100,000 rows doubled the
 * page's heap, and every full garbage collection then paused a scroll frame twice as long (docs/decisions.md, B3).
 */
function Body<T extends RowData>({ rows, columns, label, height, template, active, rowPx, cells }: { rows: T[]; columns: Column<T>[]; label: string; height: number; template: string; active: number; rowPx: number; cells: unknown }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowPx, overscan: OVERSCAN });
  // A table turning narrow or wide (its frame measured, a phone turned) changes the row height: sizes taken at the old
  // height are dropped, or every row would keep its first height.
  useEffect(() => virtualizer.measure(), [virtualizer, rowPx]);
  // The keyboard's row is scrolled into view, so j/k past the window keeps it visible (and mounted to take focus).
  useEffect(() => {
    if (active >= 0 && active < rows.length) virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, rows.length, virtualizer]);
  // Enough distinct keys for every row the window can hold at once; fixed, so keys never shift while scrolling.
  const slots = Math.ceil(height / rowPx) + 2 * OVERSCAN + 2;
  const last = useRef<(VirtualItem | undefined)[]>([]);
  const bySlot = new Array<VirtualItem | undefined>(slots).fill(undefined);
  for (const item of virtualizer.getVirtualItems()) bySlot[item.index % slots] = item;
  const shown = bySlot.map((item, k) => {
    const kept = last.current[k];
    return item ?? (kept && kept.index < rows.length ? kept : undefined);
  });
  last.current = shown;
  return (
    // The scroller is focusable so the keyboard can scroll it.
    <div ref={scrollRef} role="rowgroup" tabIndex={0} aria-label={label} className={v.scroller} style={{ maxHeight: height }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {shown.map((item, k) =>
          item ? <VirtualRow key={k} row={rows[item.index]!} index={item.index} start={item.start} size={item.size} template={template} active={item.index === active} columns={columns} cells={cells} /> : null,
        )}
      </div>
    </div>
  );
}

/**
 * One body row; memoised, so rows that stay on screen while scrolling are not rendered again. Our column cells are
 * plain functions of the row (Column.cell, no hooks), so they are called rather than mounted as components the way
 * FlexRender does: two fibers fewer per cell, which is most of a scroll frame's rendering.
 */
const VirtualRow = memo(function VirtualRow<T extends RowData>({
  row,
  index,
  start,
  size,
  template,
  active,
  columns,
}: {
  row: T;
  index: number;
  start: number;
  size: number;
  template: string;
  active: boolean;
  columns: Column<T>[];
  /** The table's column definitions: unread here, but a new set (a cell that shows the current company) renders the row again. */
  cells: unknown;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={active ? `${v.row} ${v.activeRow}` : v.row}
      data-active={active || undefined}
      style={{ gridTemplateColumns: template, transform: `translateY(${start}px)`, height: size }}
    >
      {columns.map((c) => (
        <div role="cell" key={c.id} className={v.td}>
          {c.cell(row, { index, active })}
        </div>
      ))}
    </div>
  );
}) as <T extends RowData>(props: { row: T; index: number; start: number; size: number; template: string; active: boolean; columns: Column<T>[]; cells: unknown }) => ReactNode;
