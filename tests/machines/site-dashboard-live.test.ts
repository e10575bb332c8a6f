import { describe, expect, it } from 'vitest';
import { applySiteReading } from '../../src/machines/site-dashboard-live';
import type { NodeInfo, ReadingsResponse } from '../../src/api/contract/monitoring';

const feed = (id: string, latest: { at: string; value: number } | null) => ({ id, name: id, unit: '°C', signalKey: 'temperature', kind: 'instant' as const, rangeMin: null, rangeMax: null, latest });
const node = (id: string, feeds: ReturnType<typeof feed>[], online = true): NodeInfo => ({
  id, name: id, hubId: 'h1', siteId: 's1', serial: id, deviceType: 'Fridge Probe', batteryPct: null, signalDbm: null, lastSeenAt: '2026-03-01T11:00:00.000Z', online, tags: [], feeds,
});
const raw: ReadingsResponse = { series: [{ feedId: 'f1', nodeId: 'n1', name: 'f1', unit: '°C', t: [Date.parse('2026-03-01T11:00:00Z')], value: [5] }] };
const at = '2026-03-01T12:00:00.000Z';

describe('live readings on an open site', () => {
  const nodes = [node('n1', [feed('f1', { at: '2026-03-01T11:00:00.000Z', value: 5 }), feed('f2', null)], false), node('n2', [feed('f3', null)])];

  it('moves the tile, wakes the node and grows a raw chart whose window ends now', () => {
    const out = applySiteReading({ nodes, readings: raw, answered: { dataViewType: 'RawData', interval: '1hour', aggregation: null }, view: { feedIds: ['f1'], to: null } }, { feedId: 'f1', ts: at, value: 9 });
    expect(out.nodes[0]).toMatchObject({ online: true, lastSeenAt: at });
    expect(out.nodes[0]!.feeds[0]!.latest).toEqual({ at, value: 9 });
    expect(out.nodes[1]).toBe(nodes[1]);
    expect(out.readings!.series[0]!.t).toHaveLength(2);
    expect(out.readings!.series[0]!.value).toEqual([5, 9]);
    expect(out.stale).toBe(false);
  });

  it('leaves a fixed past range and older readings alone, and asks a bucketed chart to be re-read', () => {
    const fixed = applySiteReading({ nodes, readings: raw, answered: { dataViewType: 'RawData', interval: '1hour', aggregation: null }, view: { feedIds: ['f1'], to: '2026-02-01T00:00:00Z' } }, { feedId: 'f1', ts: at, value: 9 });
    expect(fixed.readings).toBe(raw);
    expect(fixed.stale).toBe(false);
    const older = applySiteReading({ nodes, readings: raw, answered: { dataViewType: 'RawData', interval: '1hour', aggregation: null }, view: { feedIds: ['f1'], to: null } }, { feedId: 'f1', ts: '2026-03-01T10:00:00.000Z', value: 1 });
    expect(older.nodes[0]!.feeds[0]!.latest!.value).toBe(5);
    expect(older.readings!.series[0]!.value).toEqual([5]);
    const bucketed = applySiteReading({ nodes, readings: raw, answered: { dataViewType: 'RawData', interval: '1hour', aggregation: 2 }, view: { feedIds: ['f1'], to: null } }, { feedId: 'f1', ts: at, value: 9 });
    expect(bucketed.readings).toBe(raw);
    expect(bucketed.stale).toBe(true);
  });

  it('ignores another site’s feed, and a feed not on the chart needs no re-read', () => {
    const other = applySiteReading({ nodes, readings: raw, answered: null, view: { feedIds: ['f1'], to: null } }, { feedId: 'x', ts: at, value: 1 });
    expect(other.nodes).toBe(nodes);
    const offChart = applySiteReading({ nodes, readings: raw, answered: { dataViewType: 'RawData', interval: '1hour', aggregation: 2 }, view: { feedIds: ['f1'], to: null } }, { feedId: 'f3', ts: at, value: 1 });
    expect(offChart.stale).toBe(false);
    expect(offChart.nodes[1]!.feeds[0]!.latest).toEqual({ at, value: 1 });
  });
});
