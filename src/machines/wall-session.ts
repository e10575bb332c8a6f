import { fromPromise } from 'xstate';
import type { CurrentDisplay, DisplaySite } from '../api/contract/displays';
import type { ReadingsResponse } from '../api/contract/monitoring';
import { LIST_LIMIT_MAX } from '../api/contract/list';
import { apiModules } from '../api/lazy';
import { readingsQuery } from './site-view';
import { wallMachine, wallView } from './wall.machine';

const monitoring = apiModules.monitoring;
const alertEvents = apiModules.alertEvents;

/**
 * A signed-in person's own wall (`/wall` from the palette, `/wall?site=…` for one site): the wall machine with the same
 * rules — rotation, freshness, recovery, reload on a new build — reading through the session's calls instead of a
 * display key. Its playlist is the sites the person sees, dark, 30 seconds each.
 */
export const sessionWallMachine = wallMachine.provide({
  actors: {
    loadDisplay: fromPromise<CurrentDisplay, { key: string; only: string | null }>(async ({ input }) => {
      const m = await monitoring();
      const all = input.only ? [await m.siteInfo(input.only)] : await m.sites();
      const sites = all.map((s) => ({ id: s.id, name: s.name, timezone: s.timezone }));
      return { id: 'session', name: '', siteIds: sites.map((s) => s.id), everySeconds: 30, theme: 'dark', sites };
    }),
    loadSite: fromPromise<{ site: DisplaySite; readings: ReadingsResponse | null }, { key: string; siteId: string }>(async ({ input, signal }) => {
      const [m, a] = await Promise.all([monitoring(), alertEvents()]);
      const open = (state: 'active' | 'acknowledged') => a.listAlertEvents({ siteId: input.siteId, state, limit: LIST_LIMIT_MAX }, signal);
      const [info, hubs, nodes, active, acknowledged] = await Promise.all([
        m.siteInfo(input.siteId, signal), m.siteHubs(input.siteId, signal), m.siteNodes(input.siteId, signal), open('active'), open('acknowledged'),
      ]);
      const site: DisplaySite = { site: info, hubs, nodes, openEvents: [...active.data, ...acknowledged.data] };
      const view = wallView(site);
      const readings = view.feedIds.length ? await m.readings(input.siteId, readingsQuery(view, Date.now(), 400), signal) : null;
      return { site, readings };
    }),
  },
});
