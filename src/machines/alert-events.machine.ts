import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { AlertEvent, AlertEventAction, AlertEventState, Severity } from '../api/contract/alerts';
import type { ListAnswer } from '../api/contract/list';
import type { ReadingSeries } from '../api/contract/monitoring';
import { actsForCompany, companyWatch, type ActingSource, type CompanyChanged, type CompanySource } from './company-watch';
import { liveWatch, type LiveEvent, type LiveSource } from './live-watch';
import { failureOf, type Failure } from './failure';
import { apiModules } from '../api/lazy';

const api = apiModules.alertEvents;
const lookups = () => Promise.all([apiModules.sites(), apiModules.users()]);

/** The detail's chart shows this much before the event and after its end. */
export const AROUND_MS = 3_600_000;

/** Events read per page; the list grows by pages as the user scrolls or asks for more. */
export const EVENTS_PAGE = 200;

export type TimeRange = '24h' | '7d' | '30d' | 'all';
export const RANGE_MS: Record<Exclude<TimeRange, 'all'>, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

export interface EventFilter {
  state: AlertEventState | '';
  severity: Severity | '';
  siteId: string;
  range: TimeRange;
}
export const DEFAULT_FILTER: EventFilter = { state: '', severity: '', siteId: '', range: '7d' };

export interface Named {
  id: string;
  name: string;
}

export interface AlertEventsContext {
  filter: EventFilter;
  events: AlertEvent[];
  total: number;
  listFailure: Failure | null;
  /** The row the keyboard is on; -1 for none. */
  active: number;
  /** Events picked with `x` for a bulk acknowledge. */
  selected: string[];
  detailId: string | null;
  detail: AlertEvent | null;
  /** The readings around the open event (an hour either side) and its rule's thresholds, for the detail's chart. */
  around: { series: ReadingSeries[]; thresholds: number[] } | null;
  detailFailure: Failure | null;
  actionFailure: Failure | null;
  /** The open event's comment box: sent with Acknowledge (by button or `a`) or on its own, then cleared. */
  comment: string;
  /** The action being sent, and to which events. */
  pending: { ids: string[]; action: AlertEventAction; bulk: boolean } | null;
  /** What the last action did, for the page's live region (an i18n key). */
  done: 'alertEvents.done.acknowledge' | 'alertEvents.done.comment' | 'alertEvents.done.assign' | 'alertEvents.done.resolve' | 'alertEvents.done.bulk' | null;
  sites: Named[];
  members: Named[];
  session: CompanySource | null;
  /** The session acts for a company; without one the page asks nothing and rests in `noCompany`. */
  acting: boolean;
  live: LiveSource | null;
  /** The time the list was asked for: `from` of the range is counted back from it. */
  now: () => number;
  /** The role may list the company's members (the assign choices). */
  canListMembers: boolean;
}

export type AlertEventsEvent =
  | { type: 'filter.set'; filter: Partial<EventFilter> }
  | { type: 'list.reload' }
  | { type: 'list.more' }
  | { type: 'cursor.move'; delta: number }
  | { type: 'cursor.focus'; index: number }
  | { type: 'selection.toggle'; id?: string }
  | { type: 'selection.clear' }
  | { type: 'detail.open'; id?: string }
  | { type: 'detail.close' }
  | { type: 'comment.set'; text: string }
  /** Acknowledge the selection, else the keyboard's event with the comment box's words when it is that event's. */
  | { type: 'events.acknowledge' }
  | { type: 'event.act'; id?: string; action: AlertEventAction }
  | { type: 'events.acknowledgeSelected' }
  | CompanyChanged
  | LiveEvent;

/** The list call of a filter at a moment. */
export function queryOf(f: EventFilter, now: number, offset = 0) {
  return {
    ...(f.state ? { state: f.state } : {}),
    ...(f.severity ? { severity: f.severity } : {}),
    ...(f.siteId ? { siteId: f.siteId } : {}),
    ...(f.range !== 'all' ? { from: new Date(now - RANGE_MS[f.range]).toISOString() } : {}),
    offset,
    limit: EVENTS_PAGE,
  };
}

/** Whether an event belongs in the list the filter shows (a live message for an event the list does not hold yet). */
export function matches(f: EventFilter, e: AlertEvent, now: number): boolean {
  if (f.state && e.state !== f.state) return false;
  if (f.severity && e.severity !== f.severity) return false;
  if (f.siteId && e.siteId !== f.siteId) return false;
  if (f.range !== 'all' && Date.parse(e.startedAt) < now - RANGE_MS[f.range]) return false;
  return true;
}

/**
 * A live event in the list: replaced where it is if it still matches (the stream's copy carries only the last few
 * history entries and comments, so the list keeps the rest of what it had), added at the top if new and matching,
 * dropped if it no longer matches. The list is newest first.
 */
