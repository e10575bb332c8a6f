import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { streamMachine } from '../../src/machines/stream.machine';
import { HEALTH_EVERY_MS, MAX_RETRY_MS, REVOKED_RETRY_MS, wallMachine, withAlert } from '../../src/machines/wall.machine';
import type { AlertEvent } from '../../src/api/contract/alerts';
import { ApiError } from '../../src/api/client';
import type { CurrentDisplay, DisplaySite } from '../../src/api/contract/displays';
import type { ReadingsResponse } from '../../src/api/contract/monitoring';

const display = (ids: string[], everySeconds = 10): CurrentDisplay => ({
  id: 'd1', name: 'Control room', siteIds: ids, everySeconds, theme: 'dark',
  sites: ids.map((id) => ({ id, name: `Site ${id}`, timezone: 'Europe/London' })),
});
const siteOf = (id: string): DisplaySite => ({
  site: { id, name: `Site ${id}`, address: '', coordinates: '', latitude: null, longitude: null, timezone: 'Europe/London', safeMin: 2, safeMax: 8, hubCount: 0, nodeCount: 1 },
  hubs: [],
  nodes: [
    {
      id: `n-${id}`, name: 'Fridge', hubId: 'h1', siteId: id, serial: 'x', deviceType: 'Fridge Probe', batteryPct: null, signalDbm: null, lastSeenAt: null, online: false, tags: [],
      feeds: [{ id: `f-${id}`, name: 'Temperature', unit: '°C', signalKey: 'temperature', kind: 'instant', rangeMin: null, rangeMax: null, latest: null }],
    },
  ] as DisplaySite['nodes'],
  openEvents: [],
});
const alertOf = (over: Partial<AlertEvent>): AlertEvent =>
  ({ id: 'e1', ruleId: 'r1', ruleName: 'Fridge warm', siteId: 'a', nodeId: 'n-a', feedId: 'f-a', severity: 'major', state: 'active', startedAt: '2026-11-28T10:00:00.000Z', endedAt: null, peak: 9, detail: '', acknowledgedBy: null, acknowledgedAt: null, assigneeId: null, muted: false, comments: [], history: [], ...over }) as AlertEvent;
const offline = () => new ApiError(0, 'network_error', 'Network Error');

/** A wall whose server answers as the test says: the display, each site, the build. */
function harness(start: { display?: () => CurrentDisplay; build?: () => string } = {}) {
  const calls = { display: 0, sites: [] as string[], health: 0, reloads: 0 };
  let displayAnswer: () => CurrentDisplay = start.display ?? (() => display(['a', 'b', 'c']));
  let siteAnswer: (id: string) => DisplaySite = siteOf;
  let build = start.build ?? (() => 'build-1');
  const actor = createActor(
    wallMachine.provide({
      actors: {
        loadDisplay: fromPromise(async () => {
          calls.display += 1;
          return displayAnswer();
        }),
        loadSite: fromPromise<{ site: DisplaySite; readings: ReadingsResponse | null }, { key: string; siteId: string }>(async ({ input }) => {
          calls.sites.push(input.siteId);
          return { site: siteAnswer(input.siteId), readings: null };
        }),
        loadHealth: fromPromise(async () => {
          calls.health += 1;
          return build();
        }),
        reload: fromPromise(async () => {
          calls.reloads += 1;
        }),
        // A stream that never connects: the live messages are sent to the wall by the test itself.
        stream: streamMachine.provide({ actors: { connect: fromCallback(() => () => undefined) } }),
      },
    }),
    { input: { key: 'swd_key' } },
  ).start();
  return {
    actor,
    calls,
    ctx: () => actor.getSnapshot().context,
    is: (v: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0]) => actor.getSnapshot().matches(v),
    setDisplay: (f: () => CurrentDisplay) => (displayAnswer = f),
    setSite: (f: (id: string) => DisplaySite) => (siteAnswer = f),
    setBuild: (f: () => string) => (build = f),
    tick: (ms: number) => vi.advanceTimersByTimeAsync(ms),
  };
}

