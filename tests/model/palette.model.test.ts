import { describe, expect, it } from 'vitest';
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { commandPaletteMachine, SEARCH_DEBOUNCE_MS, type PaletteContext } from '../../src/machines/command-palette.machine';
import { paletteScope } from '../machines/palette-scope';
import { buildModel, printCoverage, replay } from './model-coverage';

const scope = paletteScope({ role: 'admin', canShadow: true });

const site = { id: 's1', name: 'Elmhurst Care Home', parentSiteId: null, timezone: 'Europe/London', address: '', latitude: null, longitude: null, subSiteCount: 0, hubCount: 0, nodeCount: 0 };

describe('command palette machine, model-based', () => {
  // The ranking's slices are the model's `palette.rank` event.
  const machine = commandPaletteMachine.provide({ actors: { rankLater: fromCallback(() => {}) as never } });
  const serialize = (s: AnyMachineSnapshot) => {
    const c = s.context as PaletteContext;
    // `palette.type` appends a character: the key keeps the query's start, so that traversal ends.
    return JSON.stringify([s.value, c.scope !== null, c.pages, c.query.slice(0, 9), c.sites.items.length, c.remote.length, c.selected > 0]);
  };
  const model = buildModel({
    machine,
    events: [
      { type: 'palette.scope', scope },
      { type: 'palette.scope', scope: null },
      { type: 'palette.open' },
      { type: 'palette.toggle' },
      { type: 'palette.close' },
      { type: 'palette.query', query: 'elm' },
      { type: 'palette.query', query: '' },
      { type: 'palette.query', query: 'language' },
      { type: 'palette.back' },
      { type: 'palette.move', delta: 1 },
      { type: 'palette.select', index: 0 },
      { type: 'palette.choose' },
      { type: 'keys.chord', keys: 'g d' },
      { type: `xstate.after.${SEARCH_DEBOUNCE_MS}.commandPalette.open.remote.debouncing` },
      { type: 'xstate.done.actor.loadSites', output: [site] },
      { type: 'xstate.error.actor.loadSites', error: new Error('offline') },
      { type: 'xstate.done.actor.search', output: [{ kind: 'node', id: 'n1', label: 'Elm fridge', detail: 'Elmhurst', siteId: 's1', score: 3 }] },
      { type: 'xstate.error.actor.search', error: new Error('offline') },
      { type: 'palette.type', text: 'e' },
      { type: 'palette.rank' },
      { type: 'palette.rerank' },
      { type: 'xstate.error.actor.rankLater', error: new Error('no frame') },
    ] as never,
    serialize,
    simpleSerialize: (s) => JSON.stringify(s.value),
  });
  it('covers every state and transition, and the machine follows every path', async () => {
    printCoverage('command-palette', model.coverage);
    // `checking` only decides (an eventless `always`): no snapshot rests in it, but the microstep that opens the
    // palette enters it, and coverage counts that.
    expect(model.coverage.missingStates).toEqual([]);
    expect(model.coverage.missingTransitions).toEqual([]);
    await replay(machine, model.paths, undefined, { loadSites: 'loadSites', search: 'search', rankLater: 'rankLater' });
  }, 120_000);
});
