import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { FILTER_DEBOUNCE_MS, listAndFormMachine } from '../../src/machines/list-and-form.machine';
import type { ResourceApi, ListRequest } from '../../src/api/resource.api';
import { nodeTagInput, type NodeTag, type NodeTagInput } from '../../src/api/contract/node-tags';
import { held, session, startSession } from './session-fixtures';

class FakeError extends Error {
  constructor(readonly status: number, readonly code: string, readonly details?: unknown) {
    super(code);
  }
}

const tag = (i: number): NodeTag => ({ id: `t${i}`, name: `Tag ${i}`, colour: '#112233', nodeCount: i % 3 });

function fakeApi(rows = [tag(1), tag(2), tag(3)]) {
  const calls: ListRequest[] = [];
  const api: ResourceApi<NodeTag, NodeTagInput> & { calls: ListRequest[] } = {
    calls,
    list: vi.fn(async (params: ListRequest) => {
      calls.push(params);
      const q = String(params.q ?? '').toLowerCase();
      const hit = rows.filter((r) => r.name.toLowerCase().includes(q));
      return { data: hit.slice(Number(params.offset ?? 0), Number(params.offset ?? 0) + Number(params.limit ?? 100)), total: hit.length };
    }),
    get: vi.fn(async (id: string) => rows.find((r) => r.id === id)!),
    create: vi.fn(async (input: NodeTagInput) => ({ id: 'new', name: input.name, colour: input.colour, nodeCount: 0 })),
    update: vi.fn(async (id: string, input: NodeTagInput) => ({ ...rows.find((r) => r.id === id)!, ...input })),
    remove: vi.fn(async () => ({ deleted: true as const })),
  };
  return api;
}

const machineConfig = (api: ResourceApi<NodeTag, NodeTagInput>) => ({
    id: 'nodeTags',
    api,
    schema: nodeTagInput,
    blank: () => ({ name: '', colour: '#3366cc' }),
    valuesOf: (t: NodeTag) => ({ name: t.name, colour: t.colour }),
    toInput: (v: { name: string; colour: string }) => ({ name: v.name, colour: v.colour }),
    nameOf: (t: NodeTag) => t.name,
    fieldKeys: { colour: { invalid_format: 'form.colour' } },
    defaultSort: 'name',
    pageSize: 2,
  }) as const;
const machineWith = (api: ResourceApi<NodeTag, NodeTagInput>) => listAndFormMachine<NodeTag, { name: string; colour: string }, NodeTagInput>(machineConfig(api));

async function started(api = fakeApi()) {
  const actor = createActor(machineWith(api), { input: {} }).start();
  await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  return actor;
}

