import { and, assertEvent, assign, emit, fromPromise, raise, setup, stateIn } from 'xstate';
import type { SiteSummary } from '../api/contract/monitoring';
import type { SearchKind, SearchResult } from '../api/contract/search';
import { commandForShortcut, type Intent, type PalettePage } from './commands';
import { afterPaint } from './after-paint';
import { failureOf, type Failure } from './failure';
import { localItems, parseQuery, remoteKinds, resultItem, siteItems, type PaletteItem, type PaletteScope } from './palette-items';
import { computeResults, startResults } from './palette-results';
import { apiModules } from '../api/lazy';

// The palette's rows and ranking live beside the machine; importers keep reading them from here.
export {
  localItems, pageTitle, parseQuery, remoteKinds, resultItem, siteItems, type ItemKind, type PaletteItem, type PaletteScope,
} from './palette-items';
export { computeResults, MAX_RESULTS, startResults, type Results, type ResultsInput } from './palette-results';

export interface PaletteContext {
  scope: PaletteScope | null;
  /** The page stack, root first; the last is shown. */
  pages: PalettePage[];
  query: string;
  /** The current page's own items (commands, companies, the company's sites, languages, themes). */
  local: PaletteItem[];
  /** The company's sites as items, built once when they arrive (not on every open). */
  sites: { companyId: string | null; items: PaletteItem[] };
  /** The server's answer for the current query (kept while a newer one loads, filtered by the matcher). */
  remote: PaletteItem[];
  /** Why the server search failed (a code and its dictionary key); the local results still show. */
  remoteError: Failure | null;
  results: PaletteItem[];
  /** Matches before the cut to MAX_RESULTS. */
  total: number;
  /** The query `results` were ranked for; when it differs from `query`, a ranking is due (after the next paint). */
  rankedQuery: string;
  selected: number;
  /** Keys of recent choices, newest first. */
  recent: string[];
}

export type PaletteEvent =
  /** What the app is now (signed in or not, role, companies, language, theme); null when signed out. */
  | { type: 'palette.scope'; scope: PaletteScope | null }
  | { type: 'palette.open'; page?: PalettePage }
  | { type: 'palette.toggle' }
  /** Two keys pressed in turn outside any field ("g d"), from the keyboard listener. */
  | { type: 'keys.chord'; keys: string }
  | { type: 'palette.close' }
  | { type: 'palette.query'; query: string }
  /** A character typed while the palette is open but its field is not focused yet (the first open loads it). */
  | { type: 'palette.type'; text: string }
  | { type: 'palette.back' }
  | { type: 'palette.move'; delta: number }
  | { type: 'palette.select'; index: number }
  | { type: 'palette.choose'; index?: number }
  /** The ranking of the query typed so far is done (from the rankLater actor): time to take it. */
  | { type: 'palette.rank' }
  /** The items changed (the company's sites arrived): rank again, as after a keystroke. */
  | { type: 'palette.rerank' };

export type PaletteEmitted = { type: 'palette.run'; intent: Intent };

const RECENT = 8;
export const SEARCH_DEBOUNCE_MS = 120;

/** The query an event leaves: a new text from the field, or one more character typed before it had focus. */
const nextQuery = (c: PaletteContext, e: PaletteEvent) => {
  assertEvent(e, ['palette.query', 'palette.type']);
  return e.type === 'palette.query' ? e.query : c.query + e.text;
};

/** The row a choice names: the one pointed at, or else the selected one. */
const chosenIndex = (c: PaletteContext, e: PaletteEvent) => {
  assertEvent(e, 'palette.choose');
  return e.index ?? c.selected;
};

const refreshed = (c: PaletteContext) => ({ ...computeResults(c), selected: 0, rankedQuery: c.query });

