import { describe, expect, it } from 'vitest';
import type { NodeInfo } from '../../src/api/contract/monitoring';
import { defaultFeedIds, rankFeeds } from '../../src/machines/site-view';

const feed = (id: string, signalKey: string, unit: string, range: [number | null, number | null] | null, value: number | null) => ({
  id, name: signalKey, unit, signalKey, kind: 'instant' as const, rangeMin: range?.[0] ?? null, rangeMax: range?.[1] ?? null, latest: value === null ? null : { at: '2026-11-28T10:00:00Z', value },
});
const node = (id: string, name: string, deviceType: string, feeds: NodeInfo['feeds']): NodeInfo => ({
  id, name, hubId: 'h1', siteId: 's1', serial: id, deviceType, batteryPct: 90, signalDbm: -70, lastSeenAt: null, online: true, tags: [], feeds,
});
const SITE = { safeMin: 2, safeMax: 8 };

describe('rankFeeds: a site’s feeds in the order an operator reads them', () => {
  const nodes = [
    node('a', 'Boiler', 'Pulse Logger', [feed('energy', 'energy', 'kWh', null, 100)]),
    node('b', 'Lounge', 'Temperature & Humidity', [feed('hum', 'humidity', '%', null, 40), feed('roomT', 'temperature', '°C', [15, 25], 26)]),
    node('c', 'Fridge B', 'Fridge Probe', [feed('fridgeB', 'temperature', '°C', null, 5)]),
    node('d', 'Fridge A', 'Fridge Probe', [feed('fridgeA', 'temperature', '°C', null, 9.5)]),
    node('e', 'Exit light', 'Emergency Light', [feed('lamp', 'lamp', 'on/off', null, 0), feed('bat', 'battery', '%', [60, 100], 90)]),
  ];

  it('puts what is out of range first (fridges before others), then the fridges, then other ranged feeds, then the rest by signal type', () => {
    expect(rankFeeds(nodes, SITE).map((f) => f.id)).toEqual(['fridgeA', 'roomT', 'fridgeB', 'bat', 'hum', 'energy', 'lamp']);
  });

  it('judges a fridge probe without a range of its own by the site’s safe range, and cannot before the site is known', () => {
    expect(rankFeeds(nodes, null).map((f) => f.id).slice(0, 3)).toEqual(['roomT', 'fridgeA', 'fridgeB']);
  });

  it('charts what is out of range and the fridges, at most six', () => {
    expect(defaultFeedIds(nodes, SITE)).toEqual(['fridgeA', 'roomT', 'fridgeB']);
    const many = Array.from({ length: 9 }, (_, i) => node(`f${i}`, `Fridge ${i}`, 'Fridge Probe', [feed(`t${i}`, 'temperature', '°C', null, 4)]));
    expect(defaultFeedIds(many, SITE)).toHaveLength(6);
  });

  it('charts nothing rather than guessing when a site has no feeds', () => {
    expect(defaultFeedIds([], SITE)).toEqual([]);
  });
});
