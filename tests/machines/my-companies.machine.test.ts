import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { myCompaniesMachine } from '../../src/machines/my-companies.machine';
import type { Company } from '../../src/api/contract/company-admin';
import type { ListRequest } from '../../src/api/resource.api';

const company = (id: string, name: string): Company => ({ id, name, customerType: 'UKE', timezone: 'Europe/London', siteCount: 1, userCount: 2 });
const rows = [company('c1', 'Northwind Care Homes'), company('c2', 'Harbour Foods')];

describe('my companies machine', () => {
  it('lists through the list query: sorted by name, filtered after the debounce, paged', async () => {
    const asked: ListRequest[] = [];
    const a = createActor(
      myCompaniesMachine.provide({
        actors: { fetchPage: fromPromise(async ({ input }: { input: { request: ListRequest } }) => (asked.push(input.request), { data: rows, total: 120 })) as never },
      }),
      { input: {} },
    ).start();
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    expect(asked[0]).toEqual({ q: undefined, sort: 'name', offset: 0, limit: 100 });
    vi.useFakeTimers();
    a.send({ type: 'list.filter', q: 'har' });
    a.send({ type: 'list.filter', q: 'harb' });
    vi.advanceTimersByTime(260);
    vi.useRealTimers();
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    expect(asked.slice(1)).toEqual([{ q: 'harb', sort: 'name', offset: 0, limit: 100 }]);
    a.send({ type: 'list.page', offset: 100 });
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    expect(asked.at(-1)).toMatchObject({ q: 'harb', offset: 100 });
  });

  it('is read-only: no form opens and nothing is deleted, whatever the keys send', async () => {
    const a = createActor(myCompaniesMachine.provide({ actors: { fetchPage: fromPromise(async () => ({ data: rows, total: 2 })) as never } }), { input: { startNew: false } }).start();
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    a.send({ type: 'list.move', delta: 1 });
    a.send({ type: 'form.new' });
    a.send({ type: 'form.edit', id: 'c1' });
    a.send({ type: 'delete.ask', id: 'c1' });
    expect(a.getSnapshot().matches({ form: 'closed', remove: 'idle' })).toBe(true);
    // The keyboard still walks the rows.
    expect(a.getSnapshot().context.active).toBe(1);
  });

  it('keeps a failed list as a code and its key', async () => {
    const a = createActor(
      myCompaniesMachine.provide({ actors: { fetchPage: fromPromise(async () => Promise.reject(Object.assign(new Error('down'), { status: 0, code: 'network_error' }))) as never } }),
      { input: {} },
    ).start();
    await waitFor(a, (s) => s.matches({ list: 'failed' }));
    expect(a.getSnapshot().context.listFailure).toEqual({ status: 0, code: 'network_error', key: 'failure.network' });
  });
});
