import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { CurrentDisplay, DisplaySite } from '../api/contract/displays';
import type { ReadingsResponse } from '../api/contract/monitoring';
import { apiModules } from '../api/lazy';
import { failureOf, refusalOf, type Failure } from './failure';
import { DEFAULT_VIEW, defaultFeedIds, readingsQuery, type SiteView } from './site-view';
import { reloadPage, wallKeyboard, wallTheme } from './wall-actors';
import { streamMachine } from './stream.machine';
import { liveWatch, type LiveEvent, type LiveSource } from './live-watch';
import { applySiteReading } from './site-dashboard-live';
import type { AlertEvent } from '../api/contract/alerts';

const api = apiModules.wall;

/** How far back a wall's chart looks, in days (six hours), at quarter-hour buckets. */
export const WALL_CHART_DAYS = 0.25;
/** How often a wall asks which build the server hands out. */
export const HEALTH_EVERY_MS = 60_000;
/** How often the site on screen is read again while it stays there (a paused wall, a long rotation). */
export const REFRESH_EVERY_MS = 60_000;
/** The longest wait between two tries to reach the server: a wall recovers by itself within this after a restart. */
export const MAX_RETRY_MS = 20_000;
/** The wait after a refused key before asking again (a display removed and restored keeps its screen). */
export const REVOKED_RETRY_MS = 60_000;
/** How often the wall's clock, and the ages it shows ("read 40 s ago"), move on. */
export const CLOCK_EVERY_MS = 10_000;
/** What was read longer ago than this is marked old on the wall (two refreshes missed). */
export const STALE_AFTER_MS = 2 * REFRESH_EVERY_MS + 10_000;

export interface WallContext {
  /** The display's key; empty for a signed-in person's own wall (wall-session.ts). */
  key: string;
  /** A signed-in wall of one site (`/wall?site=…`); null for all of a display's (or a person's) sites. */
  only: string | null;
  display: CurrentDisplay | null;
  /** The playlist's place on screen. */
  at: number;
  site: DisplaySite | null;
  readings: ReadingsResponse | null;
  /** The build the page was loaded with; a server handing out another one has had a new deployment. */
  buildId: string | null;
  newBuild: boolean;
  /** The last call found no server (network or server down): what shows is the last that came. */
  offline: boolean;
  /** Space stops the rotation; the site on screen is still read again. */
  paused: boolean;
  /** When the shown site was last read, for the page to say how old what it shows is. */
  readAt: number | null;
  /** The wall's clock, moved on every CLOCK_EVERY_MS: the ages on screen are read against it. */
  now: number;
  failure: Failure | null;
  retryMs: number;
  /** The display's own live stream (by its key): readings and alerts of its sites as they happen. */
  live: LiveSource | null;
  /** The stream has opened: what shows follows the site as it changes, not only at each read. */
  streaming: boolean;
}

export type WallEvent = { type: 'wall.pause' } | { type: 'wall.next' } | { type: 'wall.previous' } | LiveEvent;

/** An alert event as the shown site's open events take it: kept (in place, or first) while open, dropped when resolved. */
export function withAlert(open: readonly AlertEvent[], e: AlertEvent): AlertEvent[] {
  const rest = open.filter((x) => x.id !== e.id);
  if (e.state === 'resolved') return rest;
  const at = open.findIndex((x) => x.id === e.id);
  return at < 0 ? [e, ...rest] : open.map((x) => (x.id === e.id ? e : x));
}

/** The chart of a wall: the site's first feeds (those with a safe range first), the last hours. */
export function wallView(site: DisplaySite): SiteView {
  return { ...DEFAULT_VIEW, siteId: site.site.id, days: WALL_CHART_DAYS, interval: '15minutes', feedIds: defaultFeedIds(site.nodes, site.site) };
}

const refused = (error: unknown) => refusalOf(error).status === 401;
const unreachable = (error: unknown) => {
  const { status } = refusalOf(error);
  return status === 0 || status >= 500 || status === 408 || status === 429;
};
const step = (c: WallContext, by: number) => {
  const n = c.display?.sites.length ?? 0;
  return n === 0 ? 0 : (((c.at + by) % n) + n) % n;
};