describe('list-and-form machine', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the first page with the default sort and page size, and puts the keyboard on the first row', async () => {
    const api = fakeApi();
    const a = await started(api);
    expect(api.calls[0]).toEqual({ q: undefined, sort: 'name', offset: 0, limit: 2 });
    expect(a.getSnapshot().context).toMatchObject({ total: 3, active: 0 });
    expect(a.getSnapshot().context.rows.map((r) => r.id)).toEqual(['t1', 't2']);
  });

  describe('with fake timers', () => {
    beforeEach(() => vi.useFakeTimers());
    it('sends one filter request 250 ms after the last keystroke of a burst, from the first page', async () => {
      const api = fakeApi();
      const a = createActor(machineWith(api), { input: {} }).start();
      await vi.runAllTimersAsync();
      a.send({ type: 'list.page', offset: 2 });
      await vi.runAllTimersAsync();
      const before = api.calls.length;
      for (const q of ['t', 'ta', 'tag 3']) {
        a.send({ type: 'list.filter', q });
        await vi.advanceTimersByTimeAsync(FILTER_DEBOUNCE_MS - 10);
      }
      expect(api.calls.length).toBe(before);
      await vi.advanceTimersByTimeAsync(20);
      expect(api.calls.slice(before)).toEqual([{ q: 'tag 3', sort: 'name', offset: 0, limit: 2 }]);
      await vi.runAllTimersAsync();
      expect(a.getSnapshot().context.rows.map((r) => r.id)).toEqual(['t3']);
    });
  });

  it('sorts and pages at once, and keeps j/k inside the page', async () => {
    const api = fakeApi();
    const a = await started(api);
    a.send({ type: 'list.sort', sort: '-name' });
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    expect(api.calls.at(-1)).toMatchObject({ sort: '-name', offset: 0 });
    a.send({ type: 'list.page', offset: 2 });
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    expect(api.calls.at(-1)).toMatchObject({ offset: 2 });
    a.send({ type: 'list.page', offset: 99 });
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    expect(api.calls.at(-1)).toMatchObject({ offset: 2 });
    a.send({ type: 'list.move', delta: 5 });
    expect(a.getSnapshot().context.active).toBe(0);
    a.send({ type: 'list.move', delta: -1 });
    expect(a.getSnapshot().context.active).toBe(0);
  });

  it('refuses an invalid form without a call, naming each field with a dictionary key', async () => {
    const api = fakeApi();
    const a = await started(api);
    a.send({ type: 'form.new' });
    a.send({ type: 'form.change', field: 'colour', value: 'red' });
    expect(a.getSnapshot().context.form?.errors).toEqual({});
    a.send({ type: 'form.blur', field: 'colour' });
    expect(a.getSnapshot().context.form?.errors).toEqual({ colour: [{ key: 'form.colour' }] });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.form?.errors).toEqual({ name: [{ key: 'form.required' }], colour: [{ key: 'form.colour' }] });
    expect(a.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(api.create).not.toHaveBeenCalled();
  });

  it('creates, closes the form, says so and reloads the list', async () => {
    const api = fakeApi();
    const a = await started(api);
    const calls = api.calls.length;
    a.send({ type: 'form.new' });
    a.send({ type: 'form.change', field: 'name', value: 'Vaccines' });
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.matches({ form: 'closed' }) && s.matches({ list: 'ready' }));
    expect(api.create).toHaveBeenCalledWith({ name: 'Vaccines', colour: '#3366cc' });
    expect(a.getSnapshot().context.notice).toEqual({ key: 'manage.created', params: { name: 'Vaccines' } });
    expect(api.calls.length).toBe(calls + 1);
    a.send({ type: 'notice.dismiss' });
    expect(a.getSnapshot().context.notice).toBeNull();
  });

  it('takes list.where only for the filters its screen offers, and has no lookups region without lookups', async () => {
    const plain = await started();
    plain.send({ type: 'list.where', name: 'siteId', value: 's1' });
    expect(plain.getSnapshot().matches({ list: 'ready' })).toBe(true);
    expect(plain.getSnapshot().value).not.toHaveProperty('lookups');

    const api = fakeApi();
    const machine = listAndFormMachine<NodeTag, { name: string; colour: string }, NodeTagInput>({
      ...machineConfig(api),
      filters: ['siteId'],
    });
    const a = createActor(machine, { input: {} }).start();
    await waitFor(a, (st) => st.matches({ list: 'ready' }));
    a.send({ type: 'list.where', name: 'hubId', value: 'h1' });
    expect(a.getSnapshot().matches({ list: 'ready' })).toBe(true);
    const calls = api.calls.length;
    a.send({ type: 'list.where', name: 'siteId', value: 's1' });
    await waitFor(a, (st) => st.matches({ list: 'ready' }));
    expect(api.calls.slice(calls)).toEqual([{ siteId: 's1', q: undefined, sort: 'name', offset: 0, limit: 2 }]);
  });

  it('edits the active row (Enter) and saves with PUT', async () => {
    const api = fakeApi();
    const a = await started(api);
    a.send({ type: 'list.move', delta: 1 });
    a.send({ type: 'form.edit' });
    expect(a.getSnapshot().context.form?.values).toEqual({ name: 'Tag 2', colour: '#112233' });
    a.send({ type: 'form.change', field: 'name', value: 'Ward 2' });
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.matches({ form: 'closed' }));
    expect(api.update).toHaveBeenCalledWith('t2', { name: 'Ward 2', colour: '#112233' });
    expect(a.getSnapshot().context.notice?.key).toBe('manage.updated');
  });

  it("puts a server's field problems on the fields, and clears one when that field is edited", async () => {
    const api = fakeApi();
    (api.create as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new FakeError(409, 'duplicate', [{ path: 'name', code: 'duplicate', message: 'exists' }]));
    const a = await started(api);
    a.send({ type: 'form.new' });
    a.send({ type: 'form.change', field: 'name', value: 'Tag 1' });
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.matches({ form: 'editing' }) && Object.keys(s.context.serverErrors).length > 0);
    expect(a.getSnapshot().context.serverErrors).toEqual({ name: [{ key: 'form.duplicate' }] });
    expect(a.getSnapshot().context.formFailure).toBeNull();
    a.send({ type: 'form.change', field: 'name', value: 'Tag 9' });
    expect(a.getSnapshot().context.serverErrors).toEqual({});
  });

  it('keeps the form and its values when the save fails for another reason, with the failure as a key', async () => {
    const api = fakeApi();
    (api.create as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new FakeError(0, 'network_error'));
    const a = await started(api);
    a.send({ type: 'form.new' });
    a.send({ type: 'form.change', field: 'name', value: 'Kept' });
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.context.formFailure !== null);
    expect(a.getSnapshot().context.formFailure).toMatchObject({ code: 'network_error', key: 'failure.network' });
    expect(a.getSnapshot().context.form?.values.name).toBe('Kept');
  });

  it('asks before deleting, shows 409 in_use in the dialog, and deletes once confirmed', async () => {
    const api = fakeApi();
    (api.remove as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new FakeError(409, 'in_use', { kind: 'nodes', count: 2, names: ['Fridge 1', 'Fridge 2'] }));
    const a = await started(api);
    a.send({ type: 'delete.ask' });
    expect(a.getSnapshot().context.confirming?.id).toBe('t1');
    a.send({ type: 'delete.confirm' });
    await waitFor(a, (s) => s.context.deleteFailure !== null);
    expect(a.getSnapshot().matches({ remove: 'confirming' })).toBe(true);
    expect(a.getSnapshot().context.deleteFailure).toEqual({ status: 409, code: 'in_use', key: 'failure.inUse.nodes', params: { count: 2, names: 'Fridge 1, Fridge 2' } });
    a.send({ type: 'delete.confirm' });
    await waitFor(a, (s) => s.matches({ remove: 'idle' }));
    expect(a.getSnapshot().context.notice).toEqual({ key: 'manage.deleted', params: { name: 'Tag 1' } });
    a.send({ type: 'delete.ask', id: 't2' });
    a.send({ type: 'delete.cancel' });
    expect(a.getSnapshot().context.confirming).toBeNull();
    expect(api.remove).toHaveBeenCalledTimes(2);
  });

  it('shows a failed list as a key and loads again on retry', async () => {
    const api = fakeApi();
    (api.list as ReturnType<typeof vi.fn>).mockRejectedValueOnce(new FakeError(500, 'internal_error'));
    const a = createActor(machineWith(api), { input: {} }).start();
    await waitFor(a, (s) => s.matches({ list: 'failed' }));
    expect(a.getSnapshot().context.listFailure?.key).toBe('failure.server');
    a.send({ type: 'list.reload' });
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    expect(a.getSnapshot().context.listFailure).toBeNull();
  });
});

