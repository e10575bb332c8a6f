import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { createFridgeReport, type FridgeReportSummary } from '../api/contract/reports';
import type { NodeInfo } from '../api/contract/monitoring';
import { failureOf, type Failure } from './failure';
import { schemaProblems, serverFieldErrors, type FieldErrors } from './form';
import { siteChoices } from './site-tree';
import type { Choice } from './list-and-form.machine';
import { actsForCompany, companyWatch, type ActingSource, type CompanyChanged } from './company-watch';
import { apiModules } from '../api/lazy';

const reportsApi = apiModules.reports;
const monitoringApi = apiModules.monitoring;
const sitesApi = apiModules.sites;

export interface AddValues {
  nodeId: string;
  /** `YYYY-MM`, as a month picker gives it. */
  period: string;
}
type AddField = keyof AddValues;
const ADD_FIELDS: AddField[] = ['nodeId', 'period'];

/** A fridge a log can be kept for: a fridge probe with a temperature feed. */
export const isFridge = (n: NodeInfo) => n.deviceType === 'Fridge Probe' && n.feeds.some((f) => f.signalKey === 'temperature');

/** The month before `now`'s, in the browser's calendar: the month a log is usually written up for. */
export function lastMonth(now: Date): string {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export interface FridgeReportsContext {
  sites: Choice[];
  siteId: string;
  fridges: Choice[];
  reports: FridgeReportSummary[];
  failure: Failure | null;
  add: AddValues | null;
  addErrors: FieldErrors<AddField>;
  addFailure: Failure | null;
  /** A report for that fridge and month exists already (409 `exists`): the page offers to open it. */
  existingId: string | null;
  /** The report just added: the page opens it. */
  created: string | null;
  /** Whether the person may add and fill reports at this site, as the server answers (check-permission). */
  mayWrite: boolean;
  now: () => Date;
  /** The session whose company switches the page follows; null where nobody switches (tests). */
  session: ActingSource | null;
  /** The session acts for a company; without one the page asks nothing and rests in `noCompany`. */
  acting: boolean;
}

export type FridgeReportsEvent =
  | { type: 'reports.site'; siteId: string }
  | { type: 'reports.retry' }
  | { type: 'add.open' }
  | { type: 'add.change'; field: AddField; value: string }
  | { type: 'add.cancel' }
  | { type: 'add.submit' }
  | CompanyChanged;

const problems = (v: AddValues) => schemaProblems<AddField>(createFridgeReport, v, { nodeId: { too_small: 'reports.chooseFridge' }, period: { invalid_format: 'reports.chooseMonth' } });

/**
 * Reports (docs/product.md, Reports): a site's medication fridge compliance reports and the Add dialog (fridge and month);
 * the report itself is the fridge report machine's. The site is the page's (`?site=`), else the first.
 */
export const fridgeReportsMachine = setup({
  types: {
    context: {} as FridgeReportsContext,
    events: {} as FridgeReportsEvent,
    input: {} as { siteId?: string; now?: () => Date; session?: ActingSource | null },
  },
  actors: {
    companyWatch,
    loadSites: fromPromise<Choice[]>(async () => siteChoices((await (await sitesApi()).sitesApi.list({ limit: 1000, sort: 'name' })).data)),
    loadSite: fromPromise<{ reports: FridgeReportSummary[]; fridges: Choice[]; mayWrite: boolean }, { siteId: string }>(async ({ input }) => {
      const [reports, monitoring] = await Promise.all([reportsApi(), monitoringApi()]);
      const [list, nodes, permission] = await Promise.all([
        reports.listFridgeReports(input.siteId), monitoring.siteNodes(input.siteId), monitoring.checkPermission(input.siteId),
      ]);
      const newestFirst = [...list].sort((a, b) => b.period.localeCompare(a.period) || a.nodeName.localeCompare(b.nodeName));
      // Keeping the log is the work of those who may act at the site (the server's export right: users and above).
      return { reports: newestFirst, fridges: nodes.filter(isFridge).map((n) => ({ value: n.id, label: n.name })), mayWrite: permission.export };
    }),
    addReport: fromPromise<string, { siteId: string; values: AddValues }>(async ({ input }) => (await (await reportsApi()).addFridgeReport(input.siteId, input.values)).id),
  },
  guards: {
    addValid: ({ context }) => context.add !== null && Object.keys(problems(context.add)).length === 0,
    hasSite: ({ context }) => context.siteId !== '',
    withoutCompany: ({ context }) => !context.acting,
    mayAdd: ({ context }) => context.siteId !== '' && context.mayWrite,
  },
}).createMachine({
  id: 'fridgeReports',
  context: ({ input }) => ({
    sites: [], siteId: input.siteId ?? '', fridges: [], reports: [], failure: null, add: null, addErrors: {}, addFailure: null, existingId: null, created: null,
    mayWrite: false, now: input.now ?? (() => new Date()), session: input.session ?? null, acting: actsForCompany(input.session),
  }),
  invoke: { id: 'company', src: 'companyWatch', input: ({ context }) => ({ session: context.session, page: 'reports' }) },
  // Another company's sites and reports: read afresh. A site the page named that the new company lacks falls back to
  // its first (below).
  on: {
    'company.changed': {
      target: '.sites',
      actions: assign({ acting: true, sites: [], fridges: [], reports: [], failure: null, mayWrite: false, add: null, addErrors: {}, addFailure: null, existingId: null }),
    },
  },
  initial: 'sites',
  states: {
    // A platform admin right after sign-in: nothing is asked until a company is chosen.
    noCompany: {},
    sites: {
      always: { guard: 'withoutCompany', target: 'noCompany' },
      invoke: {
        src: 'loadSites',
        onDone: {
          target: 'site',
          actions: assign(({ context, event }) => ({
            sites: event.output,
            // A site the page named but the company does not have falls back to the first.
            siteId: event.output.some((s) => s.value === context.siteId) ? context.siteId : (event.output[0]?.value ?? ''),
          })),
        },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: { on: { 'reports.retry': { target: 'sites', actions: assign({ failure: null }) } } },
    site: {
      type: 'parallel',
      on: {
        'reports.site': {
          target: 'site',
          reenter: true,
          actions: assign(({ event }) => ({ siteId: event.siteId, reports: [], fridges: [], mayWrite: false, add: null, addErrors: {}, addFailure: null, existingId: null })),
        },
      },
      states: {
        list: {
          initial: 'loading',
          states: {
            loading: {
              always: { guard: ({ context }) => context.siteId === '', target: 'ready' },
              invoke: {
                src: 'loadSite',
                input: ({ context }) => ({ siteId: context.siteId }),
                onDone: { target: 'ready', actions: assign(({ event }) => ({ reports: event.output.reports, fridges: event.output.fridges, mayWrite: event.output.mayWrite, failure: null })) },
                onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
              },
            },
            ready: {},
            failed: { on: { 'reports.retry': { target: 'loading', actions: assign({ failure: null }) } } },
          },
        },
        add: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'add.open': {
                  guard: 'mayAdd',
                  target: 'open',
                  actions: assign(({ context }) => ({
                    add: { nodeId: context.fridges.length === 1 ? context.fridges[0]!.value : '', period: lastMonth(context.now()) },
                    addErrors: {},
                    addFailure: null,
                    existingId: null,
                  })),
                },
              },
            },
            open: {
              on: {
                'add.change': {
                  actions: assign(({ context, event }) => {
                    assertEvent(event, 'add.change');
                    const add = { ...context.add!, [event.field]: event.value };
                    // A field's own problem shows once it is changed; the others wait for the submit.
                    const all = problems(add);
                    return { add, addErrors: { ...context.addErrors, [event.field]: all[event.field] }, addFailure: null, existingId: null };
                  }),
                },
                'add.cancel': { target: 'closed', actions: assign({ add: null, addErrors: {}, addFailure: null, existingId: null }) },
                'add.submit': [
                  { guard: 'addValid', target: 'creating' },
                  { actions: assign({ addErrors: ({ context }) => problems(context.add!) }) },
                ],
              },
            },
            creating: {
              invoke: {
                src: 'addReport',
                input: ({ context }) => ({ siteId: context.siteId, values: context.add! }),
                onDone: { target: 'closed', actions: assign(({ event }) => ({ created: event.output, add: null })) },
                onError: {
                  target: 'open',
                  actions: assign(({ event }) => {
                    const e = event.error as { code?: string; details?: unknown };
                    const existing = e.code === 'exists' ? (e.details as { id?: unknown } | undefined)?.id : undefined;
                    return {
                      addErrors: serverFieldErrors<AddField>(e.details, ADD_FIELDS),
                      addFailure: failureOf(event.error),
                      existingId: typeof existing === 'string' ? existing : null,
                    };
                  }),
                },
              },
            },
          },
        },
      },
    },
  },
});
