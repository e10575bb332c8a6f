import { describe, expect, it } from 'vitest';
import { bandBox, bandsOf, groupByUnit, niceStep, plotHeights, spreadLabels, yDomain, yMap, MIN_PLOT, ON_OFF_PLOT } from '../../../src/views/ui/chart-panels';
import type { ReadingSeries } from '../../../src/api/contract/monitoring';

const s = (id: string, unit: string): ReadingSeries => ({ feedId: id, nodeId: `n-${id}`, name: `Feed ${id}`, unit, t: [0, 1], value: [1, 2] });

describe('groupByUnit', () => {
  it('puts each unit on a panel of its own, in first-seen order, with on/off panels last', () => {
    const groups = groupByUnit([s('door', 'on/off'), s('f1', '°C'), s('h', '%'), s('f2', '°C')]);
    expect(groups.map((g) => [g.unit, g.onOff, g.series.map((x) => x.feedId)])).toEqual([
      ['°C', false, ['f1', 'f2']],
      ['%', false, ['h']],
      ['on/off', true, ['door']],
    ]);
  });

  it('gives one panel to series of one unit and none to no series', () => {
    expect(groupByUnit([s('a', '°C'), s('b', '°C')])).toHaveLength(1);
    expect(groupByUnit([])).toEqual([]);
  });
});

describe('bands', () => {
  it('keeps one band per distinct range with the feeds that share it, skipping ranges open at both ends', () => {
    const bands = new Map([
      ['a', { min: 2, max: 8 }],
      ['b', { min: 2, max: 8 }],
      ['c', { min: null, max: 30 }],
      ['d', { min: null, max: null }],
    ]);
    const out = bandsOf([s('a', '°C'), s('b', '°C'), s('c', '°C'), s('d', '°C'), s('e', '°C')], bands);
    expect(out.map((o) => [o.band, [...o.feedIds]])).toEqual([
      [{ min: 2, max: 8 }, ['a', 'b']],
      [{ min: null, max: 30 }, ['c']],
    ]);
    expect(bandsOf([s('a', '°C')], undefined)).toEqual([]);
  });

  it('widens the y domain to take in the band, so a band above or below the readings still shows', () => {
    // Readings 4–6 °C, safe 2–8 °C: the scale reaches both ends of the band.
    const d = yDomain({ y0: 4, y1: 6 }, [{ min: 2, max: 8 }], [], false, 5);
    expect(d.y0).toBeLessThanOrEqual(2);
    expect(d.y1).toBeGreaterThanOrEqual(8);
    // A band far above the readings.
    const far = yDomain({ y0: 20, y1: 22 }, [{ min: 30, max: null }], [], false, 5);
    expect(far.y1).toBeGreaterThanOrEqual(30);
    expect(far.y0).toBeLessThanOrEqual(20);
    // Without a band the domain is the readings', rounded to ticks.
    expect(yDomain({ y0: 4.2, y1: 5.9 }, [], [], false, 5)).toMatchObject({ y0: 4, y1: 6 });
  });

  it('shades the band between its ends, and to the panel edge on an open end', () => {
    const d = { y0: 0, y1: 10, ticks: [] };
    const y = yMap(d, 100);
    expect(bandBox({ min: 2, max: 8 }, y, 100)).toEqual({ top: 20, height: 60 });
    expect(bandBox({ min: 5, max: null }, y, 100)).toEqual({ top: 0, height: 50 });
    expect(bandBox({ min: null, max: 5 }, y, 100)).toEqual({ top: 50, height: 50 });
    expect(bandBox({ min: 20, max: 30 }, y, 100)).toBeNull();
  });

  it('includes thresholds in the domain', () => {
    const d = yDomain({ y0: 4, y1: 6 }, [], [10], false, 5);
    expect(d.y1).toBeGreaterThanOrEqual(10);
  });
});

describe('yDomain', () => {
  it('has round ticks from bottom to top, without floating-point dust', () => {
    const d = yDomain({ y0: 0.1, y1: 0.7 }, [], [], false, 6);
    expect(d.ticks[0]).toBe(d.y0);
    expect(d.ticks.at(-1)).toBe(d.y1);
    for (const v of d.ticks) expect(String(v).length).toBeLessThan(6);
  });

  it('fixes an on/off panel at Off and On', () => {
    expect(yDomain({ y0: 0, y1: 1 }, [], [], true, 5)).toEqual({ y0: -0.25, y1: 1.25, ticks: [0, 1] });
  });

  it('gives a flat series and an empty panel a domain of some width', () => {
    const flat = yDomain({ y0: 5, y1: 5 }, [], [], false, 5);
    expect(flat.y1).toBeGreaterThan(flat.y0);
    const none = yDomain(null, [], [], false, 5);
    expect(none.y1).toBeGreaterThan(none.y0);
  });

  it('steps by 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(10, 5)).toBe(2);
    expect(niceStep(7.7, 5)).toBe(2);
    expect(niceStep(1, 4)).toBe(0.25);
    expect(niceStep(300, 6)).toBe(50);
  });
});

describe('spreadLabels', () => {
  it('nudges overlapping labels apart and keeps the others where they are', () => {
    expect(spreadLabels([50, 52, 200], 20, 0, 300)).toEqual([50, 70, 200]);
  });

  it('keeps labels inside the panel, pushing up from the bottom', () => {
    const out = spreadLabels([295, 296], 20, 0, 300)!;
    expect(Math.max(...out)).toBeLessThanOrEqual(290);
    expect(Math.abs(out[0]! - out[1]!)).toBeGreaterThanOrEqual(20);
  });

  it('gives up when the labels cannot all fit', () => {
    expect(spreadLabels([10, 20, 30], 20, 0, 50)).toBeNull();
    expect(spreadLabels([], 20, 0, 50)).toEqual([]);
  });
});

describe('plotHeights', () => {
  it('gives on/off strips a short plot and shares the rest among the measurements', () => {
    expect(plotHeights([{ onOff: false }], 300)).toEqual([300]);
    expect(plotHeights([{ onOff: false }, { onOff: false }, { onOff: true }], 440)).toEqual([200, 200, ON_OFF_PLOT]);
    expect(plotHeights([{ onOff: false }, { onOff: false }, { onOff: true }], 300)).toEqual([MIN_PLOT, MIN_PLOT, ON_OFF_PLOT]);
    expect(plotHeights([{ onOff: false }, { onOff: false }, { onOff: false }, { onOff: false }], 200)).toEqual(Array(4).fill(MIN_PLOT));
  });
});