describe('a per-company list', () => {
  /** The real session machine, signed in as a platform admin acting for no company; switching answers that company. */
  async function adminWithoutCompany() {
    const admin = held({ role: 'admin', companyId: null, companyName: null });
    const s = startSession({
      restored: { session: admin, userTokens: {}, unauthorizedCount: 0 },
      switchCompany: async ({ companyId }) => session({ role: 'admin', companyId, companyName: companyId }),
    });
    await waitFor(s.actor, (st) => st.matches('signedIn'));
    return s.actor;
  }
  const perCompany = (api: ResourceApi<NodeTag, NodeTagInput>) =>
    listAndFormMachine<NodeTag, { name: string; colour: string }, NodeTagInput>({ ...machineConfig(api), perCompany: 'node-tags' });

  it('asks nothing while the session acts for no company, opens no form, and loads once a company is chosen', async () => {
    const sessionActor = await adminWithoutCompany();
    const api = fakeApi();
    // Opened as the palette's "New node tag" does: no form for a company that is not there either.
    const a = createActor(perCompany(api), { input: { session: sessionActor, startNew: true } }).start();
    await new Promise((r) => setTimeout(r, 10));
    expect(a.getSnapshot().matches({ list: 'noCompany', form: 'closed' })).toBe(true);
    a.send({ type: 'list.reload' });
    a.send({ type: 'form.new' });
    await new Promise((r) => setTimeout(r, 10));
    expect(a.getSnapshot().matches({ list: 'noCompany', form: 'closed' })).toBe(true);
    expect(api.list).not.toHaveBeenCalled();

    sessionActor.send({ type: 'company.switch', companyId: 'c2' });
    await waitFor(a, (st) => st.matches({ list: 'ready' }));
    expect(api.calls).toEqual([{ q: undefined, sort: 'name', offset: 0, limit: 2 }]);
    expect(a.getSnapshot().context.rows.map((r) => r.id)).toEqual(['t1', 't2']);
  });

  it("reads the list again for another company from its first page, dropping the old company's rows and closing its form", async () => {
    const sessionActor = await adminWithoutCompany();
    sessionActor.send({ type: 'company.switch', companyId: 'c1' });
    await waitFor(sessionActor, (st) => st.context.session?.companyId === 'c1');
    const api = fakeApi();
    const a = createActor(perCompany(api), { input: { session: sessionActor } }).start();
    await waitFor(a, (st) => st.matches({ list: 'ready' }));
    a.send({ type: 'list.page', offset: 2 });
    await waitFor(a, (st) => st.matches({ list: 'ready' }) && st.context.offset === 2);
    a.send({ type: 'form.new' });
    const reloading: unknown[] = [];
    a.subscribe((st) => st.matches({ list: 'loading' }) && reloading.push(st.context.rows));
    sessionActor.send({ type: 'company.switch', companyId: 'c2' });
    await waitFor(a, (st) => st.matches({ list: 'ready', form: 'closed' }) && api.calls.length === 3);
    expect(reloading[0]).toEqual([]);
    expect(api.calls[2]).toEqual({ q: undefined, sort: 'name', offset: 0, limit: 2 });
  });

  it('a list that needs no company (companies, users) has no noCompany state and no company watch', () => {
    const plain = machineWith(fakeApi());
    expect(Object.keys(plain.root.states.list!.states)).not.toContain('noCompany');
    expect(Object.keys(perCompany(fakeApi()).root.states.list!.states)).toContain('noCompany');
  });
});
