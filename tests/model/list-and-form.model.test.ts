import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { listAndFormMachine } from '../../src/machines/list-and-form.machine';
import { nodeTagsApi } from '../../src/api/node-tags.api';
import { nodeTagInput } from '../../src/api/contract/node-tags';
import { buildModel, printCoverage, replay } from './model-coverage';

/** A factory-made machine (Node Tags) through its model: every state and transition, replayed on a real actor. */
describe('list-and-form machine (node tags, with a picker), model-based', () => {
  // Node Tags' own config (a per-company list) plus a lookup and a filter, so the pickers' region and `list.where` are in
  // the model too.
  const nodeTagsMachine = listAndFormMachine({
    id: 'nodeTags',
    api: nodeTagsApi,
    schema: nodeTagInput,
    blank: () => ({ name: '', colour: '#1f5fbf' }),
    valuesOf: (tag) => ({ name: tag.name, colour: tag.colour }),
    toInput: (v) => v,
    nameOf: (tag) => tag.name,
    lookups: { sites: async () => [] },
    filters: ['siteId'],
    perCompany: 'node-tags',
  });
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
  const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
  const tag = { id: 't1', name: 'Vaccines', colour: '#112233', nodeCount: 2 };
  const fieldError = { status: 409, code: 'duplicate', details: [{ path: 'name', code: 'duplicate' }] };
  const serialize = (s: AnyMachineSnapshot) => {
    const c = s.context as { rows: unknown[]; form: { values: { name: string } } | null; confirming: unknown; startNew: boolean; created: unknown };
    return JSON.stringify({ v: s.value, rows: c.rows.length > 0, named: Boolean(c.form?.values.name), confirming: Boolean(c.confirming), created: Boolean(c.created) });
  };
  const events = [
    done('page', { data: [tag], total: 1 }), done('page', { data: [], total: 0 }), fail('page', { status: 500, code: 'internal_error' }),
    done('save', tag), fail('save', fieldError), fail('save', { status: 0, code: 'network_error' }),
    done('remove', { deleted: true }), fail('remove', { status: 409, code: 'in_use', details: { kind: 'nodes', count: 1, names: ['Fridge'] } }),
    { type: 'list.filter', q: 'vac' }, { type: 'list.where', name: 'siteId', value: 's1' }, { type: 'list.sort', sort: '-name' },
    { type: 'list.page', offset: 100 }, { type: 'list.reload' }, { type: 'list.move', delta: 1 }, { type: 'list.focus', index: 0 },
    { type: 'form.new' }, { type: 'form.edit', id: 't1' }, { type: 'form.edit' }, { type: 'form.change', field: 'name', value: 'Ward 3' },
    { type: 'form.change', field: 'name', value: '' }, { type: 'form.blur', field: 'name' }, { type: 'form.submit' }, { type: 'form.cancel' },
    { type: 'delete.ask', id: 't1' }, { type: 'delete.ask' }, { type: 'delete.confirm' }, { type: 'delete.cancel' },
    { type: 'notice.dismiss' }, { type: 'created.copied' }, { type: 'created.dismiss' },
    done('lookups', { sites: [{ value: 's1', label: 'Ward' }] }), fail('lookups', { status: 0, code: 'network_error' }), { type: 'lookups.reload' },
    // A switch to another company, and to none (the machine rests in noCompany; the watch only sends the first kind).
    { type: 'company.changed', companyId: 'c2' }, { type: 'company.changed', companyId: null },
  ];
  const sources = { page: 'fetchPage', save: 'saveRow', remove: 'removeRow', lookups: 'fetchLookups' };
  // Simple paths over the form and delete regions (the list's own paths are its shortest ones): their product explodes.
  const coarse = (s: AnyMachineSnapshot) => JSON.stringify({ f: (s.value as { form: unknown }).form, r: (s.value as { remove: unknown }).remove });

  for (const input of [{}, { startNew: true }]) {
    it(`covers every state and transition and the machine follows each path (${input.startNew ? 'opened to create' : 'opened to list'})`, async () => {
      const model = buildModel({ machine: nodeTagsMachine, input, serialize, simpleSerialize: coarse, events: events as never });
      printCoverage(`list-and-form${input.startNew ? ' (new)' : ''}`, model.coverage);
      // `starting` decides on entry and never rests: counted as entered in the microstep that passes through it. The
      // debounce's timer is a delayed transition the traversal cannot fire.
      expect(model.coverage.missingStates).toEqual([]);
      const missing = model.coverage.missingTransitions.filter((t) => !t.includes('xstate.after'));
      expect(missing).toEqual([]);
      await replay(nodeTagsMachine, model.paths.slice(0, 600), input, sources);
    }, 120_000);
  }
});
