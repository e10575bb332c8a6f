import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { exportsMachine, upsertJob, type ExportsEmitted } from '../../src/machines/exports.machine';
import { shareState } from '../../src/machines/site-shares.machine';
import { sharedDashboardMachine, sharedView } from '../../src/machines/shared-dashboard.machine';
import type { ExportJob } from '../../src/api/contract/exports';
import type { Share, SharedDashboard } from '../../src/api/contract/shares';
import type { ReadingsResponse } from '../../src/api/contract/monitoring';
import { ApiError } from '../../src/api/client';

const job = (over: Partial<ExportJob> = {}): ExportJob => ({ id: 'j1', siteId: 's1', kind: 'readings', status: 'Pending', progress: 0, rowCount: null, error: null, createdAt: '2026-11-25T10:00:00.000Z', sentAt: null, ...over });
const query = { feedIds: ['f1'], from: '2026-11-18T10:00:00.000Z', to: '2026-11-25T10:00:00.000Z', interval: '1hour' as const, dataViewType: 'RawData' as const };

describe('exports machine (docs/product.md, Exports: Pending, then Sent or Error)', () => {
  it('keeps a job in its place and never moves a finished one back to Pending', () => {
    const a = job({ id: 'a' });
    const b = job({ id: 'b' });
    expect(upsertJob([a], b).map((j) => j.id)).toEqual(['b', 'a']);
    expect(upsertJob([a, b], { ...a, progress: 0.5 })[0]!.progress).toBe(0.5);
    const sent = upsertJob([a], { ...a, status: 'Sent', rowCount: 10 });
    expect(upsertJob(sent, { ...a, status: 'Pending', progress: 0.9 })[0]!.status).toBe('Sent');
  });

  it('asks for an export, follows it live, announces its end once, and lists it', async () => {
    const notices: ExportsEmitted[] = [];
    const machine = exportsMachine.provide({
      actors: {
        fetchJobs: fromPromise<ExportJob[]>(async () => []),
        sendRequest: fromPromise<ExportJob, { siteId: string; kind: 'readings' | 'readings-minmax' }>(async ({ input }) => job({ siteId: input.siteId, kind: input.kind })) as never,
      },
    });
    const a = createActor(machine).start();
    a.on('notice', (e) => notices.push(e));
    a.send({ type: 'exports.load' });
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    a.send({ type: 'exports.request', siteId: 's1', kind: 'readings', query });
    await waitFor(a, (s) => s.context.jobs.length === 1);
    expect(notices.map((n) => n.key)).toEqual(['exports.notice.queued']);
    a.send({ type: 'exports.update', job: job({ progress: 0.4 }) });
    expect(a.getSnapshot().context.jobs[0]!.progress).toBe(0.4);
    a.send({ type: 'exports.update', job: job({ status: 'Sent', progress: 1, rowCount: 1200 }) });
    a.send({ type: 'exports.update', job: job({ status: 'Sent', progress: 1, rowCount: 1200 }) });
    expect(notices.map((n) => n.key)).toEqual(['exports.notice.queued', 'exports.notice.sent']);
    expect(notices[1]!.params).toEqual({ rows: 1200 });
    // Another tab's job moves the list without a notice here.
    a.send({ type: 'exports.update', job: job({ id: 'j2', status: 'Error', error: 'disk full' }) });
    expect(notices).toHaveLength(2);
    expect(a.getSnapshot().context.jobs.map((j) => j.id)).toEqual(['j2', 'j1']);
    a.send({ type: 'exports.clear' });
    expect(a.getSnapshot().context.jobs).toEqual([]);
    a.stop();
  });

  it('announces its end however the end is learnt: before the stream opened, during the request, or already done', async () => {
    const ended = job({ status: 'Sent', progress: 1, rowCount: 7 });
    // 1. The job ends before the stream is open: the read on (re)open finds it Sent.
    let listed: ExportJob[] = [];
    const notices: string[] = [];
    const a = createActor(
      exportsMachine.provide({
        actors: {
          fetchJobs: fromPromise<ExportJob[]>(async () => listed),
          sendRequest: fromPromise<ExportJob>(async () => job()) as never,
        },
      }),
    ).start();
    a.on('notice', (e) => notices.push(e.key));
    a.send({ type: 'exports.request', siteId: 's1', kind: 'readings', query });
    await waitFor(a, (s) => s.context.mine.length === 1);
    listed = [ended];
    a.send({ type: 'exports.resumed' });
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    expect(notices).toEqual(['exports.notice.queued', 'exports.notice.sent']);
    expect(a.getSnapshot().context.mine).toEqual([]);
    // A list read that left before the end and arrives after it does not move the job back.
    listed = [job()];
    a.send({ type: 'exports.resumed' });
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    expect(a.getSnapshot().context.jobs[0]!.status).toBe('Sent');
    expect(notices).toHaveLength(2);
    a.stop();

    // 2. The stream's end arrives while the request is still reading the job back (the read said Pending).
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const b = createActor(exportsMachine.provide({ actors: { sendRequest: fromPromise<ExportJob>(async () => (await held, job())) as never } })).start();
    const bNotices: string[] = [];
    b.on('notice', (e) => bNotices.push(e.key));
    b.send({ type: 'exports.request', siteId: 's1', kind: 'readings', query });
    b.send({ type: 'exports.update', job: ended });
    release();
    await waitFor(b, (s) => s.matches({ request: 'idle' }));
    expect(bNotices).toEqual(['exports.notice.queued', 'exports.notice.sent']);
    expect(b.getSnapshot().context.jobs.map((j) => j.status)).toEqual(['Sent']);
    b.stop();

    // 3. The job was already done when the request read it back.
    const c = createActor(exportsMachine.provide({ actors: { sendRequest: fromPromise<ExportJob>(async () => job({ status: 'Error', error: 'x' })) as never } })).start();
    const cNotices: string[] = [];
    c.on('notice', (e) => cNotices.push(e.key));
    c.send({ type: 'exports.request', siteId: 's1', kind: 'readings', query });
    await waitFor(c, (s) => s.context.jobs.length === 1);
    expect(cNotices).toEqual(['exports.notice.queued', 'exports.notice.error']);
    expect(c.getSnapshot().context.mine).toEqual([]);
    c.stop();
  });

  it('keeps a refused request as a failure for the page', async () => {
    const machine = exportsMachine.provide({
      actors: { sendRequest: fromPromise<ExportJob>(async () => { throw new ApiError(403, 'forbidden', 'no'); }) as never },
    });
    const a = createActor(machine).start();
    a.send({ type: 'exports.request', siteId: 's1', kind: 'readings', query });
    await waitFor(a, (s) => s.context.requestFailure !== null);
    expect(a.getSnapshot().context.requestFailure?.key).toBe('failure.forbidden');
    a.stop();
  });
});