export function upsert(list: AlertEvent[], e: AlertEvent, f: EventFilter, now: number): { events: AlertEvent[]; delta: number } {
  const at = list.findIndex((x) => x.id === e.id);
  const fits = matches(f, e, now);
  if (at >= 0 && fits) return { events: list.map((x, i) => (i === at ? { ...e, history: x.history.length > e.history.length ? x.history : e.history, comments: x.comments.length > e.comments.length ? x.comments : e.comments } : x)), delta: 0 };
  if (at >= 0) return { events: list.filter((_, i) => i !== at), delta: -1 };
  if (!fits) return { events: list, delta: 0 };
  const events = [...list];
  const before = events.findIndex((x) => Date.parse(x.startedAt) <= Date.parse(e.startedAt));
  events.splice(before < 0 ? events.length : before, 0, e);
  return { events, delta: 1 };
}

const readEvents = fromPromise<ListAnswer<AlertEvent>, { filter: EventFilter; now: number; offset: number }>(async ({ input, signal }) =>
  (await api()).listAlertEvents(queryOf(input.filter, input.now, input.offset), signal),
);

/**
 * The Alert Events page (docs/product.md, Alerts): the company's events by state, severity, site and time, newest first and
 * live; a keyboard row (`j`/`k`), a selection for bulk acknowledge (`x`), and one event's detail with its actions.
 */
