import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActor } from 'xstate';
import {
  commandPaletteMachine,
  computeResults,
  parseQuery,
  remoteKinds,
  SEARCH_DEBOUNCE_MS,
} from '../../src/machines/command-palette.machine';
import { paletteScope } from './palette-scope';
import type { SearchResult } from '../../src/api/contract/search';
import type { SiteSummary } from '../../src/api/contract/monitoring';

const scope = paletteScope;

const site = (id: string, name: string, parentSiteId: string | null = null): SiteSummary => ({
  id,
  name,
  parentSiteId,
  timezone: 'Europe/London',
  address: '1 High Street',
  latitude: null,
  longitude: null,
  subSiteCount: 0,
  hubCount: 1,
  nodeCount: 2,
}) as SiteSummary;

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
/** Keystrokes rank after the next paint (a task here): waits for the due ranking. */
const ranked = (actor: AnyActor) => waitFor(actor, (s) => !s.matches({ open: { results: 'ranking' } }), { timeout: 1000 });

function start(opts: { sites?: () => Promise<SiteSummary[]>; search?: (q: string, signal: AbortSignal) => Promise<SearchResult[]> } = {}) {
  const searches: { q: string; kinds: string[]; aborted: () => boolean }[] = [];
  const machine = commandPaletteMachine.provide({
    actors: {
      loadSites: fromPromise(opts.sites ?? (async () => [site('s1', 'Elmhurst Care Home'), site('s2', 'Nursing Wing', 's1')])) as never,
      search: fromPromise<SearchResult[], { q: string; kinds: string[] }>(async ({ input, signal }) => {
        searches.push({ q: input.q, kinds: input.kinds, aborted: () => signal.aborted });
        return opts.search ? opts.search(input.q, signal) : [];
      }) as never,
    },
  });
  const actor = createActor(machine).start();
  const runs: unknown[] = [];
  actor.on('palette.run', (e) => runs.push(e.intent));
  return { actor, runs, searches };
}

