import { describe, expect, it } from 'vitest';
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { DEFAULT_VIEW, siteDashboardMachine } from '../../src/machines/site-dashboard.machine';
import { dashboardMachine } from '../../src/machines/dashboard.machine';
import { buildModel, printCoverage, replay } from './model-coverage';


const node = { id: 'n1', feeds: [{ id: 'f1', kind: 'instant' }] };

describe('site dashboard machine, model-based', () => {
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(id) });
  const sources = {
    info: 'fetchInfo', permission: 'fetchPermission', subSites: 'fetchSubSites', hubs: 'fetchHubs', nodes: 'fetchNodes', readings: 'fetchReadings', minmax: 'fetchMinMax',
    sites: 'fetchSites', saved: 'loadSavedView', locate: 'locateHome',
  };
  // The store writes to browser storage, which tests do not have.
  const others = { siteViewStore: fromCallback(() => {}) };

  // An open site: its parts and the view. The page around it (picker, company switch) is the model below, so that
  // neither multiplies the other's states.
  const siteInput = { view: { ...DEFAULT_VIEW, siteId: 's1' }, width: 800 };
  const serialize = (s: AnyMachineSnapshot) => JSON.stringify({ v: s.value, f: (s.context as { view: { feedIds: string[] } }).view.feedIds.length > 0 });
  // Simple paths over one region at a time would still multiply; the readings region is the interesting one.
  const coarse = (s: AnyMachineSnapshot) => JSON.stringify((s.value as { page: { open?: Record<string, unknown> } }).page.open?.readings);
  const site = buildModel({
    machine: siteDashboardMachine,
    input: siteInput,
    serialize,
    simpleSerialize: coarse,
    events: [
      done('info', {}), fail('info'),
      done('permission', { role: 'user', view: true, export: true, manage: false }), fail('permission'),
      done('subSites', []), fail('subSites'),
      done('hubs', []), fail('hubs'),
      done('nodes', [node]), done('nodes', []), fail('nodes'),
      done('readings', { series: [] }), fail('readings'),
      done('minmax', { series: [] }), fail('minmax'),
      { type: 'site.open', siteId: 's2' },
      { type: 'view.interval', interval: '24hours' },
      { type: 'view.aggregation', aggregation: 6 },
      { type: 'view.dataView', dataViewType: 'MinMax' },
      { type: 'view.days', days: 30 },
      { type: 'view.range', from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' },
      { type: 'view.feeds', feedIds: ['f1'] },
      { type: 'view.feeds', feedIds: [] },
      { type: 'view.toggleFeed', feedId: 'f1' },
      { type: 'view.width', px: 2000 },
      { type: 'view.refresh' },
      { type: 'live.reading', reading: { feedId: 'f1', ts: '2030-01-01T00:00:00.000Z', value: 5 } },
      { type: 'live.resumed' },
      { type: 'live.refresh' },
      { type: 'site.export' },
    ] as never,
  });

  // A session that acts for no company yet (a platform admin right after sign-in); company.changed gives it one.
  const session = { on: () => ({ unsubscribe: () => {} }), getSnapshot: () => ({ context: { session: { companyId: null } } }) };
  // The page: no company yet, no site in the URL, the kept view, the company's sites, a company switch, leaving for
  // the picker.
  const pageInput = { view: DEFAULT_VIEW, width: 800, session };
  const pageKey = (s: AnyMachineSnapshot) => {
    const c = s.context as { view: { siteId: string | null }; sites: { id: string }[] };
    return JSON.stringify({ v: s.value, s: c.view.siteId, l: c.sites.map((x) => x.id) });
  };
  const page = buildModel({
    machine: siteDashboardMachine,
    input: pageInput,
    serialize: pageKey,
    // The list decides where a check goes, so simple paths keep it in their key too.
    simpleSerialize: pageKey,
    events: [
      done('saved', '?site=s1&interval=24hours'), done('saved', null), fail('saved'),
      done('sites', [{ id: 's1' }]), done('sites', []), fail('sites'),
      { type: 'sites.load' },
      { type: 'company.changed', companyId: 'c2' },
      { type: 'site.choose' },
      { type: 'site.open', siteId: 's1' },
    ] as never,
  });

  // A site the token's company does not have, and a session that acts for no company yet: the session starts without
  // one, a company is chosen, the named site's info is refused (404), and the person's other company has it or none
  // does. The open site's other parts are left out: the first model has them.
  const notHere = { status: 404, code: 'not_found' };
  const awayInput = { view: { ...DEFAULT_VIEW, siteId: 's9' }, width: 800, session };
  const awayKey = (s: AnyMachineSnapshot) => {
    const v = s.value as { page: string | { open: { info: string } } };
    return JSON.stringify({ p: typeof v.page === 'string' ? v.page : v.page.open.info, s: (s.context as { view: { siteId: string | null } }).view.siteId });
  };
  const away = buildModel({
    machine: siteDashboardMachine,
    input: awayInput,
    serialize: (s) => JSON.stringify({ k: awayKey(s), sites: (s.value as { sites: string }).sites }),
    simpleSerialize: awayKey,
    events: [
      { type: 'company.changed', companyId: 'c1' },
      done('sites', [{ id: 's9' }]), done('sites', []),
      { type: 'xstate.error.actor.info', error: Object.assign(new Error('Site not found'), notHere) },
      done('locate', { companyId: 'c2', companyName: 'Two' }), done('locate', null), fail('locate'),
      { type: 'site.choose' },
    ] as never,
  });

  it('covers its states and transitions between the three models, and the machine follows every path', async () => {
    printCoverage('site-dashboard (open site)', site.coverage);
    printCoverage('site-dashboard (page)', page.coverage);
    printCoverage('site-dashboard (not here)', away.coverage);
    // `starting` only chooses between a site and the kept view on entry: never at rest, it is counted as entered in
    // the microstep that passes through it.
    const missedByAll = (a: string[], b: string[], c: string[]) => a.filter((x) => b.includes(x) && c.includes(x));
    expect(missedByAll(site.coverage.missingStates, page.coverage.missingStates, away.coverage.missingStates)).toEqual([]);
    expect(missedByAll(site.coverage.missingTransitions, page.coverage.missingTransitions, away.coverage.missingTransitions)).toEqual([]);
    await replay(siteDashboardMachine, site.paths.slice(0, 400), siteInput, sources, others);
    await replay(siteDashboardMachine, page.paths.slice(0, 400), pageInput, sources, others);
    await replay(siteDashboardMachine, away.paths.slice(0, 400), awayInput, sources, others);
  }, 120_000);
});

