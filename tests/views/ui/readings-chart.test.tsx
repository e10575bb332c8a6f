// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ReadingsChart } from '../../../src/views/ui/readings-chart';
import type { ReadingSeries } from '../../../src/api/contract/monitoring';
import { addLocale, formatDate, setLocale } from '../../../src/i18n';
import { ar } from '../../../src/i18n/ar';

/** A canvas context that accepts every call: happy-dom has no 2D canvas, and these tests look at the DOM around it. */
const fakeContext = () =>
  new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : key === 'measureText' ? () => ({ width: 10 }) : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => fakeContext()) as never);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setLocale('en');
});

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-21T00:00:00Z');
const hours = (...ns: number[]) => ns.map((n) => T0 + n * HOUR);

const fridge1: ReadingSeries = { feedId: 'f1', nodeId: 'n1', name: 'Temperature', unit: '°C', t: hours(0, 1, 2, 3), value: [4, 5, 9.5, 6.25] };
const fridge2: ReadingSeries = { feedId: 'f2', nodeId: 'n2', name: 'Temperature', unit: '°C', t: hours(0, 1, 3), value: [3, 3.5, 4] };
const humidity: ReadingSeries = { feedId: 'h1', nodeId: 'n1', name: 'Humidity', unit: '%', t: hours(0, 3), value: [40, 45] };
const door: ReadingSeries = { feedId: 'd1', nodeId: 'n3', name: 'Door', unit: 'on/off', t: hours(0, 1, 2, 3), value: [0, 1, 0, 1] };
const names = new Map([
  ['f1', { feed: 'Temperature', node: 'Fridge 1' }],
  ['f2', { feed: 'Temperature', node: 'Fridge 2' }],
  ['h1', { feed: 'Humidity', node: 'Fridge 1' }],
  ['d1', { feed: 'Door', node: 'Fridge 3' }],
]);

