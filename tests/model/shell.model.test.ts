import { describe, expect, it } from 'vitest';
import { fromCallback, type AnyMachineSnapshot } from 'xstate';
import { layoutMachine } from '../../src/machines/layout.machine';
import { DEFAULT_PREFERENCES, preferencesMachine } from '../../src/machines/preferences.machine';
import { EMPTY_WHITE_LABEL, whiteLabelMachine } from '../../src/machines/white-label.machine';
import { buildModel, printCoverage, replay } from './model-coverage';

const noop = fromCallback(() => {}) as never;

describe('layout machine, model-based', () => {
  const machine = layoutMachine.provide({ actors: { viewport: noop } });
  const serialize = (s: AnyMachineSnapshot) => {
    const c = s.context as { view: string; collapsed: boolean; openDrawer: boolean; modal: { visible: boolean }; drawer: { visible: boolean }; current: string[] };
    return JSON.stringify([c.view, c.collapsed, c.openDrawer, c.modal.visible, c.drawer.visible, c.current[0]]);
  };
  const model = buildModel({
    machine,
    events: [
      { type: 'layout.resize', width: 1300, height: 800 },
      { type: 'layout.resize', width: 1000, height: 800 },
      { type: 'layout.resize', width: 400, height: 800 },
      { type: 'layout.resize', width: 410, height: 700 },
      { type: 'layout.collapse' },
      { type: 'layout.drawer' },
      { type: 'layout.route', path: '/companies' },
      { type: 'layout.openKeys', keys: ['admin'] },
      { type: 'layout.clear' },
      { type: 'modal.show', modalType: 'help' },
      { type: 'modal.hide' },
      { type: 'drawer.show', drawerType: 'filters' },
      { type: 'drawer.hide' },
    ],
    serialize,
    input: { width: 1280, height: 800 },
    simpleSerialize: (s) => JSON.stringify([(s.context as { view: string }).view, (s.context as { modal: { visible: boolean } }).modal.visible]),
  });
  it('covers every state and transition, and the machine follows every path', async () => {
    printCoverage('layout', model.coverage);
    expect(model.coverage.missingTransitions).toEqual([]);
    await replay(machine, model.paths, { width: 1280, height: 800 });
  });
});

describe('preferences machine, model-based', () => {
  const machine = preferencesMachine.provide({ actors: { preferencesStore: noop } });
  const serialize = (s: AnyMachineSnapshot) => JSON.stringify({ v: s.value, ...(s.context as object) });
  const model = buildModel({
    machine,
    events: [
      { type: 'xstate.done.actor.load', output: { ...DEFAULT_PREFERENCES, locale: 'fr', chosen: true } },
      { type: 'xstate.done.actor.load', output: DEFAULT_PREFERENCES },
      { type: 'preferences.suggest', locale: 'es' },
      { type: 'xstate.done.actor.dictionary' },
      { type: 'xstate.error.actor.dictionary', error: new Error('chunk') },
      { type: 'xstate.error.actor.load', error: new Error('storage') },
      { type: 'preferences.language', locale: 'ar' },
      { type: 'preferences.language', locale: 'xx' },
      { type: 'preferences.theme', part: 'sidebar', value: 'theme3' },
      { type: 'preferences.theme', part: 'background', value: 'theme9' },
      { type: 'preferences.mode', mode: 'dark' },
      { type: 'preferences.reset' },
    ] as never,
    serialize,
    simpleSerialize: (s) => JSON.stringify(s.value),
  });
  it('covers every state and transition, and the machine follows every path', async () => {
    printCoverage('preferences', model.coverage);
    expect(model.coverage.missingStates).toEqual([]);
    expect(model.coverage.missingTransitions).toEqual([]);
    await replay(machine, model.paths, undefined, { load: 'loadPreferences', dictionary: 'loadDictionary' });
  });
});

describe('white-label machine, model-based', () => {
  const machine = whiteLabelMachine.provide({ actors: { branding: noop } });
  const serialize = (s: AnyMachineSnapshot) => JSON.stringify({ v: s.value, t: (s.context as { settings: { websiteTitle: string } }).settings.websiteTitle });
  const model = buildModel({
    machine,
    events: [
      { type: 'xstate.done.actor.restore', output: { websiteTitle: 'Cached' } },
      { type: 'xstate.error.actor.restore', error: new Error('no key') },
      { type: 'xstate.done.actor.fetch', output: { ...EMPTY_WHITE_LABEL, websiteTitle: 'Acme' } },
      { type: 'xstate.error.actor.fetch', error: new Error('Network Error') },
      { type: 'whiteLabel.reload' },
    ] as never,
    serialize,
    input: { domain: 'watch.example.com' },
    simpleSerialize: (s) => JSON.stringify(s.value),
  });
  it('covers every state and transition, and the machine follows every path', async () => {
    printCoverage('white-label', model.coverage);
    expect(model.coverage.missingStates).toEqual([]);
    expect(model.coverage.missingTransitions).toEqual([]);
    await replay(machine, model.paths, { domain: 'watch.example.com' }, { restore: 'restoreWhiteLabel', fetch: 'fetchWhiteLabel' });
  });
});