describe('wall machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the playlist one site at a time, every everySeconds, round and round', async () => {
    const h = harness();
    await h.tick(0);
    expect(h.calls.sites).toEqual(['a']);
    expect(h.ctx().site?.site.id).toBe('a');
    await h.tick(10_000);
    await h.tick(10_000);
    await h.tick(10_000);
    expect(h.calls.sites).toEqual(['a', 'b', 'c', 'a']);
  });

  it('Space pauses the rotation (the site is still read again); arrows step either way', async () => {
    const h = harness();
    await h.tick(0);
    h.actor.send({ type: 'wall.pause' });
    await h.tick(50_000);
    expect(h.calls.sites).toEqual(['a']);
    await h.tick(10_000);
    // Read again after a minute on the same site, still paused.
    expect(h.calls.sites).toEqual(['a', 'a']);
    expect(h.ctx().paused).toBe(true);
    h.actor.send({ type: 'wall.previous' });
    await h.tick(0);
    expect(h.calls.sites.at(-1)).toBe('c');
    h.actor.send({ type: 'wall.next' });
    await h.tick(0);
    expect(h.calls.sites.at(-1)).toBe('a');
    h.actor.send({ type: 'wall.pause' });
    await h.tick(10_000);
    expect(h.calls.sites.at(-1)).toBe('b');
  });

  it('recovers by itself from a server that cannot be reached: retries with a growing wait, at most MAX_RETRY_MS', async () => {
    let down = true;
    const h = harness({ display: () => { if (down) throw offline(); return display(['a']); } });
    await h.tick(0);
    expect(h.is('waiting')).toBe(true);
    expect(h.ctx().offline).toBe(true);
    for (let i = 0; i < 10; i++) await h.tick(MAX_RETRY_MS);
    const tries = h.calls.display;
    expect(tries).toBeGreaterThan(5);
    down = false;
    await h.tick(MAX_RETRY_MS);
    expect(h.is('running')).toBe(true);
    expect(h.ctx().offline).toBe(false);
    expect(h.ctx().site?.site.id).toBe('a');
  });

  it('keeps what it shows when a site cannot be read, marked as offline, and reads it again later', async () => {
    const h = harness({ display: () => display(['a']) });
    await h.tick(0);
    const shown = h.ctx().site;
    h.setSite(() => {
      throw offline();
    });
    await h.tick(10_000);
    expect(h.ctx().site).toBe(shown);
    expect(h.ctx().offline).toBe(true);
    h.setSite(siteOf);
    await h.tick(10_000);
    expect(h.ctx().offline).toBe(false);
  });

  it('says so when its key is refused (the display was removed), shows no site, and asks again now and then', async () => {
    const h = harness({ display: () => display(['a']) });
    await h.tick(0);
    h.setSite(() => {
      throw new ApiError(401, 'invalid_display_key', 'This display key is not valid or the display was removed');
    });
    h.setDisplay(() => {
      throw new ApiError(401, 'invalid_display_key', 'This display key is not valid or the display was removed');
    });
    await h.tick(10_000);
    expect(h.is('revoked')).toBe(true);
    expect(h.ctx().site).toBeNull();
    const asked = h.calls.display;
    await h.tick(REVOKED_RETRY_MS);
    expect(h.calls.display).toBe(asked + 1);
  });

  it('reloads at the next rotation once the server hands out another build, not before', async () => {
    // Rotations at 25, 50 and 75 s; the build is asked for at 0 and 60 s.
    const h = harness({ display: () => display(['a', 'b'], 25) });
    await h.tick(0);
    expect(h.ctx().buildId).toBe('build-1');
    h.setBuild(() => 'build-2');
    await h.tick(HEALTH_EVERY_MS);
    expect(h.ctx().newBuild).toBe(true);
    expect(h.calls.reloads).toBe(0);
    await h.tick(15_000);
    expect(h.calls.reloads).toBe(1);
  });

  it('a playlist that changed under it (a site taken off) starts again from the display', async () => {
    const h = harness({ display: () => display(['a', 'b']) });
    await h.tick(0);
    h.setDisplay(() => display(['a']));
    h.setSite((id) => {
      if (id === 'b') throw new ApiError(404, 'not_found', 'Site not found');
      return siteOf(id);
    });
    await h.tick(10_000);
    await h.tick(0);
    expect(h.ctx().display?.siteIds).toEqual(['a']);
    expect(h.ctx().site?.site.id).toBe('a');
  });

  it('takes live readings of the site on screen into its tiles, and its alerts into the open ones as they happen', async () => {
    const h = harness({ display: () => display(['a', 'b']) });
    await h.tick(0);
    h.actor.send({ type: 'live.reading', reading: { feedId: 'f-b', ts: '2026-11-28T10:00:00.000Z', value: 1 } });
    expect(h.ctx().site?.nodes[0]?.feeds[0]?.latest).toBeNull();
    h.actor.send({ type: 'live.reading', reading: { feedId: 'f-a', ts: '2026-11-28T10:00:00.000Z', value: 9.4 } });
    expect(h.ctx().site?.nodes[0]?.feeds[0]?.latest).toEqual({ at: '2026-11-28T10:00:00.000Z', value: 9.4 });
    expect(h.ctx().site?.nodes[0]?.online).toBe(true);
    h.actor.send({ type: 'live.alert', event: alertOf({ siteId: 'b' }) });
    expect(h.ctx().site?.openEvents).toEqual([]);
    h.actor.send({ type: 'live.alert', event: alertOf({}) });
    expect(h.ctx().site?.openEvents.map((e) => e.id)).toEqual(['e1']);
    h.actor.send({ type: 'live.alert', event: alertOf({ state: 'resolved' }) });
    expect(h.ctx().site?.openEvents).toEqual([]);
  });
});

describe('the wall’s stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says Live once its stream opened, even when it opened before the first site was shown', async () => {
    let opened!: () => void;
    const actor = createActor(
      wallMachine.provide({
        actors: {
          loadDisplay: fromPromise(async () => display(['a'])),
          loadSite: fromPromise<{ site: DisplaySite; readings: ReadingsResponse | null }, { key: string; siteId: string }>(async ({ input }) => ({ site: siteOf(input.siteId), readings: null })),
          loadHealth: fromPromise(async () => 'build-1'),
          // The stream opens at once, before the display's answer is in.
          stream: streamMachine.provide({ actors: { connect: fromCallback(({ sendBack }) => ((opened = () => sendBack({ type: 'stream.opened' })), () => undefined)) } }),
        },
      }),
      { input: { key: 'swd_key' } },
    ).start();
    opened();
    expect(actor.getSnapshot().context.streaming).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('running')).toBe(true);
    expect(actor.getSnapshot().context.streaming).toBe(true);
    actor.stop();
  });
});

describe('an alert on the wall', () => {
  it('stays in its place while open, comes first when new, and goes when resolved', () => {
    const one = alertOf({ id: 'e1' });
    const two = alertOf({ id: 'e2' });
    expect(withAlert([one], two).map((e) => e.id)).toEqual(['e2', 'e1']);
    expect(withAlert([one, two], { ...two, state: 'acknowledged' }).map((e) => [e.id, e.state])).toEqual([['e1', 'active'], ['e2', 'acknowledged']]);
    expect(withAlert([one, two], { ...one, state: 'resolved' }).map((e) => e.id)).toEqual(['e2']);
  });
});
