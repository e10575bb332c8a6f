import { assign, emit, fromPromise, raise, setup } from 'xstate';
import type { SessionRole } from '../api/contract/common';
import type { SiteSummary } from '../api/contract/monitoring';
import type { SearchKind, SearchResult } from '../api/contract/search';
import { LOCALES, t, type I18nKey, type Locale } from '../i18n';
import { commandForShortcut, commandsFor, type Command, type CommandState, type Intent, type PalettePage } from './commands';
import { mergeRanked, normalise, rankTop, ranker, type Ranker } from './fuzzy-match';
import { BACKGROUND_THEMES, SIDEBAR_THEMES, type Mode } from './preferences.machine';
import { afterPaint } from './after-paint';

export type ItemKind = 'command' | 'action' | 'company' | 'site' | 'node' | 'user';

/** One row of the palette: already translated, with its normalised search text. */
export interface PaletteItem {
  /** Unique within the palette: kind and entity id. */
  key: string;
  kind: ItemKind;
  label: string;
  detail: string;
  shortcut?: string;
  intent: Intent;
  hay: string;
  current?: boolean;
}

/** What the palette needs to know of the app when it opens (data, not rules). */
export interface PaletteScope extends CommandState {
  role: SessionRole;
  companyId: string | null;
  companies: { id: string; name: string }[];
  locale: Locale;
  theme: { sidebar: string; topbar: string; background: string };
}

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
  remoteError: string | null;
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

export const MAX_RESULTS = 500;
const RECENT = 8;
export const SEARCH_DEBOUNCE_MS = 120;

const PREFIXES: Record<string, ItemKind[]> = { '>': ['command', 'action'], '#': ['site'], '@': ['user'], '!': ['node'] };

/** A GitHub-style prefix narrows the kinds; the rest is the text to match. */
export function parseQuery(query: string): { kinds: ItemKind[] | null; text: string } {
  const kinds = PREFIXES[query.charAt(0)];
  return kinds ? { kinds, text: query.slice(1).trim() } : { kinds: null, text: query.trim() };
}

const PAGE_KEYS: Record<PalettePage, I18nKey> = {
  root: 'palette.page.root',
  company: 'palette.page.company',
  shadowUser: 'palette.page.shadowUser',
  shadowCompany: 'palette.page.shadowCompany',
  language: 'palette.page.language',
  theme: 'palette.page.theme',
};
export const pageTitle = (page: PalettePage): string => t(PAGE_KEYS[page]);

const item = (kind: ItemKind, id: string, label: string, detail: string, intent: Intent, extra: Partial<PaletteItem> = {}): PaletteItem => ({
  key: `${kind}:${id}`,
  kind,
  label,
  detail,
  intent,
  hay: normalise(`${label} ${detail}`),
  ...extra,
});

const commandItem = (c: Command): PaletteItem =>
  item(c.event.type === 'navigate' ? 'command' : 'action', c.id, t(c.labelKey), '', c.event, {
    shortcut: c.shortcut,
    hay: normalise(`${t(c.labelKey)} ${c.keywords.join(' ')}`),
  });

const siteItem = (s: SiteSummary, byId: Map<string, SiteSummary>): PaletteItem =>
  item('site', s.id, s.name, [s.parentSiteId ? byId.get(s.parentSiteId)?.name : null, s.address].filter(Boolean).join(' · '), {
    type: 'navigate',
    path: `/site-dashboard?site=${encodeURIComponent(s.id)}`,
  });

export function resultItem(r: SearchResult): PaletteItem {
  switch (r.kind) {
    case 'site':
      return item('site', r.id, r.label, r.detail, { type: 'navigate', path: `/site-dashboard?site=${encodeURIComponent(r.id)}` });
    case 'node':
      return item('node', r.id, r.label, r.detail, {
        type: 'navigate',
        path: `/site-dashboard?site=${encodeURIComponent(r.siteId ?? '')}&node=${encodeURIComponent(r.id)}`,
      });
    case 'user':
      return item('user', r.id, r.label, r.detail, { type: 'shadow.user', userId: r.id });
    case 'company':
      return item('company', r.id, r.label, r.detail, { type: 'company.switch', companyId: r.id });
  }
}

