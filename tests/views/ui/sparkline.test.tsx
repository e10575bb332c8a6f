// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { extent, sparklineGeometry, thin } from '../../../src/views/ui/sparkline-geometry';
import { Sparkline, sparklineLabel } from '../../../src/views/ui/sparkline';
import { addLocale, formatNumber, setLocale } from '../../../src/i18n';
import { ar } from '../../../src/i18n/ar';

afterEach(() => {
  cleanup();
  setLocale('en');
});

const HOUR = 3_600_000;
const T0 = Date.parse('2026-11-21T00:00:00Z');
const hours = (n: number) => Array.from({ length: n }, (_, i) => T0 + i * HOUR);

/** Every point of a path as [x, y]. */
const points = (path: string) => [...path.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe('sparkline geometry', () => {
  it('places points by time across the box and by value between the padded top and bottom', () => {
    const g = sparklineGeometry({ t: hours(3), values: [0, 10, 5], from: T0, to: T0 + 2 * HOUR }, 100, 24);
    expect(g.path.startsWith('M')).toBe(true);
    expect(points(g.path)).toEqual([
      [0, 21.5],
      [50, 2.5],
      [100, 12],
    ]);
    expect(g.end).toEqual({ x: 100, y: 12 });
    expect(g.domain).toEqual([0, 10]);
    expect(g.band).toBeNull();
  });

  it('includes the safe range in the scale and draws it as a band; an open end reaches the edge', () => {
    const g = sparklineGeometry({ t: hours(2), values: [4, 6], from: T0, to: T0 + HOUR, band: { min: 2, max: 8 } }, 100, 24);
    expect(g.domain).toEqual([2, 8]);
    // 8 at the top padding, 2 at the bottom padding.
    expect(g.band).toEqual({ y: 2.5, height: 19 });
    const open = sparklineGeometry({ t: hours(2), values: [4, 6], from: T0, to: T0 + HOUR, band: { min: 5, max: null } }, 100, 24);
    expect(open.band!.y).toBe(0);
    expect(open.band!.y + open.band!.height).toBeCloseTo(12, 5);
  });

  it('leaves a gap where points are further apart than gapMs, and draws a lone point as a dot', () => {
    const t = [T0, T0 + HOUR, T0 + 5 * HOUR, T0 + 9 * HOUR, T0 + 10 * HOUR];
    const g = sparklineGeometry({ t, values: [1, 2, 3, 4, 5], from: T0, to: T0 + 10 * HOUR, gapMs: HOUR }, 100, 24);
    // Three runs: hours 0–1, hour 5 alone (a zero-length run), hours 9–10.
    expect(g.path.match(/M/g)).toHaveLength(3);
    const lone = /M(\S+) (\S+) L(\S+) (\S+)/.exec(g.path.split(' M')[1]!.replace(/^/, 'M'))!;
    expect(lone[1]).toBe(lone[3]);
    expect(lone[2]).toBe(lone[4]);
    // Without gapMs everything is one line.
    expect(sparklineGeometry({ t, values: [1, 2, 3, 4, 5], from: T0, to: T0 + 10 * HOUR }, 100, 24).path.match(/M/g)).toHaveLength(1);
  });

  it('centres a flat line and draws nothing without points', () => {
    const flat = sparklineGeometry({ t: hours(3), values: [5, 5, 5], from: T0, to: T0 + 2 * HOUR }, 100, 24);
    for (const [, y] of points(flat.path)) expect(y).toBe(12);
    const none = sparklineGeometry({ t: [], values: [], from: T0, to: T0 + HOUR }, 100, 24);
    expect(none.path).toBe('');
    expect(none.end).toBeNull();
  });

  it('thins a long series to each slot’s low and high, keeping a one-sample peak', () => {
    const t = Array.from({ length: 10_000 }, (_, i) => T0 + i * 1000);
    const v = t.map((_, i) => (i === 4321 ? 99 : Math.sin(i / 50)));
    const out = thin(t, v, t[0]!, t.at(-1)!, 100);
    expect(out.t.length).toBeLessThanOrEqual(200);
    expect(Math.max(...out.v)).toBe(99);
    expect(out.t).toEqual([...out.t].sort((a, b) => a - b));
    expect(sparklineGeometry({ t, values: v, from: t[0]!, to: t.at(-1)! }, 100, 24).path.split(/[ML]/).length - 1).toBeLessThanOrEqual(200);
  });

  it('takes the extent from per-point lows and highs when given', () => {
    expect(extent([4, 5], [3.1, 4.5], [4.4, 7.9])).toEqual([3.1, 7.9]);
    expect(extent([4, 5])).toEqual([4, 5]);
    expect(extent([])).toBeNull();
  });
});

describe('sparkline label and image', () => {
  const format = (n: number) => `${formatNumber(n, { maximumFractionDigits: 2 })} °C`;

  it('says the window, the lowest and highest value and the value now', () => {
    expect(sparklineLabel({ period: 'Last 24 hours', format, extent: [3.1, 7.9], current: 4.2 })).toBe('Last 24 hours: 3.1 °C to 7.9 °C, now 4.2 °C');
    expect(sparklineLabel({ period: 'Last 24 hours', format, extent: [3.1, 7.9] })).toBe('Last 24 hours: 3.1 °C to 7.9 °C');
    expect(sparklineLabel({ period: 'Last 24 hours', format, extent: null, current: 4 })).toBe('Last 24 hours: no readings');
  });

  it('is one image named in the current language, Arabic included', () => {
    addLocale('ar', ar);
    setLocale('ar');
    render(<Sparkline t={hours(2)} values={[4, 6]} from={T0} to={T0 + HOUR} period="آخر 24 ساعة" format={format} current={6} tone="ok" />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('aria-label')).toBe(`آخر 24 ساعة: من ${format(4)} إلى ${format(6)}، الآن ${format(6)}`);
  });
});
