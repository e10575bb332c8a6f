import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FridgeReport, StockOutcome, UpdateFridgeReport } from '../api/contract/reports';
import { failureOf, type Failure } from './failure';
import type { ObjectHome } from '../api/contract/common';
import { companyWatch, type CompanyChanged, type CompanySource } from './company-watch';
import { isNotFound, locateHome } from './other-company';
import { downloadFile } from './save-file';
import { apiModules } from '../api/lazy';

const reportsApi = apiModules.reports;
const monitoringApi = apiModules.monitoring;

export interface DayEntry {
  checkedBy: string;
  action: string;
}
export interface ExcursionEntry {
  cause: string;
  action: string;
  stockOutcome: StockOutcome | '';
}
export type DayField = keyof DayEntry;
export type ExcursionField = keyof ExcursionEntry;

/** What people wrote into the report, as the form holds it: days by date, excursions by their start. */
export interface Entries {
  days: Record<string, DayEntry>;
  excursions: Record<string, ExcursionEntry>;
}

export function entriesOf(r: FridgeReport): Entries {
  return {
    days: Object.fromEntries(r.days.map((d) => [d.date, { checkedBy: d.checkedBy ?? '', action: d.action ?? '' }])),
    excursions: Object.fromEntries(r.excursions.map((x) => [x.start, { cause: x.cause ?? '', action: x.action ?? '', stockOutcome: x.stockOutcome ?? '' }])),
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The PUT body: only the days and excursions whose entries differ from what the server holds. */
export function changesOf(report: FridgeReport, entries: Entries): UpdateFridgeReport {
  const stored = entriesOf(report);
  const days = Object.entries(entries.days)
    .filter(([date, e]) => orNull(e.checkedBy) !== orNull(stored.days[date]?.checkedBy ?? '') || orNull(e.action) !== orNull(stored.days[date]?.action ?? ''))
    .map(([date, e]) => ({ date, checkedBy: orNull(e.checkedBy), action: orNull(e.action) }));
  const excursions = Object.entries(entries.excursions)
    .filter(([start, e]) => {
      const s = stored.excursions[start];
      return orNull(e.cause) !== orNull(s?.cause ?? '') || orNull(e.action) !== orNull(s?.action ?? '') || e.stockOutcome !== (s?.stockOutcome ?? '');
    })
    .map(([start, e]) => ({ start, cause: orNull(e.cause), action: orNull(e.action), stockOutcome: e.stockOutcome || null }));
  return { ...(days.length ? { days } : {}), ...(excursions.length ? { excursions } : {}) };
}

export const isDirty = (report: FridgeReport | null, entries: Entries): boolean => report !== null && Object.keys(changesOf(report, entries)).length > 0;

export interface FridgeReportContext {
  id: string;
  report: FridgeReport | null;
  entries: Entries;
  failure: Failure | null;
  actionFailure: Failure | null;
  /** What the last action did, for the page's live region. */
  done: 'reports.done.saved' | 'reports.done.discarded' | 'reports.done.submitted' | null;
  downloading: 'pdf' | 'csv' | null;
  /** Whether the person may fill and submit this report, as the server answers for its site (check-permission). */
  mayWrite: boolean;
  /** The person's other company that has this report, when the token's does not: the page offers to switch there. */
  elsewhere: ObjectHome | null;
  /** The session whose company switch reopens the report; null where nobody switches (tests). */
  session: CompanySource | null;
}

export type FridgeReportEvent =
  | { type: 'report.day'; date: string; field: DayField; value: string }
  | { type: 'report.excursion'; start: string; field: ExcursionField; value: string }
  | { type: 'report.save' }
  | { type: 'report.discard' }
  | { type: 'report.submitAsk' }
  | { type: 'report.submitCancel' }
  | { type: 'report.submit' }
  | { type: 'report.download'; format: 'pdf' | 'csv' }
  | { type: 'report.retry' }
  | CompanyChanged;

/**
 * One medication fridge compliance report: read it, fill in the checks (initials, action) and the excursions' cause,
 * action and stock outcome, Update (save), Cancel (back to what is saved), Submit (saving first; read-only after),
 * and download it as PDF or CSV. A submitted report takes no edits: the machine refuses them as the server would.
 */
export const fridgeReportMachine = setup({
  types: {
    context: {} as FridgeReportContext,
    events: {} as FridgeReportEvent,
    input: {} as { id: string; session?: CompanySource | null },
  },
  actors: {
    companyWatch,
    locateHome,
    loadReport: fromPromise<{ report: FridgeReport; mayWrite: boolean }, { id: string }>(async ({ input }) => {
      const report = await (await reportsApi()).fridgeReportDetail(input.id);
      // Who may fill the log is the server's to say for the report's site, not a guess from the role.
      const permission = await (await monitoringApi()).checkPermission(report.siteId);
      return { report, mayWrite: permission.export };
    }),
    saveReport: fromPromise<FridgeReport, { id: string; changes: UpdateFridgeReport }>(async ({ input }) => (await reportsApi()).updateFridgeReport(input.id, input.changes)),
    submitReport: fromPromise<FridgeReport, { id: string; changes: UpdateFridgeReport }>(async ({ input }) => {
      const api = await reportsApi();
      // Unsaved checks go in first: what was on the screen is what gets signed.
      if (Object.keys(input.changes).length) await api.updateFridgeReport(input.id, input.changes);
      return api.submitFridgeReport(input.id);
    }),
    download: fromPromise<string, { id: string; format: 'pdf' | 'csv' }>(async ({ input }) => {
      const api = await reportsApi();
      return downloadFile(() => api.fridgeReportFile(input.id, input.format));
    }),
  },
  guards: {
    /** A draft this person may change: edits are refused otherwise, as the server would. */
    draft: ({ context }) => context.mayWrite && context.report?.status === 'draft',
    dirty: ({ context }) => isDirty(context.report, context.entries),
  },
  actions: {
    adopt: assign((_, report: FridgeReport) => ({ report, entries: entriesOf(report) })),
  },
}).createMachine({
  id: 'fridgeReport',
  context: ({ input }) => ({
    id: input.id, report: null, entries: { days: {}, excursions: {} }, failure: null, actionFailure: null, done: null, downloading: null, mayWrite: false,
    elsewhere: null, session: input.session ?? null,
  }),
  invoke: { src: 'companyWatch', input: ({ context }) => ({ session: context.session, page: 'reports' }) },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadReport',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: [{ type: 'adopt', params: ({ event }) => event.output.report }, assign({ failure: null, elsewhere: null, mayWrite: ({ event }) => event.output.mayWrite })] },
        onError: [
          { guard: ({ event }) => isNotFound(event.error), target: 'locating', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
          { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        ],
      },
    },
    // Not the token company's: it may be one of the person's other companies', or no one's they can see.
    locating: {
      invoke: {
        src: 'locateHome',
        input: ({ context }) => ({ kind: 'report' as const, id: context.id }),
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'elsewhere', actions: assign({ elsewhere: ({ event }) => event.output }) },
          { target: 'failed' },
        ],
        onError: { target: 'failed' },
      },
    },
    // The page offers the switch; once the session acts for that company, the report opens.
    elsewhere: { on: { 'company.changed': 'loading' } },
    failed: { on: { 'report.retry': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        edit: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'report.day': {
                  guard: 'draft',
                  actions: assign(({ context, event }) => {
                    assertEvent(event, 'report.day');
                    const day = context.entries.days[event.date] ?? { checkedBy: '', action: '' };
                    return { entries: { ...context.entries, days: { ...context.entries.days, [event.date]: { ...day, [event.field]: event.value } } }, done: null };
                  }),
                },
                'report.excursion': {
                  guard: 'draft',
                  actions: assign(({ context, event }) => {
                    assertEvent(event, 'report.excursion');
                    const x = context.entries.excursions[event.start] ?? { cause: '', action: '', stockOutcome: '' };
                    return { entries: { ...context.entries, excursions: { ...context.entries.excursions, [event.start]: { ...x, [event.field]: event.value } } }, done: null };
                  }),
                },
                'report.save': { guard: 'dirty', target: 'saving' },
                'report.discard': { actions: assign(({ context }) => ({ entries: entriesOf(context.report!), done: 'reports.done.discarded' as const, actionFailure: null })) },
                'report.submitAsk': { guard: 'draft', target: 'confirming' },
              },
            },
            saving: {
              invoke: {
                src: 'saveReport',
                input: ({ context }) => ({ id: context.id, changes: changesOf(context.report!, context.entries) }),
                onDone: { target: 'idle', actions: [{ type: 'adopt', params: ({ event }) => event.output }, assign({ done: 'reports.done.saved', actionFailure: null })] },
                onError: { target: 'idle', actions: assign({ actionFailure: ({ event }) => failureOf(event.error) }) },
              },
            },
            confirming: {
              on: {
                'report.submitCancel': 'idle',
                'report.submit': 'submitting',
              },
            },
            submitting: {
              invoke: {
                src: 'submitReport',
                input: ({ context }) => ({ id: context.id, changes: changesOf(context.report!, context.entries) }),
                onDone: { target: 'idle', actions: [{ type: 'adopt', params: ({ event }) => event.output }, assign({ done: 'reports.done.submitted', actionFailure: null })] },
                // A refusal (already submitted elsewhere) re-reads the report, so the page shows what is true now.
                onError: { target: '#fridgeReport.loading', actions: assign({ actionFailure: ({ event }) => failureOf(event.error) }) },
              },
            },
          },
        },
        file: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'report.download': {
                  target: 'downloading',
                  actions: assign(({ event }) => {
                    assertEvent(event, 'report.download');
                    return { downloading: event.format, actionFailure: null };
                  }),
                },
              },
            },
            downloading: {
              invoke: {
                src: 'download',
                input: ({ context }) => ({ id: context.id, format: context.downloading! }),
                onDone: { target: 'idle', actions: assign({ downloading: null }) },
                onError: { target: 'idle', actions: assign(({ event }) => ({ downloading: null, actionFailure: failureOf(event.error) })) },
              },
            },
          },
        },
      },
    },
  },
});