export function siteItems(sites: SiteSummary[]): PaletteItem[] {
  const byId = new Map(sites.map((s) => [s.id, s]));
  return sites.map((s) => siteItem(s, byId));
}

/** The items of a page, before matching; `sites` from siteItems. */
export function localItems(page: PalettePage, scope: PaletteScope, sites: PaletteItem[]): PaletteItem[] {
  switch (page) {
    case 'root': {
      const out = commandsFor(scope.role, scope).map(commandItem);
      if (!scope.isShadow && scope.companies.length > 1)
        for (const c of scope.companies)
          out.push(item('company', c.id, c.name, t('palette.kind.company'), { type: 'company.switch', companyId: c.id }, { current: c.id === scope.companyId }));
      return out.concat(sites);
    }
    case 'company':
      return scope.companies.map((c) => item('company', c.id, c.name, '', { type: 'company.switch', companyId: c.id }, { current: c.id === scope.companyId }));
    case 'shadowCompany':
      return scope.canShadow ? scope.companies.map((c) => item('company', `shadow-${c.id}`, c.name, '', { type: 'shadow.company', companyId: c.id })) : [];
    case 'shadowUser':
      return [];
    case 'language':
      return LOCALES.map((l) => item('action', `language-${l}`, t(`language.${l}` as I18nKey), l, { type: 'preferences.language', locale: l }, { current: l === scope.locale }));
    case 'theme': {
      const out: PaletteItem[] = [];
      const parts = [
        ['sidebar', 'theme.sidebar', SIDEBAR_THEMES],
        ['topbar', 'theme.topbar', SIDEBAR_THEMES],
        ['background', 'theme.background', BACKGROUND_THEMES],
      ] as const;
      for (const [part, key, options] of parts)
        for (const o of options) {
          const option = o === 'default' ? t('theme.default') : t('theme.option', { n: o.replace('theme', '') });
          out.push(
            item('action', `theme-${part}-${o}`, t('palette.themeOption', { part: t(key), option }), '', { type: 'preferences.theme', part, value: o }, { current: scope.theme[part] === o }),
          );
        }
      for (const mode of ['light', 'dark'] as Mode[])
        out.push(item('action', `mode-${mode}`, t(mode === 'dark' ? 'palette.dark' : 'palette.light'), '', { type: 'preferences.mode', mode }, { current: scope.mode === mode }));
      return out;
    }
  }
}

/** The server kinds a query asks for on a page; empty when the local items answer it alone. */
export function remoteKinds(page: PalettePage, query: string, scope: PaletteScope | null): SearchKind[] {
  const { kinds, text } = parseQuery(query);
  if (page === 'shadowUser') return scope?.canShadow && query.trim().length >= 1 ? ['user'] : [];
  if (page !== 'root' || text.length < 2) return [];
  const wanted: SearchKind[] = ['site', 'node', ...(scope?.canShadow ? (['user'] as const) : [])];
  return kinds ? wanted.filter((k) => kinds.includes(k)) : wanted;
}

// Local keys are unique by construction; only the server's few results need checking against them.
const keysOf = new WeakMap<readonly PaletteItem[], Set<string>>();
function localKeys(local: readonly PaletteItem[]): Set<string> {
  let keys = keysOf.get(local);
  if (!keys) keysOf.set(local, (keys = new Set(local.map((i) => i.key))));
  return keys;
}