describe('share links', () => {
  const share = (over: Partial<Share> = {}): Share => ({ id: 'sh1', siteId: 's1', createdAt: '2026-11-25T10:00:00.000Z', expiresAt: '2026-12-02T10:00:00.000Z', createdBy: 'u1', createdByName: 'Max', revokedAt: null, ...over });

  it('says whether a link works: active until it expires or is revoked', () => {
    const now = Date.parse('2026-11-26T00:00:00.000Z');
    expect(shareState(share(), now)).toBe('active');
    expect(shareState(share({ expiresAt: '2026-11-25T12:00:00.000Z' }), now)).toBe('expired');
    expect(shareState(share({ revokedAt: '2026-11-25T11:00:00.000Z' }), now)).toBe('revoked');
  });

});

describe('shared dashboard page', () => {
  const dashboard: SharedDashboard = {
    site: { id: 's1', name: 'Riverside', address: '', coordinates: '', latitude: null, longitude: null, timezone: 'Europe/London', safeMin: 2, safeMax: 8, hubCount: 1, nodeCount: 1 } as SharedDashboard['site'],
    expiresAt: '2026-12-02T10:00:00.000Z',
    hubs: [],
    nodes: [
      {
        id: 'n1', name: 'Fridge', hubId: 'h1', siteId: 's1', serial: 'x', deviceType: 'Fridge Probe', batteryPct: null, signalDbm: null, lastSeenAt: null, online: true, tags: [],
        feeds: [
          { id: 'e1', name: 'Energy', unit: 'kWh', signalKey: 'energy', kind: 'counter', rangeMin: null, rangeMax: null, latest: null },
          { id: 't1', name: 'Temperature', unit: '°C', signalKey: 'temperature', kind: 'instant', rangeMin: null, rangeMax: null, latest: null },
        ],
      },
    ],
  };

  it('charts the instant feeds, over the days asked', () => {
    expect(sharedView(dashboard, 7)).toMatchObject({ siteId: 's1', feedIds: ['t1'], days: 7, interval: '1hour' });
    expect(sharedView(dashboard, 30)).toMatchObject({ days: 30, interval: '6hours' });
  });

  it('shows nothing once the link is gone, even when it goes while the page is open', async () => {
    let revoked = false;
    const machine = sharedDashboardMachine.provide({
      actors: {
        fetchDashboard: fromPromise<SharedDashboard, { token: string }>(async () => dashboard),
        fetchReadings: fromPromise<ReadingsResponse>(async () => {
          if (revoked) throw new ApiError(404, 'not_found', 'gone');
          return { series: [] } as unknown as ReadingsResponse;
        }) as never,
      },
    });
    const a = createActor(machine, { input: { token: 'abc' } }).start();
    await waitFor(a, (s) => s.matches({ open: 'ready' }));
    revoked = true;
    a.send({ type: 'shared.days', days: 30 });
    await waitFor(a, (s) => s.matches('gone'));
    expect(a.getSnapshot().context.dashboard).toBeNull();
    const gone = sharedDashboardMachine.provide({ actors: { fetchDashboard: fromPromise<SharedDashboard, { token: string }>(async () => { throw new ApiError(404, 'not_found', 'gone'); }) } });
    const b = createActor(gone, { input: { token: 'old' } }).start();
    await waitFor(b, (s) => s.matches('gone'));
    b.stop();
  });
});

describe('scheduled exports', () => {
  it('repeat the chart as Export CSV would send it: the min–max call when the chart shows min and max', async () => {
    const { scheduleBody } = await import('../../src/machines/export-schedules.machine');
    const { DEFAULT_VIEW } = await import('../../src/machines/site-view');
    const view = { ...DEFAULT_VIEW, siteId: 's1', feedIds: ['f1'] };
    const body = scheduleBody({ siteId: 's1', view, maxPoints: 800, every: 'month', recipients: ['u1'] }, Date.parse('2026-11-25T12:00:00.000Z'));
    expect(body).toMatchObject({ siteId: 's1', kind: 'readings', every: 'month', recipients: ['u1'], query: { feedIds: ['f1'], interval: view.interval } });
    expect(scheduleBody({ siteId: 's1', view: { ...view, dataViewType: 'MinMax' }, maxPoints: 800, every: 'week', recipients: [] }, 0).kind).toBe('readings-minmax');
  });
});