const liveTile = (feedId: string, nodeId: string, online: boolean) => ({
  feedId, nodeId, nodeName: nodeId, name: feedId, unit: '°C', value: 5, at: '2026-01-01T00:00:00.000Z', inRange: true, rangeMin: 2, rangeMax: 8,
  online, offlineAt: '2026-01-01T00:03:00.000Z', reportingWindowMs: 180_000, trend: { t: [], avg: [], min: [], max: [] },
});
const liveDashboard = {
  companyId: 'c', companyName: 'C',
  sites: [{ id: 's1', name: 'S', parentSiteId: null, timezone: 'UTC', address: '', latitude: null, longitude: null, subSiteCount: 0, hubCount: 1, nodeCount: 2,
    devicesOnline: 1, devicesOffline: 2, outOfRangeFeeds: 0, lastReadingAt: null, latest: [liveTile('f1', 'n1', true), liveTile('f2', 'n2', false)] }],
};

describe('dashboard machine, model-based', () => {
  const serialize = (s: AnyMachineSnapshot) => JSON.stringify(s.value);
  const nodesAndPage = [
    { type: 'xstate.done.actor.nodes', output: [] },
    { type: 'xstate.error.actor.nodes', error: new Error('y') },
    { type: 'dashboard.refresh' },
    { type: 'dashboard.nodes', siteId: 's1' },
    { type: 'dashboard.closeNodes' },
    { type: 'company.changed', companyId: 'c2' },
  ];
  const model = buildModel({
    machine: dashboardMachine,
    serialize,
    simpleSerialize: serialize,
    events: [
      { type: 'xstate.done.actor.dashboard', output: liveDashboard },
      { type: 'xstate.error.actor.dashboard', error: new Error('x') },
      ...nodesAndPage,
      // f1's node reports (it was online); f2's node was quiet, so its reading wakes it; then a gap in the stream.
      { type: 'live.reading', reading: { feedId: 'f1', ts: '2030-01-01T00:00:00.000Z', value: 5 } },
      { type: 'live.reading', reading: { feedId: 'f2', ts: '2030-01-01T00:00:00.000Z', value: 5 } },
      { type: 'live.resumed' },
    ] as never,
  });
  // An admin's read-only look at another company by id (no stream of its own), and the session's role changing under
  // it: a shadow started elsewhere refuses the page, its end admits it again.
  const byIdInput = { companyId: 'c9', role: 'admin' };
  const byId = buildModel({
    machine: dashboardMachine,
    input: byIdInput,
    serialize,
    simpleSerialize: serialize,
    events: [
      { type: 'xstate.done.actor.companyDashboard', output: liveDashboard },
      { type: 'xstate.error.actor.companyDashboard', error: new Error('x') },
      ...nodesAndPage,
      { type: 'role.changed', role: 'user' },
      { type: 'role.changed', role: 'admin' },
    ] as never,
  });
  it('covers its states and transitions between the two models (the company’s and one company by id), and the machine follows every path', async () => {
    printCoverage('dashboard', model.coverage);
    printCoverage('dashboard (a company by id)', byId.coverage);
    expect(model.coverage.missingStates.filter((x) => byId.coverage.missingStates.includes(x))).toEqual([]);
    // The re-reads after a settle, a quiet node or a failure are delayed transitions the traversal cannot fire; the unit tests cover them.
    expect(model.coverage.missingTransitions.filter((t) => !t.includes('xstate.after') && byId.coverage.missingTransitions.includes(t))).toEqual([]);
    // Every shortest path and self-loop, and the first simple paths: the live events multiply the simple paths of two regions.
    const sources = { dashboard: 'fetchDashboard', companyDashboard: 'fetchCompanyDashboard', nodes: 'fetchNodes' };
    await replay(dashboardMachine, model.paths.slice(0, model.counts.shortest + model.counts.selfLoops + 400), undefined, sources);
    await replay(dashboardMachine, byId.paths.slice(0, byId.counts.shortest + byId.counts.selfLoops + 200), byIdInput, sources);
  }, 120_000);
});