// A page's items narrowed to a prefix's kinds, and a ranker per list, live as long as the page's items do: a
// query typed letter by letter then ranks within the previous letter's matches.
const byKinds = new WeakMap<readonly PaletteItem[], Map<string, PaletteItem[]>>();
function ofKinds(local: readonly PaletteItem[], kinds: ItemKind[]): readonly PaletteItem[] {
  let lists = byKinds.get(local);
  if (!lists) byKinds.set(local, (lists = new Map()));
  const key = kinds.join();
  let list = lists.get(key);
  if (!list) lists.set(key, (list = local.filter((i) => kinds.includes(i.kind))));
  return list;
}
const hayOf = (i: PaletteItem) => i.hay;
const rankers = new WeakMap<readonly PaletteItem[], Ranker<PaletteItem>>();
function rankerOf(pool: readonly PaletteItem[]): Ranker<PaletteItem> {
  let rank = rankers.get(pool);
  if (!rank) rankers.set(pool, (rank = ranker(pool, hayOf)));
  return rank;
}

/** What the results are computed from. */
export type ResultsInput = Pick<PaletteContext, 'local' | 'remote' | 'query' | 'recent' | 'pages'>;
export interface Results {
  results: PaletteItem[];
  total: number;
}

/**
 * Matches the page's items and the server's answer against the query; recent choices first on an empty root. The
 * page's items and the server's (at most a few dozen) are ranked apart and merged, so a server answer arriving costs
 * its own items, not another pass over tens of thousands. `run` ranks until its deadline and answers null while
 * there is more to do.
 */
export function startResults(c: ResultsInput): { run(deadline: number): Results | null } {
  const page = c.pages[c.pages.length - 1] ?? 'root';
  const { kinds, text } = page === 'root' ? parseQuery(c.query) : { kinds: null, text: c.query.trim() };
  const known = localKeys(c.local);
  const local = kinds ? ofKinds(c.local, kinds) : c.local;
  const extra = c.remote.filter((i) => !known.has(i.key) && (!kinds || kinds.includes(i.kind)));
  if (!text) {
    const pool = extra.length ? local.concat(extra) : local;
    if (page !== 'root' || !c.recent.length) return { run: () => ({ results: pool.slice(0, MAX_RESULTS), total: pool.length }) };
    const order = new Map(c.recent.map((k, n) => [k, n]));
    const recent = pool.filter((i) => order.has(i.key)).sort((a, b) => order.get(a.key)! - order.get(b.key)!);
    const rest = pool.filter((i) => !order.has(i.key));
    return { run: () => ({ results: recent.concat(rest.slice(0, MAX_RESULTS - recent.length)), total: pool.length }) };
  }
  const job = rankerOf(local).start(text, MAX_RESULTS);
  return {
    run(deadline) {
      const mine = job.run(deadline);
      if (!mine) return null;
      const ranked = mergeRanked(mine, rankTop(extra, text, hayOf, MAX_RESULTS), MAX_RESULTS);
      return { results: ranked.items, total: ranked.total };
    },
  };
}

/** The results at once (see startResults); a ranking done before in slices for the same input is remembered. */
export function computeResults(c: ResultsInput): Results {
  return startResults(c).run(Infinity)!;
}

/** The query an event leaves: a new text from the field, or one more character typed before it had focus. */
const nextQuery = (c: PaletteContext, e: PaletteEvent) => (e.type === 'palette.query' ? e.query : e.type === 'palette.type' ? c.query + e.text : c.query);

const refreshed = (c: PaletteContext) => ({ ...computeResults(c), selected: 0, rankedQuery: c.query });

