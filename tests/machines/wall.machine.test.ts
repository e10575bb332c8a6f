import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { HEALTH_EVERY_MS, MAX_RETRY_MS, REVOKED_RETRY_MS, wallMachine } from '../../src/machines/wall.machine';
import { ApiError } from '../../src/api/client';
import type { CurrentDisplay, DisplaySite } from '../../src/api/contract/displays';
import type { ReadingsResponse } from '../../src/api/contract/monitoring';

const display = (ids: string[], everySeconds = 10): CurrentDisplay => ({
  id: 'd1', name: 'Control room', siteIds: ids, everySeconds, theme: 'dark',
  sites: ids.map((id) => ({ id, name: `Site ${id}`, timezone: 'Europe/London' })),
});
const siteOf = (id: string): DisplaySite => ({
  site: { id, name: `Site ${id}`, address: '', coordinates: '', latitude: null, longitude: null, timezone: 'Europe/London', safeMin: 2, safeMax: 8, hubCount: 0, nodeCount: 0 },
  hubs: [], nodes: [], openEvents: [],
});
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
});
