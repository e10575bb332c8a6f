import { useMemo, useRef, type ReactNode } from 'react';
import { createColumnHelper, tableFeatures, useTable, type RowData } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import * as v from './site-dashboard.css';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Grid track, e.g. '2fr' or '8rem'. */
  width?: string;
}

const features = tableFeatures({});

/**
 * A table whose body is windowed: only the visible rows are in the DOM, so thousands of rows scroll as lightly as ten.
 * ARIA table roles keep it a table for assistive technology (a windowed <table> cannot position its rows).
 */
export function VirtualTable<T extends RowData>({ label, columns, rows, rowId, height = 320 }: { label: string; columns: Column<T>[]; rows: T[]; rowId: (r: T) => string; height?: number }) {
  const helper = useMemo(() => createColumnHelper<typeof features, T>(), []);
  const defs = useMemo(
    () => helper.columns(columns.map((c) => helper.display({ id: c.id, header: c.header, cell: (ctx) => c.cell(ctx.row.original) }))),
    [helper, columns],
  );
  const table = useTable({ features, columns: defs, data: rows, getRowId: (r) => rowId(r) });
  const model = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: model.length, getScrollElement: () => scrollRef.current, estimateSize: () => 40, overscan: 8 });
  const template = columns.map((c) => c.width ?? '1fr').join(' ');
  return (
    <div role="table" aria-label={label} aria-rowcount={model.length + 1} className={v.table}>
      <div role="rowgroup">
        {table.getHeaderGroups().map((g) => (
          <div role="row" aria-rowindex={1} key={g.id} className={v.headRow} style={{ gridTemplateColumns: template }}>
            {g.headers.map((h) => (
              <div role="columnheader" key={h.id} className={v.th}>
                <table.FlexRender header={h} />
              </div>
            ))}
          </div>
        ))}
      </div>
      {/* The scroller is focusable so the keyboard can scroll it. */}
      <div ref={scrollRef} role="rowgroup" tabIndex={0} aria-label={label} className={v.scroller} style={{ maxHeight: height }}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = model[item.index]!;
            return (
              <div
                role="row"
                aria-rowindex={item.index + 2}
                key={row.id}
                className={v.row}
                style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)`, height: item.size }}
              >
                {row.getAllCells().map((cell) => (
                  <div role="cell" key={cell.id} className={v.td}>
                    <table.FlexRender cell={cell} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