export const commandPaletteMachine = setup({
  types: { context: {} as PaletteContext, events: {} as PaletteEvent, emitted: {} as PaletteEmitted },
  actors: {
    rankLater: afterPaint(startResults, { type: 'palette.rank' } as const),
    loadSites: fromPromise<SiteSummary[], { companyId: string | null }>(async () => (await import('../api/monitoring.api')).sites()),
    search: fromPromise<SearchResult[], { q: string; kinds: SearchKind[] }>(async ({ input, signal }) =>
      (await import('../api/search.api')).search({ q: input.q, kinds: input.kinds, limit: 30 }, signal),
    ),
  },
  guards: {
    // Guards run before actions: the new query is the event's, not yet the context's.
    wantsRemote: ({ context, event }) => remoteKinds(context.pages[context.pages.length - 1]!, nextQuery(context, event), context.scope).length > 0,
    sitesFresh: ({ context }) => context.scope !== null && context.sites.companyId === context.scope.companyId,
    hasScope: ({ context }) => context.scope !== null,
    chordHasCommand: ({ context, event }) => event.type === 'keys.chord' && context.scope !== null && commandForShortcut(event.keys, context.scope.role, context.scope) !== undefined,
    canGoBack: ({ context }) => context.query === '' && context.pages.length > 1,
    choosesPage: ({ context, event }) => event.type === 'palette.choose' && context.results[event.index ?? context.selected]?.intent.type === 'page',
    choosesItem: ({ context, event }) => event.type === 'palette.choose' && context.results[event.index ?? context.selected] !== undefined,
  },
  actions: {
    setScope: assign({ scope: ({ event }) => (event.type === 'palette.scope' ? event.scope : null) }),
    openWith: assign(({ context, event }) => {
      const scope = context.scope!;
      const pages: PalettePage[] = event.type === 'palette.open' && event.page && event.page !== 'root' ? ['root', event.page] : ['root'];
      const sites = context.sites.companyId === scope.companyId ? context.sites.items : [];
      const next = { ...context, pages, query: '', remote: [], remoteError: null, local: localItems(pages[pages.length - 1]!, scope, sites) };
      return { ...next, ...refreshed(next) };
    }),
    runChord: emit(({ context, event }) => ({
      type: 'palette.run' as const,
      intent: commandForShortcut(event.type === 'keys.chord' ? event.keys : '', context.scope!.role, context.scope!)!.event,
    })),
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
      if (event.type !== 'palette.choose') return {};
      const intent = context.results[event.index ?? context.selected]!.intent;
      if (intent.type !== 'page') return {};
      const pages = [...context.pages, intent.page];
      const next = { ...context, pages, query: '', remote: [], remoteError: null, local: localItems(intent.page, context.scope!, context.sites.items) };
      return { ...next, ...refreshed(next) };
    }),
    run: emit(({ context, event }) => {
      const index = event.type === 'palette.choose' ? (event.index ?? context.selected) : context.selected;
      return { type: 'palette.run' as const, intent: context.results[index]!.intent };
    }),
    remember: assign({
      recent: ({ context, event }) => {
        const index = event.type === 'palette.choose' ? (event.index ?? context.selected) : context.selected;
        const key = context.results[index]!.key;
        return [key, ...context.recent.filter((k) => k !== key)].slice(0, RECENT);
      },
    }),
    move: assign({
      selected: ({ context, event }) => {
        if (!context.results.length) return 0;
        if (event.type === 'palette.select') return Math.max(0, Math.min(context.results.length - 1, event.index));
        if (event.type !== 'palette.move') return context.selected;
        return Math.max(0, Math.min(context.results.length - 1, context.selected + event.delta));
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
        'palette.open': { guard: 'hasScope', target: 'open', actions: 'openWith' },
        'palette.toggle': { guard: 'hasScope', target: 'open', actions: 'openWith' },
      },
    },
    open: {
      type: 'parallel',
      on: {
        'palette.open': { target: 'open', reenter: true, actions: 'openWith' },
        'palette.close': { target: 'closed' },
        'palette.toggle': { target: 'closed' },
        // xstate offers an event to these only when no region takes it (a region's own transitions come first).
        // Regions target only their own states: a target in another region from here would exit and re-enter
        // every region (restarting a sites fetch on each keystroke).
        'palette.move': { actions: 'move' },
        'palette.select': { actions: 'move' },
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
                'palette.select': { target: 'ready', actions: ['rank', 'again'] },
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
            'palette.choose': { guard: 'choosesPage', target: '.idle', actions: 'pushPage' },
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
                onError: { target: 'failed', actions: assign({ remoteError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
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