const chart = () => screen.getByRole('img', { name: /^Readings chart: / });
/** Text without the Unicode isolates that keep units and ranges in their order on a right-to-left page. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');
const legendNames = () => within(screen.getByRole('list', { name: 'Lines of the chart' })).getAllByRole('listitem').map((li) => plain(li.textContent));

describe('ReadingsChart', () => {
  it('names each line by feed and node in the legend, or by the series name without names', () => {
    const { rerender } = render(<ReadingsChart series={[fridge1, fridge2]} dark={false} names={names} />);
    expect(legendNames()).toEqual(['Temperature · Fridge 1', 'Temperature · Fridge 2']);
    rerender(<ReadingsChart series={[fridge1, fridge2]} dark={false} />);
    expect(legendNames()).toEqual(['Temperature', 'Temperature']);
  });

  it('names the parts of an aggregated series', () => {
    const agg: ReadingSeries = { feedId: 'f1', nodeId: 'n1', name: 'Temperature', unit: '°C', t: hours(0, 1), avg: [4, 5], min: [3, 4] };
    render(<ReadingsChart series={[agg]} dark={false} names={names} />);
    expect(legendNames()).toEqual(['Temperature · Fridge 1 (average)', 'Temperature · Fridge 1 (min)']);
  });

  it('draws an average with its min and max as one line in a shaded envelope: one legend entry, the range at the crosshair', () => {
    const agg: ReadingSeries = { feedId: 'f1', nodeId: 'n1', name: 'Temperature', unit: '°C', t: hours(0, 1), avg: [4, 5.5], min: [3, 4.25], max: [5, 8] };
    render(<ReadingsChart series={[agg]} dark={false} names={names} bucketMs={HOUR} />);
    expect(legendNames()).toEqual(['Temperature · Fridge 1', 'Shaded: lowest to highest in each interval']);
    fireEvent.keyDown(chart(), { key: 'End' });
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(plain(live.textContent)).toBe(`${formatDate(hours(1)[0]!)}. Temperature · Fridge 1: 5.5 °C (4.25–8 °C)`);
    expect(plain(document.querySelector('[data-crosshair]')!.textContent)).toContain('5.5 °C (4.25–8 °C)');
  });

  it('draws one panel per unit, each titled with its unit, on/off last', () => {
    const { container } = render(<ReadingsChart series={[door, fridge1, humidity, fridge2]} dark={false} names={names} />);
    expect(container.querySelectorAll('canvas')).toHaveLength(3);
    const titles = [...container.querySelectorAll('[class*="axisTitle"]')].map((e) => plain(e.textContent));
    expect(titles).toEqual(['Temperature (°C)', 'Humidity (%)', 'Door (On/off)']);
    expect(chart().getAttribute('aria-label')).toContain('Units: °C, %, On/off');
  });

  it('shades each safe range once per panel and lists it in the legend', () => {
    const bands = new Map([
      ['f1', { min: 2, max: 8 }],
      ['f2', { min: 2, max: 8 }],
    ]);
    const { container } = render(<ReadingsChart series={[fridge1, fridge2]} dark={false} bands={bands} />);
    const shaded = container.querySelectorAll<HTMLElement>('[data-band]');
    expect(shaded).toHaveLength(1);
    expect(parseFloat(shaded[0]!.style.height)).toBeGreaterThan(0);
    expect(legendNames()).toContain('Safe range 2–8 °C');
  });

  it('labels each line’s last value with formatReading, On/Off for a switch', () => {
    const { container } = render(<ReadingsChart series={[fridge1, door]} dark={false} />);
    const labels = [...container.querySelectorAll('[data-end-label]')].map((e) => e.textContent);
    expect(labels).toEqual(['6.25 °C', 'On']);
  });

  it('moves a crosshair point by point from the keyboard and says the values politely', () => {
    render(<ReadingsChart series={[fridge1, fridge2, door]} dark={false} names={names} bucketMs={HOUR} />);
    const img = chart();
    expect(img.tabIndex).toBe(0);
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    fireEvent.keyDown(img, { key: 'Home' });
    expect(live.textContent).toBe(`${formatDate(hours(0)[0]!)}. Temperature · Fridge 1: 4 °C, Temperature · Fridge 2: 3 °C, Door · Fridge 3: Off`);
    fireEvent.keyDown(img, { key: 'ArrowRight' });
    fireEvent.keyDown(img, { key: 'ArrowRight' });
    // Hour 2: fridge 2 has no reading there (a gap between hours 1 and 3).
    expect(live.textContent).toBe(`${formatDate(hours(2)[0]!)}. Temperature · Fridge 1: 9.5 °C, Temperature · Fridge 2: no reading, Door · Fridge 3: Off`);
    const box = document.querySelector('[data-crosshair]')!;
    expect(box.textContent).toContain('9.5 °C');
    fireEvent.keyDown(img, { key: 'End' });
    expect(live.textContent).toContain('Door · Fridge 3: On');
    fireEvent.keyDown(img, { key: 'ArrowRight' });
    expect(live.textContent).toContain(formatDate(hours(3)[0]!));
    fireEvent.keyDown(img, { key: 'ArrowLeft' });
    expect(live.textContent).toContain(formatDate(hours(2)[0]!));
    fireEvent.keyDown(img, { key: 'Escape' });
    expect(document.querySelector('[data-crosshair]')).toBeNull();
    expect(live.textContent).toBe('');
  });

  it('lets Escape through when no crosshair is shown (it may close a dialog)', () => {
    const onKey = vi.fn();
    render(
      <div onKeyDown={(e) => onKey(e.key)}>
        <ReadingsChart series={[fridge1]} dark={false} />
      </div>,
    );
    fireEvent.keyDown(chart(), { key: 'Escape' });
    expect(onKey).toHaveBeenCalledWith('Escape');
  });

  it('shows the crosshair under the pointer, hides it when the pointer leaves, and never redraws the canvas for it', () => {
    const drawn = vi.fn();
    render(<ReadingsChart series={[fridge1, door]} dark={false} onDrawn={drawn} />);
    const before = drawn.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    const img = chart();
    fireEvent.pointerMove(img, { clientX: 300, clientY: 40 });
    expect(document.querySelector('[data-crosshair]')).not.toBeNull();
    fireEvent.keyDown(img, { key: 'ArrowLeft' });
    fireEvent.keyDown(img, { key: 'Home' });
    fireEvent.pointerLeave(img, { pointerType: 'mouse' });
    expect(document.querySelector('[data-crosshair]')).toBeNull();
    expect(drawn.mock.calls.length).toBe(before);
  });

  it('reads in Arabic with the values isolated', () => {
    addLocale('ar', ar);
    setLocale('ar');
    const arNames = new Map([...names, ['f1', { feed: 'درجة الحرارة', node: 'ثلاجة 1' }]]);
    render(<ReadingsChart series={[fridge1, door]} dark names={arNames} />);
    const img = screen.getByRole('img', { name: /^مخطط القراءات: / });
    act(() => {
      fireEvent.keyDown(img, { key: 'End' });
    });
    // The formatter's own isolates (U+2066…U+2069) are invisible; what matters is the text and its direction.
    const values = [...document.querySelectorAll('[data-crosshair] bdi')].map((b) => [b.textContent?.replace(/[\u2066-\u2069]/g, ''), b.getAttribute('dir')]);
    // A number keeps its written order on a right-to-left page; the switch's word takes the page's direction.
    expect(values).toContainEqual(['6.25 °C', 'ltr']);
    expect(values).toContainEqual(['تشغيل', null]);
    expect(screen.getByRole('list', { name: 'خطوط المخطط' }).textContent).toContain('درجة الحرارة · ثلاجة 1');
  });
});