export const alertEventsMachine = setup({
  types: {
    context: {} as AlertEventsContext,
    events: {} as AlertEventsEvent,
    input: {} as { session?: ActingSource | null; live?: LiveSource | null; filter?: Partial<EventFilter>; now?: () => number; canListMembers?: boolean; eventId?: string | null } | undefined,
  },
  actors: {
    companyWatch,
    liveWatch,
    fetchEvents: readEvents,
    // The next page is the same call; named apart so a test can answer the first page and the next one separately.
    fetchMoreEvents: readEvents,
    fetchDetail: fromPromise<AlertEvent, { id: string }>(async ({ input }) => (await api()).alertEventDetail(input.id)),
    fetchAround: fromPromise<{ series: ReadingSeries[]; thresholds: number[] }, { event: AlertEvent; now: number }>(async ({ input, signal }) => {
      const e = input.event;
      const [monitoring, rules] = await Promise.all([apiModules.monitoring(), apiModules.alertRules()]);
      const from = Date.parse(e.startedAt) - AROUND_MS;
      const to = Math.min(input.now, (e.endedAt ? Date.parse(e.endedAt) : input.now) + AROUND_MS);
      const [answer, rule] = await Promise.all([
        e.feedId ? monitoring.readings(e.siteId, { feedIds: [e.feedId], from: new Date(from).toISOString(), to: new Date(Math.max(to, from + 60_000)).toISOString(), interval: '15minutes', dataViewType: 'RawData', maxPoints: 800 }, signal) : { series: [] },
        // A rule deleted since leaves the chart without its lines, not without its readings.
        rules.alertRulesApi.get(e.ruleId).catch(() => null),
      ]);
      const thresholds = rule && rule.condition !== 'no_data' ? [rule.low, rule.high].filter((v): v is number => typeof v === 'number') : [];
      return { series: answer.series, thresholds };
    }),
    act: fromPromise<AlertEvent[], { ids: string[]; action: AlertEventAction }>(async ({ input }) => {
      const m = await api();
      const out: AlertEvent[] = [];
      // One after another: each is its own recorded action, and a refusal stops the rest where it happened.
      for (const id of input.ids) out.push(await m.actOnAlertEvent(id, input.action));
      return out;
    }),
    fetchLookups: fromPromise<{ sites: Named[]; members: Named[] }, { members: boolean }>(async ({ input }) => {
      const [sites, users] = await lookups();
      // Only managers and admins may list the members (the server answers others 403, which would end the session).
      const [s, u] = await Promise.all([sites.sitesApi.list({ limit: 1000, sort: 'name' }), input.members ? users.usersApi.list({ limit: 1000, sort: 'name' }) : null]);
      return { sites: s.data.map((x) => ({ id: x.id, name: x.name })), members: (u?.data ?? []).map((x) => ({ id: x.id, name: x.name || x.email })) };
    }),
  },
  guards: {
    withoutCompany: ({ context }) => !context.acting,
    hasMore: ({ context }) => context.events.length < context.total,
    isDetail: ({ context, event }) => {
      assertEvent(event, 'live.alert');
      return event.event.id === context.detailId;
    },
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    clearList: assign({ events: [], total: 0, active: -1, selected: [], listFailure: null }),
    applyLive: assign(({ context, event }) => {
      assertEvent(event, 'live.alert');
      const { events, delta } = upsert(context.events, event.event, context.filter, context.now());
      const activeId = context.events[context.active]?.id;
      const active = activeId ? events.findIndex((e) => e.id === activeId) : context.active;
      return { events, total: Math.max(0, context.total + delta), active: active >= 0 ? active : Math.min(context.active, events.length - 1) };
    }),
    applyActed: assign(({ context }, acted: AlertEvent[]) => {
      let events = context.events;
      for (const e of acted) events = upsert(events, e, context.filter, context.now()).events;
      const detail = acted.find((e) => e.id === context.detailId) ?? context.detail;
      return { events, detail, actionFailure: null };
    }),
  },
}).createMachine({
  id: 'alertEvents',
  context: ({ input }) => ({
    filter: { ...DEFAULT_FILTER, ...input?.filter },
    events: [],
    total: 0,
    listFailure: null,
    active: -1,
    selected: [],
    detailId: input?.eventId ?? null,
    detail: null,
    around: null,
    detailFailure: null,
    actionFailure: null,
    comment: '',
    pending: null,
    done: null,
    sites: [],
    members: [],
    session: input?.session ?? null,
    acting: actsForCompany(input?.session),
    live: input?.live ?? null,
    now: input?.now ?? Date.now,
    canListMembers: input?.canListMembers ?? false,
  }),
  type: 'parallel',
  invoke: [
    { id: 'company', src: 'companyWatch', input: ({ context }) => ({ session: context.session, page: 'alert-events' }) },
    { id: 'live', src: 'liveWatch', input: ({ context }) => ({ live: context.live, kinds: ['alert'] as const }) },
  ],
  states: {
    lookups: {
      initial: 'loading',
      on: { 'company.changed': '.loading' },
      states: {
        loading: {
          // Without a company there are no sites or members to offer: nothing is asked (the call never starts).
          always: { guard: 'withoutCompany', target: 'noCompany' },
          invoke: {
            id: 'lookups',
            src: 'fetchLookups',
            input: ({ context }) => ({ members: context.canListMembers }),
            onDone: { target: 'ready', actions: assign(({ event }) => event.output) },
            // The filters and the assign list then offer fewer choices; the events themselves still show.
            onError: { target: 'ready' },
          },
        },
        ready: {},
        noCompany: {},
      },
    },
    list: {
      initial: 'loading',
      on: {
        'filter.set': { target: '.loading', actions: [assign({ filter: ({ context, event }) => ({ ...context.filter, ...event.filter }) }), 'clearList'] },
        'list.reload': { target: '.loading', actions: 'clearList' },
        'company.changed': { target: '.loading', actions: ['clearList', assign({ filter: DEFAULT_FILTER, sites: [], members: [], acting: ({ event }) => event.companyId !== null })] },
        'live.resumed': { target: '.loading' },
        'live.alert': { actions: 'applyLive' },
        'cursor.move': {
          actions: assign({
            active: ({ context, event }) => (context.events.length === 0 ? -1 : Math.max(0, Math.min(context.events.length - 1, (context.active < 0 && event.delta > 0 ? -1 : context.active) + event.delta))),
          }),
        },
        'cursor.focus': { actions: assign({ active: ({ event }) => event.index }) },
        'selection.toggle': {
          actions: assign({
            selected: ({ context, event }) => {
              const id = event.id ?? context.events[context.active]?.id;
              if (!id) return context.selected;
              return context.selected.includes(id) ? context.selected.filter((x) => x !== id) : [...context.selected, id];
            },
          }),
        },
        'selection.clear': { actions: assign({ selected: [] }) },
      },
      states: {
        loading: {
          // Without a company the list is not read (the server would answer 400): the page offers the company picker.
          always: { guard: 'withoutCompany', target: 'noCompany' },
          invoke: {
            id: 'events',
            src: 'fetchEvents',
            input: ({ context }) => ({ filter: context.filter, now: context.now(), offset: 0 }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => {
                // A re-read keeps the keyboard on the same event where it can.
                const activeId = context.events[context.active]?.id;
                const at = activeId ? event.output.data.findIndex((e) => e.id === activeId) : -1;
                return {
                  events: event.output.data,
                  total: event.output.total,
                  listFailure: null,
                  active: at >= 0 ? at : event.output.data.length ? Math.min(Math.max(context.active, 0), event.output.data.length - 1) : -1,
                  selected: context.selected.filter((id) => event.output.data.some((e) => e.id === id)),
                };
              }),
            },
            onError: { target: 'failed', actions: assign({ listFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        ready: { on: { 'list.more': { guard: 'hasMore', target: 'more' } } },
        more: {
          invoke: {
            id: 'moreEvents',
            src: 'fetchMoreEvents',
            input: ({ context }) => ({ filter: context.filter, now: context.now(), offset: context.events.length }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                events: [...context.events, ...event.output.data.filter((e) => !context.events.some((x) => x.id === e.id))],
                total: event.output.total,
              })),
            },
            onError: { target: 'ready', actions: assign({ listFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        failed: {},
        noCompany: {},
      },
    },
    detail: {
      initial: 'closed',
      on: {
        'detail.open': {
          target: '.loading',
          actions: assign(({ context, event }) => {
            const id = event.id ?? context.events[context.active]?.id ?? null;
            const at = context.events.findIndex((e) => e.id === id);
            const same = id === context.detailId;
            return { detailId: id, detail: context.events[at] ?? null, around: same ? context.around : null, comment: same ? context.comment : '', detailFailure: null, actionFailure: null, active: at >= 0 ? at : context.active };
          }),
        },
        'detail.close': { target: '.closed', actions: assign({ detailId: null, detail: null, around: null, detailFailure: null, actionFailure: null, comment: '' }) },
        'comment.set': { actions: assign({ comment: ({ event }) => event.text }) },
        'company.changed': { target: '.closed', actions: assign({ detailId: null, detail: null, around: null }) },
        // The stream's copy is short (a few history entries): the open detail is read again whole.
        'live.alert': { guard: 'isDetail', target: '.loading' },
      },
      states: {
        // A link to one event (`?event=`) opens its detail at once, once the session acts for a company.
        closed: { always: { guard: ({ context }) => context.detailId !== null && context.acting, target: 'loading' } },
        loading: {
          always: { guard: ({ context }) => context.detailId === null, target: 'closed' },
          invoke: {
            id: 'detail',
            src: 'fetchDetail',
            input: ({ context }) => ({ id: context.detailId ?? '' }),
            onDone: { target: 'open', actions: assign({ detail: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ detailFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        open: {
          initial: 'chart',
          states: {
            chart: {
              invoke: {
                id: 'around',
                src: 'fetchAround',
                input: ({ context }) => ({ event: context.detail!, now: context.now() }),
                onDone: { target: 'shown', actions: assign({ around: ({ event }) => event.output }) },
                // The chart is a help, not the event: without it the detail and its actions still work.
                onError: { target: 'shown', actions: assign({ around: { series: [], thresholds: [] } }) },
              },
            },
            shown: {},
          },
        },
        failed: {},
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'event.act': {
              target: 'acting',
              actions: assign(({ context, event }) => ({
                pending: { ids: [event.id ?? context.detailId ?? context.events[context.active]?.id ?? ''].filter(Boolean), action: event.action, bulk: false },
                actionFailure: null,
                done: null,
              })),
            },
            'events.acknowledge': [
              { guard: 'hasSelection', target: 'acting', actions: assign(({ context }) => ({ pending: { ids: context.selected, action: { action: 'acknowledge' as const }, bulk: true }, actionFailure: null, done: null })) },
              {
                guard: ({ context }) => context.active >= 0 && context.events[context.active] !== undefined,
                target: 'acting',
                actions: assign(({ context }) => {
                  const id = context.events[context.active]!.id;
                  const words = id === context.detailId ? context.comment.trim() : '';
                  return { pending: { ids: [id], action: { action: 'acknowledge' as const, ...(words ? { comment: words } : {}) }, bulk: false }, actionFailure: null, done: null };
                }),
              },
            ],
            'events.acknowledgeSelected': {
              guard: 'hasSelection',
              target: 'acting',
              actions: assign(({ context }) => ({ pending: { ids: context.selected, action: { action: 'acknowledge' as const }, bulk: true }, actionFailure: null, done: null })),
            },
          },
        },
        acting: {
          invoke: {
            id: 'act',
            src: 'act',
            input: ({ context }) => context.pending ?? { ids: [], action: { action: 'acknowledge' as const }, bulk: false },
            onDone: {
              target: 'idle',
              actions: enqueueActions(({ context, event, enqueue }) => {
                const pending = context.pending ?? { ids: [], action: { action: 'acknowledge' as const }, bulk: false };
                enqueue({ type: 'applyActed', params: event.output });
                enqueue.assign({
                  done: pending.bulk ? 'alertEvents.done.bulk' : (`alertEvents.done.${pending.action.action}` as const),
                  selected: pending.bulk ? [] : context.selected,
                  // What was said went with the action; the box is ready for the next.
                  comment: pending.ids.includes(context.detailId ?? '') && pending.action.comment ? '' : context.comment,
                  pending: null,
                });
              }),
            },
            onError: { target: 'idle', actions: assign({ actionFailure: ({ event }) => failureOf(event.error), pending: null }) },
          },
        },
      },
    },
  },
});
