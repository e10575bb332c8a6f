import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { coordinatesReadout, decimalDegrees, siteChoices } from '../../src/machines/site-tree';
import { optionalNumber, sitesMachine } from '../../src/machines/sites.machine';
import { feedsMachine } from '../../src/machines/feeds.machine';
import { mayChangeSignalType, signalTypesMachine } from '../../src/machines/signal-types.machine';
import type { SignalType } from '../../src/api/contract/signal-types';

const page = <T>(data: T[]) => ({ data, total: data.length });

describe('site tree and coordinates read-out', () => {
  it('labels each site with its path and orders sub-sites under their parent', () => {
    const sites = [
      { id: 'b', name: 'Cold store', parentSiteId: 'a' },
      { id: 'c', name: 'Annex', parentSiteId: null },
      { id: 'a', name: 'London HQ', parentSiteId: null },
      { id: 'd', name: 'Bay 1', parentSiteId: 'b' },
      { id: 'e', name: 'Orphan', parentSiteId: 'gone' },
    ];
    expect(siteChoices(sites)).toEqual([
      { value: 'c', label: 'Annex' },
      { value: 'a', label: 'London HQ' },
      { value: 'b', label: 'London HQ › Cold store' },
      { value: 'd', label: 'London HQ › Cold store › Bay 1' },
      { value: 'e', label: 'Orphan' },
    ]);
  });

  it('survives a cycle without looping', () => {
    expect(siteChoices([{ id: 'a', name: 'A', parentSiteId: 'b' }, { id: 'b', name: 'B', parentSiteId: 'a' }])).toHaveLength(2);
  });

  it('reads DMS and decimal text as decimal degrees with a true minus sign', () => {
    expect(coordinatesReadout(`51°30'26"N 0°7'39"W`)).toBe('51.5072, \u22120.1275');
    expect(coordinatesReadout('51.5072, -0.1275')).toBe('51.5072, \u22120.1275');
    expect(coordinatesReadout('  ')).toBe('empty');
    expect(coordinatesReadout('somewhere')).toBe('invalid');
    expect(decimalDegrees({ latitude: -0.00001, longitude: 0 })).toBe('0.0000, 0.0000');
  });

  it('turns optional number fields into numbers or null', () => {
    expect(optionalNumber('')).toBeNull();
    expect(optionalNumber(' 2.5 ')).toBe(2.5);
    expect(optionalNumber('2,5')).toBe(2.5);
    expect(optionalNumber('x')).toBeNaN();
  });
});

describe('management machines', () => {
  it('sites: a sub-site body with a range; low ≥ high names high with its own message; a bad text names coordinates', async () => {
    const create = vi.fn(async (input: unknown) => ({ id: 'n', ...(input as object) }));
    const lookupLoads = vi.fn(() => ({ sites: [{ value: 'p', label: 'Parent' }] }));
    const machine = sitesMachine.provide({
      actors: {
        fetchPage: fromPage([]),
        fetchLookups: fromPromise(async () => lookupLoads()) as never,
        saveRow: fromPromise(async ({ input }: { input: { input: unknown } }) => create(input.input)) as never,
      },
    });
    const a = createActor(machine, { input: {} }).start();
    await waitFor(a, (s) => s.matches({ lookups: 'ready' }));
    expect(a.getSnapshot().context.lookups.sites).toEqual([{ value: 'p', label: 'Parent' }]);
    a.send({ type: 'form.new' });
    for (const [field, value] of Object.entries({ name: 'Sub', parentSiteId: 'p', coordinates: 'nowhere', timezone: 'Europe/London', low: '9', high: '3' })) {
      a.send({ type: 'form.change', field, value });
    }
    a.send({ type: 'form.submit' });
    const errors = a.getSnapshot().context.form!.errors;
    expect(errors.high).toEqual([{ key: 'sites.highAboveLow' }]);
    expect(errors.coordinates).toEqual([{ key: 'sites.coordinatesInvalid' }]);
    a.send({ type: 'form.change', field: 'coordinates', value: `51°30'26"N 0°7'39"W` });
    a.send({ type: 'form.change', field: 'low', value: '' });
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.matches({ form: 'closed' }));
    // The new site is a parent to pick from now on.
    await waitFor(a, (s) => s.matches({ lookups: 'ready' }));
    expect(lookupLoads).toHaveBeenCalledTimes(2);
    expect(create).toHaveBeenCalledWith({
      name: 'Sub', parentSiteId: 'p', address: '', coordinates: `51°30'26"N 0°7'39"W`, timezone: 'Europe/London', low: null, high: 3,
    });
  });

  it('sites: a new site starts in the browser zone and as a top-level site', () => {
    const a = createActor(sitesMachine.provide({ actors: { fetchPage: fromPage([]) } }), { input: { startNew: true } }).start();
    expect(a.getSnapshot().context.form!.values).toMatchObject({ parentSiteId: '', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    a.stop();
  });

  it('feeds: empty ends are none, numbers are numbers, and a node must be chosen', () => {
    const a = createActor(feedsMachine.provide({ actors: { fetchPage: fromPage([]) } }), { input: { startNew: true } }).start();
    a.send({ type: 'form.change', field: 'name', value: 'Temp' });
    a.send({ type: 'form.submit' });
    const errors = a.getSnapshot().context.form!.errors;
    expect(errors.nodeId).toEqual([{ key: 'form.required' }]);
    expect(errors.signalTypeId).toEqual([{ key: 'form.required' }]);
    a.send({ type: 'form.change', field: 'low', value: 'abc' });
    expect(a.getSnapshot().context.form!.errors.low).toEqual([{ key: 'form.number' }]);
    a.send({ type: 'form.change', field: 'low', value: '5' });
    a.send({ type: 'form.change', field: 'high', value: '5' });
    expect(a.getSnapshot().context.form!.errors.high).toEqual([{ key: 'feeds.highAboveLow' }]);
    a.stop();
  });

  it('signal types: a change leaves the key out; built-in types are the platform admins’ only', () => {
    const builtIn: SignalType = { id: 's', key: 'temperature', name: 'Temperature', unit: '°C', kind: 'instant', builtIn: true, feedCount: 3 };
    expect(mayChangeSignalType('manager', builtIn)).toBe(false);
    expect(mayChangeSignalType('admin', builtIn)).toBe(true);
    expect(mayChangeSignalType('manager', { ...builtIn, builtIn: false })).toBe(true);
    const a = createActor(signalTypesMachine.provide({ actors: { fetchPage: fromPage([builtIn]) } }), { input: { startNew: true } }).start();
    a.send({ type: 'form.change', field: 'key', value: 'Bad Key' });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.form!.errors.key).toEqual([{ key: 'signalTypes.keyRule' }]);
    a.stop();
  });
});

/** A list call answering `rows` (typed loosely: each machine's actor has its own row type). */
function fromPage<T>(rows: T[]) {
  return fromPromise(async () => page(rows)) as never;
}