describe('command palette machine', () => {
  it('opens only when signed in, and closes when the session ends', () => {
    const { actor } = start();
    actor.send({ type: 'palette.open' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'palette.scope', scope: scope() });
    actor.send({ type: 'palette.toggle' });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    actor.send({ type: 'palette.scope', scope: null });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('lists what the role may use: no admin entries for a manager, shadow actions for an admin', async () => {
    const { actor } = start();
    actor.send({ type: 'palette.scope', scope: scope() });
    actor.send({ type: 'palette.open' });
    const labels = () => actor.getSnapshot().context.results.map((r) => r.label);
    expect(labels()).toContain('Dashboard');
    expect(labels()).toContain('Switch company ›');
    expect(labels()).not.toContain('Admin Dashboard');
    expect(labels()).not.toContain('Shadow user ›');
    expect(labels()).not.toContain('Exit shadow');
    actor.send({ type: 'palette.close' });
    actor.send({ type: 'palette.scope', scope: scope({ role: 'admin', canShadow: true }) });
    actor.send({ type: 'palette.open' });
    expect(labels()).toEqual(expect.arrayContaining(['Admin Dashboard', 'Shadow user ›', 'Shadow company ›']));
    actor.send({ type: 'palette.close' });
    actor.send({ type: 'palette.scope', scope: scope({ role: 'user', isShadow: true }) });
    actor.send({ type: 'palette.open' });
    expect(labels()).toContain('Exit shadow');
    expect(labels()).not.toContain('Switch company ›');
  });

  it('loads the company sites once and finds them; # narrows to sites, > to commands', async () => {
    let loads = 0;
    const { actor } = start({ sites: async () => (loads++, [site('s1', 'Elmhurst Care Home'), site('s2', 'Nursing Wing', 's1')]) });
    actor.send({ type: 'palette.scope', scope: scope() });
    actor.send({ type: 'palette.open' });
    await tick();
    actor.send({ type: 'palette.query', query: '#' });
    await ranked(actor);
    const ctx = () => actor.getSnapshot().context;
    expect(ctx().results.map((r) => r.label)).toEqual(['Elmhurst Care Home', 'Nursing Wing']);
    expect(ctx().results[1]!.detail).toContain('Elmhurst Care Home');
    actor.send({ type: 'palette.query', query: '>care' });
    await ranked(actor);
    expect(ctx().results.every((r) => r.kind === 'command' || r.kind === 'action')).toBe(true);
    actor.send({ type: 'palette.close' });
    actor.send({ type: 'palette.open' });
    await tick();
    expect(loads).toBe(1);
    actor.send({ type: 'palette.scope', scope: scope({ companyId: 'c2' }) });
    actor.send({ type: 'palette.close' });
    actor.send({ type: 'palette.open' });
    await tick();
    expect(loads).toBe(2);
  });

  it('moves the selection within bounds and chooses: commands run, pages nest, Backspace on empty goes back', () => {
    const { actor, runs } = start();
    actor.send({ type: 'palette.scope', scope: scope() });
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.move', delta: -5 });
    expect(actor.getSnapshot().context.selected).toBe(0);
    actor.send({ type: 'palette.move', delta: 1000 });
    expect(actor.getSnapshot().context.selected).toBe(actor.getSnapshot().context.results.length - 1);
    actor.send({ type: 'palette.query', query: 'language' });
    actor.send({ type: 'palette.choose' });
    expect(actor.getSnapshot().context.pages).toEqual(['root', 'language']);
    expect(actor.getSnapshot().context.results.map((r) => r.label)).toContain('Français');
    actor.send({ type: 'palette.query', query: 'x' });
    actor.send({ type: 'palette.back' });
    expect(actor.getSnapshot().context.pages).toEqual(['root', 'language']);
    actor.send({ type: 'palette.query', query: '' });
    actor.send({ type: 'palette.back' });
    expect(actor.getSnapshot().context.pages).toEqual(['root']);
    actor.send({ type: 'palette.query', query: 'language' });
    actor.send({ type: 'palette.choose' });
    actor.send({ type: 'palette.query', query: 'fran' });
    actor.send({ type: 'palette.choose' });
    expect(runs).toEqual([{ type: 'preferences.language', locale: 'fr' }]);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('puts recent choices first on an empty root', () => {
    const { actor } = start();
    actor.send({ type: 'palette.scope', scope: scope() });
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.query', query: 'profile' });
    actor.send({ type: 'palette.choose' });
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.query', query: 'mackwell' });
    actor.send({ type: 'palette.choose' });
    actor.send({ type: 'palette.open' });
    expect(actor.getSnapshot().context.results.slice(0, 2).map((r) => r.label)).toEqual(['Mackwell Lighting Services', 'Profile']);
  });

  it('asks the server after a pause, drops the stale answer, and merges without moving the highlighted row', async () => {
    const answers: Record<string, SearchResult[]> = {
      din: [{ kind: 'node', id: 'n1', label: 'Dining Room First Floor', detail: 'Elmhurst Care Home · Temperature', siteId: 's1', score: 3 }],
      dining: [
        { kind: 'node', id: 'n1', label: 'Dining Room First Floor', detail: 'Elmhurst Care Home · Temperature', siteId: 's1', score: 3 },
        { kind: 'node', id: 'n2', label: 'Dining Room Ground Floor', detail: 'Elmhurst Care Home · Temperature', siteId: 's1', score: 3 },
      ],
    };
    let release: (() => void) | undefined;
    const { actor, searches, runs } = start({
      search: (q) => (q === 'din' ? new Promise((r) => (release = () => r(answers.din!))) : Promise.resolve(answers[q] ?? [])),
    });
    // A user: no command loosely matches "dining" (a manager's Management does: "bran-din-g sett-in-gs").
    actor.send({ type: 'palette.scope', scope: scope({ role: 'user' }) });
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.query', query: 'd' });
    expect(actor.getSnapshot().matches({ open: { remote: 'idle' } })).toBe(true);
    actor.send({ type: 'palette.query', query: 'di' });
    actor.send({ type: 'palette.query', query: 'din' });
    await tick(SEARCH_DEBOUNCE_MS + 30);
    expect(searches.map((s) => s.q)).toEqual(['din']);
    expect(searches[0]!.kinds).toEqual(['site', 'node']);
    actor.send({ type: 'palette.query', query: 'dining' });
    expect(searches[0]!.aborted()).toBe(true);
    release!();
    await tick(SEARCH_DEBOUNCE_MS + 30);
    const labels = actor.getSnapshot().context.results.map((r) => r.label);
    expect(labels).toEqual(['Dining Room First Floor', 'Dining Room Ground Floor']);
    actor.send({ type: 'palette.move', delta: 1 });
    actor.send({ type: 'palette.choose' });
    expect(runs).toEqual([{ type: 'navigate', path: '/site-dashboard?site=s1&node=n2' }]);
  });

  it('keeps local results when the server fails', async () => {
    const { actor } = start({ search: async () => Promise.reject(Object.assign(new Error('Network Error'), { status: 0, code: 'network_error' })) });
    actor.send({ type: 'palette.scope', scope: scope() });
    actor.send({ type: 'palette.open' });
    await tick();
    actor.send({ type: 'palette.query', query: 'elmhurst' });
    await tick(SEARCH_DEBOUNCE_MS + 30);
    expect(actor.getSnapshot().value).toEqual({ open: { results: 'ready', sites: 'ready', remote: 'failed' } });
    expect(actor.getSnapshot().context.remoteError).toEqual({ status: 0, code: 'network_error', key: 'failure.network' });
    // The sub-site matches through its parent's name, after the site itself.
    expect(actor.getSnapshot().context.results.map((r) => r.label)).toEqual(['Elmhurst Care Home', 'Nursing Wing']);
  });

  it('ranks once after a burst of keys, not per key; Enter before that ranking chooses from the typed query', async () => {
    let loads = 0;
    let release: (() => void) | undefined;
    const { actor, runs } = start({ sites: () => (loads++, new Promise((r) => (release = () => r([site('s1', 'Elmhurst Care Home')])))) });
    actor.send({ type: 'palette.scope', scope: scope() });
    actor.send({ type: 'palette.open' });
    const before = actor.getSnapshot().context.results;
    for (const q of ['p', 'pr', 'pro', 'prof']) actor.send({ type: 'palette.query', query: q });
    // The keys set the query; the list is still the one painted until the ranking runs.
    expect(actor.getSnapshot().context.query).toBe('prof');
    expect(actor.getSnapshot().context.results).toBe(before);
    await ranked(actor);
    expect(actor.getSnapshot().context.results[0]!.label).toBe('Profile');
    // Keys typed while the sites load do not restart the load; sites arriving before a due ranking wait for it.
    expect(loads).toBe(1);
    actor.send({ type: 'palette.query', query: 'elmh' });
    release!();
    await tick();
    expect(actor.getSnapshot().matches({ open: { sites: 'ready' } })).toBe(true);
    actor.send({ type: 'palette.query', query: 'elmhurst' });
    actor.send({ type: 'palette.choose' });
    expect(runs).toEqual([{ type: 'navigate', path: '/site-dashboard?site=s1' }]);
    expect(loads).toBe(1);
  });

  it('Enter right after a key chooses from the typed query, never the page row of the query before it', async () => {
    const { actor, runs } = start();
    actor.send({ type: 'palette.scope', scope: scope() });
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.query', query: 'language' });
    await ranked(actor);
    expect(actor.getSnapshot().context.results[0]!.intent.type).toBe('page');
    // Nothing matches the new query: Enter does nothing (it crashed the palette, and with it the app).
    actor.send({ type: 'palette.query', query: 'languagex' });
    actor.send({ type: 'palette.choose' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.pages).toEqual(['root']);
    expect(runs).toEqual([]);
    // A query whose best row is a command runs that command rather than opening the old page.
    actor.send({ type: 'palette.query', query: 'language' });
    await ranked(actor);
    actor.send({ type: 'palette.query', query: 'prof' });
    actor.send({ type: 'palette.choose' });
    expect(actor.getSnapshot().context.pages).toEqual(['root']);
    expect(runs).toEqual([{ type: 'navigate', path: '/my-profile' }]);
  });

  it('resolves two-key shortcuts against the role', () => {
    const { actor, runs } = start();
    actor.send({ type: 'keys.chord', keys: 'g d' });
    expect(runs).toEqual([]);
    actor.send({ type: 'palette.scope', scope: scope({ role: 'viewer' }) });
    actor.send({ type: 'keys.chord', keys: 'g p' });
    actor.send({ type: 'keys.chord', keys: 'g x' });
    actor.send({ type: 'keys.chord', keys: '?' });
    actor.send({ type: 'keys.chord', keys: 'g q' });
    expect(runs).toEqual([
      { type: 'navigate', path: '/my-profile' },
      { type: 'modal.show', modalType: 'shortcuts' },
    ]);
  });

  it('parses prefixes and decides which kinds the server is asked for', () => {
    expect(parseQuery('#elm')).toEqual({ kinds: ['site'], text: 'elm' });
    expect(parseQuery('@ uma')).toEqual({ kinds: ['user'], text: 'uma' });
    expect(parseQuery('!fridge')).toEqual({ kinds: ['node'], text: 'fridge' });
    expect(parseQuery('> dark')).toEqual({ kinds: ['command', 'action'], text: 'dark' });
    expect(remoteKinds('root', 'e', scope())).toEqual([]);
    expect(remoteKinds('root', 'elm', scope())).toEqual(['site', 'node']);
    expect(remoteKinds('root', 'elm', scope({ canShadow: true }))).toEqual(['site', 'node', 'user']);
    expect(remoteKinds('root', '@uma', scope())).toEqual([]);
    expect(remoteKinds('root', '>dark', scope({ canShadow: true }))).toEqual([]);
    expect(remoteKinds('shadowUser', 'u', scope({ canShadow: true }))).toEqual(['user']);
    expect(remoteKinds('language', 'fr', scope())).toEqual([]);
  });

  it('cuts very long result lists and says how many matched', () => {
    const local = Array.from({ length: 2000 }, (_, i) => ({ key: `site:${i}`, kind: 'site' as const, label: `Site ${i}`, detail: '', hay: `site ${i}`, intent: { type: 'navigate' as const, path: '/' } }));
    const r = computeResults({ local, remote: [], query: 'site', recent: [], pages: ['root'] });
    expect(r.results.length).toBe(500);
    expect(r.total).toBe(2000);
  });
});
