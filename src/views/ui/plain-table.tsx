import type { ReactNode } from 'react';
import { visuallyHidden } from './a11y.css';
import * as tb from './list.css';
import * as l from './layout.css';

export interface PlainColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** A column of buttons: its header is for screen readers only. */
  quietHeader?: boolean;
  numeric?: boolean;
}

/**
 * A small table inside a dialog or a card (a few exports, links, schedules): the product's table look, a header row,
 * an accessible name. Long lists use VirtualTable.
 */
export function PlainTable<T>({ label, columns, rows, rowKey }: { label: string; columns: PlainColumn<T>[]; rows: readonly T[]; rowKey: (row: T) => string }) {
  return (
    <div className={tb.card}>
      <table className={tb.table} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} className={tb.th} scope="col">
                {c.quietHeader ? <span className={visuallyHidden}>{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.id} className={c.numeric ? `${tb.td} ${l.numeric}` : tb.td}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
