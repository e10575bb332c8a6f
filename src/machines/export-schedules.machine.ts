import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { exportScheduleInput, type ExportSchedule, type ScheduleEvery } from '../api/contract/export-schedules';
import type { ExportKind } from '../api/contract/exports';
import type { Choice } from './list-and-form.machine';
import { failureOf, type Failure } from './failure';
import { schemaProblems, type FieldErrors } from './form';
import { readingsQuery, type SiteView } from './site-view';
import { apiModules } from '../api/lazy';

const api = apiModules.exportSchedules;
const usersApi = apiModules.users;

export interface ExportSchedulesContext {
  siteId: string;
  /** The site dashboard's chart: what each run exports, over the period that just ended. */
  view: SiteView;
  maxPoints: number;
  schedules: ExportSchedule[];
  members: Choice[];
  every: ScheduleEvery;
  recipients: string[];
  errors: FieldErrors<'recipients'>;
  failure: Failure | null;
  actionFailure: Failure | null;
  done: 'schedules.done.created' | 'schedules.done.deleted' | null;
}

export type ExportSchedulesEvent =
  | { type: 'schedules.every'; every: ScheduleEvery }
  | { type: 'schedules.recipients'; ids: string[] }
  | { type: 'schedules.create' }
  | { type: 'schedules.delete'; id: string }
  | { type: 'schedules.retry' };

const kindOf = (view: SiteView): ExportKind => (view.dataViewType === 'MinMax' ? 'readings-minmax' : 'readings');

/** The body of a new schedule: the chart's query as the site dashboard's Export would send it now. */
export const scheduleBody = (c: Pick<ExportSchedulesContext, 'siteId' | 'view' | 'maxPoints' | 'every' | 'recipients'>, now: number) => ({
  siteId: c.siteId,
  kind: kindOf(c.view),
  query: readingsQuery(c.view, now, c.maxPoints),
  every: c.every,
  recipients: c.recipients,
});

const problems = (c: ExportSchedulesContext) => schemaProblems<'recipients'>(exportScheduleInput, scheduleBody(c, Date.now()), { recipients: { too_small: 'schedules.chooseRecipients' } });

/**
 * A site's scheduled exports (docs/product.md, Exports, managers): the chart's data mailed every week or month to
 * chosen members through the same export jobs; listed with their next run, deleted in one step.
 */
export const exportSchedulesMachine = setup({
  types: { context: {} as ExportSchedulesContext, events: {} as ExportSchedulesEvent, input: {} as { siteId: string; view: SiteView; maxPoints: number } },
  actors: {
    load: fromPromise<{ schedules: ExportSchedule[]; members: Choice[] }, { siteId: string }>(async ({ input }) => {
      const [s, u] = await Promise.all([api(), usersApi()]);
      const [schedules, users] = await Promise.all([s.exportSchedulesApi.list({ siteId: input.siteId, limit: 100, sort: 'nextRunAt' }), u.usersApi.list({ limit: 1000, sort: 'name' })]);
      return {
        schedules: schedules.data,
        members: users.data.filter((x) => !('disabled' in x && x.disabled)).map((x) => ({ value: x.id, label: x.name ? `${x.name} (${x.email})` : x.email })),
      };
    }),
    create: fromPromise<ExportSchedule, ReturnType<typeof scheduleBody>>(async ({ input }) => (await api()).exportSchedulesApi.create(input)),
    remove: fromPromise<unknown, { id: string }>(async ({ input }) => (await api()).exportSchedulesApi.remove(input.id)),
  },
  guards: { valid: ({ context }) => !problems(context).recipients },
}).createMachine({
  id: 'exportSchedules',
  context: ({ input }) => ({
    siteId: input.siteId, view: input.view, maxPoints: input.maxPoints, schedules: [], members: [], every: 'week', recipients: [], errors: {}, failure: null, actionFailure: null, done: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ siteId: context.siteId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ schedules: event.output.schedules, members: event.output.members, failure: null })) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: { on: { 'schedules.retry': 'loading' } },
    ready: {
      on: {
        'schedules.every': { actions: assign({ every: ({ event }) => event.every, done: null }) },
        'schedules.recipients': {
          actions: assign(({ context, event }) => {
            assertEvent(event, 'schedules.recipients');
            const next = { ...context, recipients: event.ids };
            return { recipients: event.ids, errors: problems(next), done: null };
          }),
        },
        'schedules.create': [{ guard: 'valid', target: 'creating' }, { actions: assign({ errors: ({ context }) => problems(context) }) }],
        'schedules.delete': 'deleting',
      },
    },
    creating: {
      invoke: {
        src: 'create',
        input: ({ context }) => scheduleBody(context, Date.now()),
        onDone: { target: 'ready', actions: assign(({ context, event }) => ({ schedules: [...context.schedules, event.output], recipients: [], errors: {}, actionFailure: null, done: 'schedules.done.created' as const })) },
        onError: { target: 'ready', actions: assign({ actionFailure: ({ event }) => failureOf(event.error) }) },
      },
    },
    deleting: {
      invoke: {
        src: 'remove',
        input: ({ event }) => {
          assertEvent(event, 'schedules.delete');
          return { id: event.id };
        },
        onDone: { target: 'loading', actions: assign({ done: 'schedules.done.deleted', actionFailure: null }) },
        onError: { target: 'ready', actions: assign({ actionFailure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
});