export const commandPaletteMachine = setup({
  types: { context: {} as PaletteContext, events: {} as PaletteEvent, emitted: {} as PaletteEmitted },
  actors: {
    rankLater: afterPaint(startResults, { type: 'palette.rank' } as const),
    loadSites: fromPromise<SiteSummary[], { companyId: string | null }>(async () => (await apiModules.monitoring()).sites()),
    search: fromPromise<SearchResult[], { q: string; kinds: SearchKind[] }>(async ({ input, signal }) =>
      (await apiModules.search()).search({ q: input.q, kinds: input.kinds, limit: 30 }, signal),
    ),
  },
  guards: {
    // Guards run before actions: the new query is the event's, not yet the context's.
    wantsRemote: ({ context, event }) => remoteKinds(context.pages[context.pages.length - 1]!, nextQuery(context, event), context.scope).length > 0,
    sitesFresh: ({ context }) => context.scope !== null && context.sites.companyId === context.scope.companyId,
    hasScope: ({ context }) => context.scope !== null,
    chordHasCommand: ({ context, event }) => {
      assertEvent(event, 'keys.chord');
      return context.scope !== null && commandForShortcut(event.keys, context.scope.role, context.scope) !== undefined;
    },
    canGoBack: ({ context }) => context.query === '' && context.pages.length > 1,
    choosesPage: ({ context, event }) => context.results[chosenIndex(context, event)]?.intent.type === 'page',
    choosesItem: ({ context, event }) => context.results[chosenIndex(context, event)] !== undefined,
  },
  actions: {
    setScope: assign({
      scope: ({ event }) => {
        assertEvent(event, 'palette.scope');
        return event.scope;
      },
    }),
    /** Opens on `page` (a chord or a button naming one), else on the root. */
    openWith: assign(({ context }, params: { page?: PalettePage }) => {
      const scope = context.scope!;
      const pages: PalettePage[] = params.page && params.page !== 'root' ? ['root', params.page] : ['root'];
      const sites = context.sites.companyId === scope.companyId ? context.sites.items : [];
      const next = { ...context, pages, query: '', remote: [], remoteError: null, local: localItems(pages[pages.length - 1]!, scope, sites) };
      return { ...next, ...refreshed(next) };
    }),
    runChord: emit(({ context, event }) => {
      assertEvent(event, 'keys.chord');
      return { type: 'palette.run' as const, intent: commandForShortcut(event.keys, context.scope!.role, context.scope!)!.event };
    }),
    setQuery: assign({ query: ({ context, event }) => nextQuery(context, event) }),
    rank: assign(({ context }) => {
      // A new query starts at its best match; the same query re-ranked (the server's answer merged) keeps the row.
      const selectedKey = context.rankedQuery === context.query ? context.results[context.selected]?.key : undefined;
      const next = computeResults(context);
      const kept = selectedKey ? next.results.findIndex((i) => i.key === selectedKey) : -1;
      return { ...next, selected: kept >= 0 ? kept : 0, rankedQuery: context.query };
    }),
    again: raise(({ event }) => event),
    rerank: raise({ type: 'palette.rerank' }),
    clearRemote: assign({ remote: [], remoteError: null }),
    goBack: assign(({ context }) => {
      const pages = context.pages.slice(0, -1);
      const next = { ...context, pages, query: '', remote: [], remoteError: null, local: localItems(pages[pages.length - 1]!, context.scope!, context.sites.items) };
      return { ...next, ...refreshed(next) };
    }),
    pushPage: assign(({ context, event }) => {
      const intent = context.results[chosenIndex(context, event)]?.intent;
      if (intent?.type !== 'page') return {};
      const pages = [...context.pages, intent.page];
      const next = { ...context, pages, query: '', remote: [], remoteError: null, local: localItems(intent.page, context.scope!, context.sites.items) };
      return { ...next, ...refreshed(next) };
    }),
    run: emit(({ context, event }) => ({ type: 'palette.run' as const, intent: context.results[chosenIndex(context, event)]!.intent })),
    remember: assign({
      recent: ({ context, event }) => {
        const key = context.results[chosenIndex(context, event)]!.key;
        return [key, ...context.recent.filter((k) => k !== key)].slice(0, RECENT);
      },
    }),
    move: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'palette.move');
        if (!context.results.length) return 0;
        return Math.max(0, Math.min(context.results.length - 1, context.selected + event.delta));
      },
    }),
    select: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'palette.select');
        if (!context.results.length) return 0;
        return Math.max(0, Math.min(context.results.length - 1, event.index));
      },
    }),
  },
}).createMachine({
  id: 'commandPalette',
  context: {
    scope: null,
    pages: ['root'],
    query: '',
    local: [],
    sites: { companyId: null, items: [] },
    remote: [],
    remoteError: null,
    results: [],
    total: 0,
    rankedQuery: '',
    selected: 0,
    recent: [],
  },
  initial: 'closed',
  on: {
    'palette.scope': [
      { guard: ({ event }) => event.scope === null, target: '.closed', actions: 'setScope' },
      { actions: 'setScope' },
    ],
    'keys.chord': { guard: 'chordHasCommand', actions: 'runChord' },
  },
  states: {
    closed: {
      on: {
        'palette.open': { guard: 'hasScope', target: 'open', actions: { type: 'openWith', params: ({ event }) => ({ page: event.page }) } },
        'palette.toggle': { guard: 'hasScope', target: 'open', actions: { type: 'openWith', params: {} } },
      },
    },
    open: {
      type: 'parallel',
      on: {
        // No 'palette.open' here: its senders (the top bar's button, a chord naming a page) sit under the open modal.
        'palette.close': { target: 'closed' },
        'palette.toggle': { target: 'closed' },
        // xstate offers an event to these only when no region takes it (a region's own transitions come first).
        // Regions target only their own states: a target in another region from here would exit and re-enter
        // every region (restarting a sites fetch on each keystroke).
        'palette.move': { actions: 'move' },
        'palette.select': { actions: 'select' },
        'palette.choose': { guard: 'choosesItem', target: 'closed', actions: ['run', 'remember'] },
      },
      states: {
        results: {
          initial: 'ready',
          on: {
            'palette.query': { target: '.ranking', actions: 'setQuery' },
            'palette.type': { target: '.ranking', actions: 'setQuery' },
            'palette.rerank': '.ranking',
          },
          states: {
            ready: {},
            ranking: {
              invoke: {
                id: 'rankLater',
                src: 'rankLater',
                input: ({ context }) => ({ local: context.local, remote: context.remote, query: context.query, recent: context.recent, pages: context.pages }),
                onError: { target: 'ready', actions: 'rank' },
              },
              on: {
                'palette.rank': { target: 'ready', actions: 'rank' },
                // Enter or an arrow right after a key: rank now, then handle the key on the new results (a ranking is
                // due exactly while this state is active).
                'palette.move': { target: 'ready', actions: ['rank', 'again'] },
                // A pointer names a row of the list painted before the keystroke; the ranking about to land replaces
                // that list under it, so its index would pick another row. The next move over the new rows selects.
                'palette.select': {},
                'palette.choose': { target: 'ready', actions: ['rank', 'again'] },
              },
            },
          },
        },
        sites: {
          initial: 'checking',
          states: {
            checking: { always: [{ guard: 'sitesFresh', target: 'ready' }, { target: 'loading' }] },
            loading: {
              invoke: {
                id: 'loadSites',
                src: 'loadSites',
                input: ({ context }) => ({ companyId: context.scope?.companyId ?? null }),
                onDone: {
                  target: 'ready',
                  actions: [
                    assign(({ context, event }) => {
                      const sites = { companyId: context.scope?.companyId ?? null, items: siteItems(event.output) };
                      const page = context.pages[context.pages.length - 1]!;
                      const local = page === 'root' ? localItems(page, context.scope!, sites.items) : context.local;
                      return { sites, local };
                    }),
                    // Ranked like a keystroke (after a paint, in slices); the selection stays on its row.
                    'rerank',
                  ],
                },
                // Sites are a convenience: the server search still finds them.
                onError: { target: 'failed' },
              },
            },
            ready: {},
            failed: {},
          },
        },
        remote: {
          initial: 'idle',
          on: {
            'palette.query': [{ guard: 'wantsRemote', target: '.debouncing' }, { target: '.idle', actions: 'clearRemote' }],
            'palette.type': [{ guard: 'wantsRemote', target: '.debouncing' }, { target: '.idle', actions: 'clearRemote' }],
            // A page change drops the search in flight with the page it was for.
            'palette.back': { guard: 'canGoBack', target: '.idle', actions: 'goBack' },
            // Not while a ranking is due: the results region ranks first and sends the key again, and this guard would
            // read the rows of the query before (a page row there pushed a page, or crashed on rows that were gone).
            'palette.choose': { guard: and(['choosesPage', stateIn({ open: { results: 'ready' } })]), target: '.idle', actions: 'pushPage' },
          },
          states: {
            idle: {},
            debouncing: { after: { [SEARCH_DEBOUNCE_MS]: 'loading' } },
            loading: {
              invoke: {
                id: 'search',
                src: 'search',
                input: ({ context }) => {
                  const page = context.pages[context.pages.length - 1]!;
                  return { q: page === 'root' ? parseQuery(context.query).text : context.query.trim(), kinds: remoteKinds(page, context.query, context.scope) };
                },
                onDone: {
                  target: 'ready',
                  actions: assign(({ context, event }) => {
                    const remote = event.output.map(resultItem);
                    if (context.rankedQuery !== context.query) return { remote, remoteError: null };
                    const selectedKey = context.results[context.selected]?.key;
                    const next = computeResults({ ...context, remote });
                    // Merging keeps the highlighted row where it was when it is still there: no jump under the keys.
                    const kept = selectedKey ? next.results.findIndex((i) => i.key === selectedKey) : -1;
                    return { remote, remoteError: null, ...next, selected: kept >= 0 ? kept : 0 };
                  }),
                },
                onError: { target: 'failed', actions: assign({ remoteError: ({ event }) => failureOf(event.error) }) },
              },
            },
            ready: {},
            failed: {},
          },
        },
      },
    },
  },
});
