// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { VirtualTable, type Column } from '../../../src/views/ui/virtual-table';

/**
 * The windowed data table reads its rows and columns straight (no row model of its own, docs/decisions.md B3): what
 * a cell is given, which rows are in the DOM, and what renders a row again must stay as they were.
 */

interface Row {
  id: string;
  name: string;
  n: number;
}

const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({ id: `r${i}`, name: `Row ${i}`, n: i * 3 }));

afterEach(cleanup);

// happy-dom lays nothing out: the scroller is given the size a browser would, so the window has rows to hold.
const sizes = { clientHeight: 400, clientWidth: 800 };
const saved = Object.fromEntries(Object.keys(sizes).map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]));
beforeAll(() => {
  for (const [k, px] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, k, { configurable: true, get: () => px });
});
afterAll(() => {
  for (const [k, d] of Object.entries(saved)) if (d) Object.defineProperty(HTMLElement.prototype, k, d);
});

const bodyRows = () => within(screen.getByRole('rowgroup', { name: 'Things' })).getAllByRole('row');
const texts = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('the windowed data table', () => {
  it('holds a window of the rows, each at its true place, its cells given the row, its index and whether it is active', () => {
    const seen: { id: string; index: number; active: boolean }[] = [];
    const columns: Column<Row>[] = [
      { id: 'name', header: 'Name', cell: (r, at) => (seen.push({ id: r.id, ...at }), r.name) },
      { id: 'n', header: 'N', cell: (r) => String(r.n) },
    ];
    render(<VirtualTable label="Things" columns={columns} rows={rows} rowId={(r) => r.id} height={400} active={2} />);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
    const shown = bodyRows();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(60);
    for (const row of shown) {
      const i = Number(row.getAttribute('aria-rowindex')) - 2;
      expect(texts(row)).toEqual([`Row ${i}`, String(i * 3)]);
    }
    const active = shown.find((r) => r.getAttribute('aria-rowindex') === '4')!;
    expect(active.dataset.active).toBe('true');
    expect(seen).toContainEqual({ id: 'r2', index: 2, active: true });
    expect(seen).toContainEqual({ id: 'r0', index: 0, active: false });
  });

  it('renders a row again when it becomes active, and every row when the columns change, but not otherwise', () => {
    const calls = vi.fn();
    const columnsOf = (prefix: string): Column<Row>[] => [{ id: 'name', header: 'Name', cell: (r, at) => (calls(r.id), `${prefix}${r.name}${at.active ? ' *' : ''}`) }];
    const first = columnsOf('');
    const { rerender } = render(<VirtualTable label="Things" columns={first} rows={rows} rowId={(r) => r.id} height={400} active={-1} />);
    const before = calls.mock.calls.length;
    rerender(<VirtualTable label="Things" columns={first} rows={rows} rowId={(r) => r.id} height={400} active={-1} />);
    expect(calls.mock.calls.length, 'the same props render no row').toBe(before);
    rerender(<VirtualTable label="Things" columns={first} rows={rows} rowId={(r) => r.id} height={400} active={1} />);
    expect(calls.mock.calls.slice(before).map(([id]) => id)).toEqual(['r1']);
    expect(texts(bodyRows().find((r) => r.getAttribute('aria-rowindex') === '3')!)).toEqual(['Row 1 *']);
    rerender(<VirtualTable label="Things" columns={columnsOf('new ')} rows={rows} rowId={(r) => r.id} height={400} active={1} />);
    for (const row of bodyRows()) expect(texts(row)[0]).toMatch(/^new Row/);
  });

  it('scrolls by refilling the same row elements', async () => {
    const columns: Column<Row>[] = [{ id: 'name', header: 'Name', cell: (r) => r.name }];
    render(<VirtualTable label="Things" columns={columns} rows={rows} rowId={(r) => r.id} height={400} />);
    const scroller = screen.getByRole('rowgroup', { name: 'Things' });
    const scrollTo = async (px: number) => {
      await act(async () => {
        scroller.scrollTop = px;
        fireEvent.scroll(scroller);
      });
      const shown = bodyRows();
      for (const row of shown) expect(texts(row)).toEqual([`Row ${Number(row.getAttribute('aria-rowindex')) - 2}`]);
      return shown;
    };
    const top = bodyRows();
    // Down past the overscan: the rows of the top stay where they were (outside the window), no element is removed.
    const down = await scrollTo(4000);
    expect(Math.max(...down.map((r) => Number(r.getAttribute('aria-rowindex')) - 2))).toBeGreaterThanOrEqual(100);
    expect(top.every((r) => down.includes(r))).toBe(true);
    // Further down, every slot is in use: the rows that scrolled in took over the elements of those that left.
    const further = await scrollTo(8000);
    expect(further.length).toBe(down.length);
    expect(further.every((r) => down.includes(r))).toBe(true);
    expect(further.some((r) => Number(r.getAttribute('aria-rowindex')) - 2 >= 200)).toBe(true);
  });

  it('shows the status in place of rows when there are none', () => {
    render(<VirtualTable label="Things" columns={[{ id: 'name', header: 'Name', cell: (r: Row) => r.name }]} rows={[]} rowId={(r) => r.id} status="Nothing yet" />);
    expect(screen.getByRole('cell', { name: 'Nothing yet' })).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('1');
  });
});
