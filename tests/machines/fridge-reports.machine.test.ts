import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { fridgeReportsMachine, isFridge, lastMonth, type AddValues } from '../../src/machines/fridge-reports.machine';
import { changesOf, entriesOf, fridgeReportMachine, isDirty } from '../../src/machines/fridge-report.machine';
import type { FridgeReport, FridgeReportSummary } from '../../src/api/contract/reports';
import type { NodeInfo } from '../../src/api/contract/monitoring';
import { ApiError } from '../../src/api/client';
import type { ActingSource } from '../../src/machines/company-watch';

const report = (over: Partial<FridgeReport> = {}): FridgeReport => ({
  id: 'rep1', nodeId: 'n1', nodeName: 'Vaccine fridge', period: '2026-10', status: 'draft', submittedBy: null, submittedAt: null,
  siteId: 's1', siteName: 'Riverside', feedId: 'f1', timezone: 'Europe/London', low: 2, high: 8, checkTimes: { am: '09:00', pm: '16:00' },
  days: [
    { date: '2026-10-01', min: 3, max: 7, amCurrent: 4, pmCurrent: 5, inRange: true, checkedBy: 'AB', action: null, missingCheck: false, gap: false },
    { date: '2026-10-02', min: 3, max: 9, amCurrent: 4, pmCurrent: 9, inRange: false, checkedBy: null, action: null, missingCheck: true, gap: false },
  ],
  excursions: [{ start: '2026-10-02T14:00:00.000Z', end: '2026-10-02T15:10:00.000Z', minutes: 70, peak: 9.4, cause: null, action: null, stockOutcome: null }],
  daysWithoutCheck: 1, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

const node = (over: Partial<NodeInfo>): NodeInfo => ({
  id: 'n', name: 'N', hubId: 'h', siteId: 's', serial: 'x', deviceType: 'Fridge Probe', batteryPct: null, signalDbm: null, lastSeenAt: null, online: true, tags: [],
  feeds: [{ id: 'f', name: 'Temperature', unit: '°C', signalKey: 'temperature', kind: 'instant', rangeMin: null, rangeMax: null, latest: null }],
  ...over,
});

describe('fridge report', () => {
  it('sends only what people changed, by date and by excursion start, emptied text as null', () => {
    const r = report();
    const e = entriesOf(r);
    expect(changesOf(r, e)).toEqual({});
    expect(isDirty(r, e)).toBe(false);
    e.days['2026-10-02'] = { checkedBy: 'CD', action: ' Moved stock ' };
    e.days['2026-10-01'] = { checkedBy: '', action: '' };
    e.excursions['2026-10-02T14:00:00.000Z'] = { cause: 'Door ajar', action: '', stockOutcome: 'quarantined' };
    expect(changesOf(r, e)).toEqual({
      days: [{ date: '2026-10-01', checkedBy: null, action: null }, { date: '2026-10-02', checkedBy: 'CD', action: 'Moved stock' }],
      excursions: [{ start: '2026-10-02T14:00:00.000Z', cause: 'Door ajar', action: null, stockOutcome: 'quarantined' }],
    });
  });

  it('edits, updates, cancels and submits (saving first); a submitted report takes no edits', async () => {
    const calls: string[] = [];
    let stored = report();
    const machine = fridgeReportMachine.provide({
      actors: {
        loadReport: fromPromise<{ report: FridgeReport; mayWrite: boolean }, { id: string }>(async () => ({ report: stored, mayWrite: true })),
        saveReport: fromPromise<FridgeReport, { id: string; changes: object }>(async ({ input }) => {
          calls.push(`save ${JSON.stringify(input.changes)}`);
          stored = report({ days: stored.days.map((d) => (d.date === '2026-10-02' ? { ...d, checkedBy: 'CD', missingCheck: false } : d)) });
          return stored;
        }),
        submitReport: fromPromise<FridgeReport, { id: string; changes: object }>(async ({ input }) => {
          calls.push(`submit ${Object.keys(input.changes).length}`);
          stored = { ...stored, status: 'submitted', submittedBy: 'Max Manager', submittedAt: '2026-11-02T09:00:00.000Z' };
          return stored;
        }),
      },
    });
    const a = createActor(machine, { input: { id: 'rep1' } }).start();
    await waitFor(a, (s) => s.matches('ready'));
    a.send({ type: 'report.save' });
    expect(a.getSnapshot().matches({ ready: { edit: 'idle' } })).toBe(true);
    a.send({ type: 'report.day', date: '2026-10-02', field: 'checkedBy', value: 'CD' });
    a.send({ type: 'report.save' });
    await waitFor(a, (s) => s.context.done === 'reports.done.saved');
    expect(calls).toEqual(['save {"days":[{"date":"2026-10-02","checkedBy":"CD","action":null}]}']);
    // Cancel: back to what is saved.
    a.send({ type: 'report.day', date: '2026-10-01', field: 'action', value: 'oops' });
    a.send({ type: 'report.discard' });
    expect(a.getSnapshot().context.entries.days['2026-10-01']).toEqual({ checkedBy: 'AB', action: '' });
    // Submit asks first; what is unsaved goes with it.
    a.send({ type: 'report.excursion', start: '2026-10-02T14:00:00.000Z', field: 'cause', value: 'Door' });
    a.send({ type: 'report.submitAsk' });
    a.send({ type: 'report.submitCancel' });
    a.send({ type: 'report.submitAsk' });
    a.send({ type: 'report.submit' });
    await waitFor(a, (s) => s.context.done === 'reports.done.submitted');
    expect(calls[1]).toBe('submit 1');
    a.send({ type: 'report.day', date: '2026-10-01', field: 'action', value: 'late' });
    a.send({ type: 'report.submitAsk' });
    expect(a.getSnapshot().context.entries.days['2026-10-01']?.action).toBe('');
    expect(a.getSnapshot().matches({ ready: { edit: 'idle' } })).toBe(true);
    a.stop();
  });

  it('a draft read by someone the server lets only look (a viewer) takes no edits, no update and no submit', async () => {
    const calls: string[] = [];
    const machine = fridgeReportMachine.provide({
      actors: {
        loadReport: fromPromise<{ report: FridgeReport; mayWrite: boolean }, { id: string }>(async () => ({ report: report(), mayWrite: false })),
        saveReport: fromPromise<FridgeReport, { id: string; changes: object }>(async () => {
          calls.push('save');
          return report();
        }),
      },
    });
    const a = createActor(machine, { input: { id: 'rep1' } }).start();
    await waitFor(a, (s) => s.matches('ready'));
    expect(a.getSnapshot().context.mayWrite).toBe(false);
    a.send({ type: 'report.day', date: '2026-10-02', field: 'checkedBy', value: 'CD' });
    a.send({ type: 'report.save' });
    a.send({ type: 'report.submitAsk' });
    expect(a.getSnapshot().context.entries.days['2026-10-02']?.checkedBy).toBe('');
    expect(a.getSnapshot().matches({ ready: { edit: 'idle' } })).toBe(true);
    expect(calls).toEqual([]);
    a.stop();
  });

  it("a report of the person's other company: offers that company, and opens the report once the session switches", async () => {
    let company = 'c1';
    let announce: ((e: { type: 'session.changed'; companyId: string | null; role: 'manager' }) => void) | null = null;
    const session = { on: (_t: 'session.changed', handler: never) => ((announce = handler), { unsubscribe: () => {} }) };
    const machine = fridgeReportMachine.provide({
      actors: {
        loadReport: fromPromise<{ report: FridgeReport; mayWrite: boolean }, { id: string }>(async () => {
          if (company !== 'c2') throw new ApiError(404, 'not_found', 'Report not found');
          return { report: report(), mayWrite: true };
        }),
        locateHome: fromPromise<{ companyId: string; companyName: string } | null, { kind: 'site' | 'report'; id: string }>(async ({ input }) =>
          input.kind === 'report' && input.id === 'rep1' ? { companyId: 'c2', companyName: 'Mackwell' } : null,
        ),
      },
    });
    const a = createActor(machine, { input: { id: 'rep1', session } }).start();
    await waitFor(a, (s) => s.matches('elsewhere'));
    expect(a.getSnapshot().context.elsewhere).toEqual({ companyId: 'c2', companyName: 'Mackwell' });
    company = 'c2';
    announce!({ type: 'session.changed', companyId: 'c2', role: 'manager' });
    await waitFor(a, (s) => s.matches('ready'));
    expect(a.getSnapshot().context.elsewhere).toBeNull();
    a.stop();
    // None of the person's companies has it: not found, as before.
    company = 'c1';
    const b = createActor(machine, { input: { id: 'rep9', session: null } }).start();
    await waitFor(b, (s) => s.matches('failed'));
    expect(b.getSnapshot().context.failure?.key).toBe('failure.notFound');
    b.stop();
  });

  it('re-reads the report when a submit is refused, and says why', async () => {
    let status: 'draft' | 'submitted' = 'draft';
    const machine = fridgeReportMachine.provide({
      actors: {
        loadReport: fromPromise<{ report: FridgeReport; mayWrite: boolean }, { id: string }>(async () => ({ report: report({ status }), mayWrite: true })),
        submitReport: fromPromise<FridgeReport, { id: string; changes: object }>(async () => {
          status = 'submitted';
          throw new ApiError(409, 'submitted', 'This report was submitted');
        }),
      },
    });
    const a = createActor(machine, { input: { id: 'rep1' } }).start();
    await waitFor(a, (s) => s.matches('ready'));
    a.send({ type: 'report.submitAsk' });
    a.send({ type: 'report.submit' });
    await waitFor(a, (s) => s.matches('ready') && s.context.report?.status === 'submitted');
    expect(a.getSnapshot().context.actionFailure?.key).toBe('failure.reportSubmitted');
    a.stop();
  });
});

describe('reports list', () => {
  it('offers fridge probes with a temperature feed, and last month by default', () => {
    expect(isFridge(node({}))).toBe(true);
    expect(isFridge(node({ deviceType: 'Emergency Light' }))).toBe(false);
    expect(isFridge(node({ feeds: [] }))).toBe(false);
    expect(lastMonth(new Date(2026, 0, 15))).toBe('2025-12');
    expect(lastMonth(new Date(2026, 10, 25))).toBe('2026-10');
  });

  it('offers no Add where the server lets the person only look', async () => {
    const machine = fridgeReportsMachine.provide({
      actors: {
        loadSites: fromPromise<{ value: string; label: string }[]>(async () => [{ value: 's1', label: 'Riverside' }]),
        loadSite: fromPromise<{ reports: FridgeReportSummary[]; fridges: { value: string; label: string }[]; mayWrite: boolean }, { siteId: string }>(async () => ({ reports: [], fridges: [{ value: 'n1', label: 'Vaccine fridge' }], mayWrite: false })),
      },
    });
    const a = createActor(machine, { input: {} }).start();
    await waitFor(a, (s) => s.matches({ site: { list: 'ready' } }));
    expect(a.getSnapshot().context.mayWrite).toBe(false);
    a.send({ type: 'add.open' });
    expect(a.getSnapshot().context.add).toBeNull();
    a.stop();
  });

  it('adds a report: refuses an empty fridge, names an existing one, and opens the new one', async () => {
    let attempt = 0;
    const machine = fridgeReportsMachine.provide({
      actors: {
        loadSites: fromPromise<{ value: string; label: string }[]>(async () => [{ value: 's1', label: 'Riverside' }, { value: 's2', label: 'Hillside' }]),
        loadSite: fromPromise<{ reports: FridgeReportSummary[]; fridges: { value: string; label: string }[]; mayWrite: boolean }, { siteId: string }>(async () => ({ reports: [], fridges: [{ value: 'n1', label: 'Vaccine fridge' }, { value: 'n2', label: 'Spare fridge' }], mayWrite: true })),
        addReport: fromPromise<string, { siteId: string; values: AddValues }>(async () => {
          attempt += 1;
          if (attempt === 1) throw new ApiError(409, 'exists', 'exists', { id: 'rep0' });
          return 'rep1';
        }),
      },
    });
    const a = createActor(machine, { input: { siteId: 's2', now: () => new Date(2026, 10, 25) } }).start();
    await waitFor(a, (s) => s.matches({ site: { list: 'ready' } }));
    expect(a.getSnapshot().context.siteId).toBe('s2');
    a.send({ type: 'add.open' });
    expect(a.getSnapshot().context.add).toEqual({ nodeId: '', period: '2026-10' });
    a.send({ type: 'add.submit' });
    expect(a.getSnapshot().context.addErrors.nodeId).toEqual([{ key: 'reports.chooseFridge' }]);
    a.send({ type: 'add.change', field: 'nodeId', value: 'n1' });
    a.send({ type: 'add.submit' });
    await waitFor(a, (s) => s.context.existingId !== null);
    expect(a.getSnapshot().context.addFailure?.key).toBe('failure.reportExists');
    expect(a.getSnapshot().context.existingId).toBe('rep0');
    a.send({ type: 'add.change', field: 'nodeId', value: 'n2' });
    a.send({ type: 'add.submit' });
    await waitFor(a, (s) => s.context.created !== null);
    expect(a.getSnapshot().context.created).toBe('rep1');
    a.stop();
  });

  it('asks nothing without a company, and reads the chosen company’s sites; a switch reads the new company’s', async () => {
    let company: string | null = null;
    let announce: ((e: { type: 'session.changed'; companyId: string | null; role: 'admin' }) => void) | null = null;
    const session: ActingSource = {
      on: (_type, handler) => ((announce = handler as never), { unsubscribe: () => {} }),
      getSnapshot: () => ({ context: { session: { companyId: company } } }),
    };
    const asked: string[] = [];
    const machine = fridgeReportsMachine.provide({
      actors: {
        loadSites: fromPromise<{ value: string; label: string }[]>(async () => {
          asked.push(`sites ${company}`);
          return company === 'c1' ? [{ value: 's1', label: 'Riverside' }] : [{ value: 's7', label: 'Quay' }];
        }),
        loadSite: fromPromise<{ reports: FridgeReportSummary[]; fridges: { value: string; label: string }[]; mayWrite: boolean }, { siteId: string }>(async ({ input }) => {
          asked.push(`site ${input.siteId}`);
          return { reports: [], fridges: [], mayWrite: true };
        }),
      },
    });
    const a = createActor(machine, { input: { siteId: 's1', session } }).start();
    expect(a.getSnapshot().matches('noCompany')).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(asked).toEqual([]);
    company = 'c1';
    announce!({ type: 'session.changed', companyId: 'c1', role: 'admin' });
    await waitFor(a, (s) => s.matches({ site: { list: 'ready' } }));
    expect(a.getSnapshot().context.siteId).toBe('s1');
    company = 'c2';
    announce!({ type: 'session.changed', companyId: 'c2', role: 'admin' });
    await waitFor(a, (s) => s.matches({ site: { list: 'ready' } }) && s.context.siteId === 's7');
    expect(a.getSnapshot().context.sites).toEqual([{ value: 's7', label: 'Quay' }]);
    expect(asked).toEqual(['sites c1', 'site s1', 'sites c2', 'site s7']);
    a.stop();
  });
});