/**
 * A wall display (`/wall?key=…`): the playlist of a display, one site at a time, without a session. It runs for weeks
 * unattended, so everything it meets recovers by itself: a server restart or a lost network is retried with backoff
 * (what was shown stays, marked as old); a new deployment (another `buildId` in /api/health) reloads the page at the
 * next rotation; a removed display's key says so and is asked again now and then. Space pauses, arrows step.
 * Nothing accumulates: each site's snapshot and chart replace the last.
 */
export const wallMachine = setup({
  types: { context: {} as WallContext, events: {} as WallEvent, input: {} as { key: string; only?: string | null } },
  actors: {
    loadDisplay: fromPromise<CurrentDisplay, { key: string; only: string | null }>(async ({ input, signal }) => (await api()).currentWall(input.key, signal)),
    loadSite: fromPromise<{ site: DisplaySite; readings: ReadingsResponse | null }, { key: string; siteId: string }>(async ({ input, signal }) => {
      const wall = await api();
      const site = await wall.wallSite(input.key, input.siteId, signal);
      const view = wallView(site);
      // A site without feeds has no chart to ask for.
      const readings = view.feedIds.length ? await wall.wallReadings(input.key, input.siteId, readingsQuery(view, Date.now(), 400), signal) : null;
      return { site, readings };
    }),
    loadHealth: fromPromise<string, void>(async ({ signal }) => (await (await api()).serverHealth(signal)).buildId),
    // The browser's side (wall-actors.ts): the keys, the theme on the page, and reloading it.
    keyboard: wallKeyboard,
    theme: wallTheme,
    reload: reloadPage,
    stream: streamMachine,
    liveWatch,
  },
  delays: {
    rotate: ({ context }) => (context.display?.everySeconds ?? 30) * 1000,
    retry: ({ context }) => context.retryMs,
  },
}).createMachine({
  id: 'wall',
  context: ({ input }) => ({
    key: input.key, only: input.only ?? null, display: null, at: 0, paused: false, site: null, readings: null, buildId: null, newBuild: false, offline: false, readAt: null, now: Date.now(), failure: null, retryMs: 1000, live: null, streaming: false,
  }),
  // Space, the arrows and `f` work whatever the wall is doing; the steps only where a site is shown.
  // The stream's messages are heard from the start: it may open before the first site is shown.
  invoke: [
    { id: 'keyboard', src: 'keyboard' },
    { id: 'live', src: 'liveWatch', input: ({ context }) => ({ live: context.live, kinds: ['reading', 'alert'] as const }) },
  ],
  on: { 'live.resumed': { actions: assign({ streaming: true }) } },
  // One stream for the wall's life, opened by its key: it reconnects by itself with backoff after any loss.
  entry: [
    // A signed-in wall has no key: its stream is the session's (the same bearer token as every call).
    assign({ live: ({ spawn, context }) => spawn('stream', { id: 'stream', input: { displayKey: context.key || null } }) }),
    sendTo('stream', { type: 'stream.start', scope: 'display' }),
  ],
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        src: 'loadDisplay',
        input: ({ context }) => ({ key: context.key, only: context.only }),
        onDone: { target: 'running', actions: assign(({ context, event }) => ({ display: event.output, at: Math.min(context.at, Math.max(0, event.output.sites.length - 1)), failure: null, offline: false, retryMs: 1000 })) },
        onError: [
          { guard: ({ event }) => refused(event.error), target: 'revoked', actions: assign(({ event }) => ({ failure: failureOf(event.error), site: null, readings: null, display: null })) },
          { target: 'waiting', actions: assign(({ event }) => ({ failure: failureOf(event.error), offline: unreachable(event.error) })) },
        ],
      },
    },
    /** The server could not be reached: tried again after a wait that doubles up to MAX_RETRY_MS. */
    waiting: {
      entry: assign({ streaming: false }),
      after: { retry: { target: 'starting', actions: assign(({ context }) => ({ retryMs: Math.min(MAX_RETRY_MS, context.retryMs * 2) })) } },
    },
    /** The key opens nothing (the display was removed): the wall says so, shows no site, and asks again now and then. */
    revoked: {
      entry: assign({ streaming: false }),
      after: { [REVOKED_RETRY_MS]: 'starting' },
    },
    running: {
      type: 'parallel',
      invoke: { id: 'theme', src: 'theme', input: ({ context }) => ({ theme: context.display!.theme }) },
      on: {
        // A reading of the site on screen: its tile now (the chart's quarter hours are the server's to average, at the next read).
        'live.reading': {
          guard: ({ context }) => context.site !== null,
          actions: assign(({ context, event }) => {
            const site = context.site!;
            const { nodes } = applySiteReading({ nodes: site.nodes, readings: null, answered: null, view: { feedIds: [], to: null } }, event.reading);
            return nodes === site.nodes ? {} : { site: { ...site, nodes } };
          }),
        },
        'live.alert': {
          guard: ({ context, event }) => context.site !== null && event.event.siteId === context.site.site.id,
          actions: assign(({ context, event }) => ({ site: { ...context.site!, openEvents: withAlert(context.site!.openEvents, event.event) } })),
        },
      },
      states: {
        show: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadSite',
                input: ({ context }) => ({ key: context.key, siteId: context.display!.sites[context.at]!.id }),
                onDone: {
                  target: 'showing',
                  actions: assign(({ event }) => ({ site: event.output.site, readings: event.output.readings, readAt: Date.now(), now: Date.now(), offline: false, failure: null, retryMs: 1000 })),
                },
                onError: [
                  { guard: ({ event }) => refused(event.error), target: '#wall.revoked', actions: assign(({ event }) => ({ failure: failureOf(event.error), site: null, readings: null, display: null })) },
                  // The playlist changed under the wall (a site taken off it): start again from the display.
                  { guard: ({ event }) => refusalOf(event.error).status === 404, target: '#wall.starting' },
                  // What was shown stays, marked old; the next rotation or refresh tries again.
                  { target: 'showing', actions: assign(({ event }) => ({ failure: failureOf(event.error), offline: unreachable(event.error) })) },
                ],
              },
            },
            showing: {
              after: {
                rotate: [
                  // A new deployment is picked up between two sites, never in the middle of one.
                  { guard: ({ context }) => context.newBuild, target: 'reloading' },
                  { guard: ({ context }) => !context.paused && (context.display?.sites.length ?? 0) > 1, target: 'loading', actions: assign(({ context }) => ({ at: step(context, 1) })) },
                  { guard: ({ context }) => !context.paused, target: 'loading' },
                ],
                // Paused, or a long rotation: the site on screen is read again, never shown stale as fresh.
                [REFRESH_EVERY_MS]: 'loading',
              },
              on: {
                'wall.pause': { target: 'showing', reenter: true, actions: assign(({ context }) => ({ paused: !context.paused })) },
                'wall.next': { target: 'loading', actions: assign(({ context }) => ({ at: step(context, 1) })) },
                'wall.previous': { target: 'loading', actions: assign(({ context }) => ({ at: step(context, -1) })) },
              },
            },
            reloading: {
              invoke: { src: 'reload', onDone: 'showing', onError: 'showing' },
            },
          },
        },
        health: {
          initial: 'asking',
          states: {
            asking: {
              invoke: {
                src: 'loadHealth',
                onDone: {
                  target: 'resting',
                  actions: assign(({ context, event }) => (context.buildId === null ? { buildId: event.output } : { newBuild: context.newBuild || event.output !== context.buildId })),
                },
                onError: { target: 'resting', actions: assign(({ event }) => ({ offline: unreachable(event.error) })) },
              },
            },
            resting: { after: { [HEALTH_EVERY_MS]: 'asking' } },
          },
        },
        clock: {
          initial: 'ticking',
          states: { ticking: { after: { [CLOCK_EVERY_MS]: { target: 'ticking', reenter: true, actions: assign({ now: () => Date.now() }) } } } },
        },
      },
    },
  },
});

export type WallActor = ActorRefFrom<typeof wallMachine>;
