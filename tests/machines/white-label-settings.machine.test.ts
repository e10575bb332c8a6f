import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { whiteLabelSettingsMachine } from '../../src/machines/white-label-settings.machine';
import type { WhiteLabelRow } from '../../src/api/contract/white-label';
import type { ListAnswer } from '../../src/api/contract/list';

const row: WhiteLabelRow = {
  id: 'watch.example.com', domain: 'watch.example.com', faviconUrl: '/f.ico', loginLogoUrl: '', siteLogoUrl: 'https://cdn.example.com/s.png', websiteTitle: 'Acme',
  updatedAt: '2024-03-30T10:00:00.000Z',
};

function start(opts: { rows?: WhiteLabelRow[]; save?: (input: { id: string | null; input: unknown }) => Promise<WhiteLabelRow> } = {}) {
  // As the server answers: the host name trimmed and in lower case, and it is the row's id.
  const save = vi.fn(opts.save ?? (async ({ input }) => {
    const domain = String((input as { domain: string }).domain).trim().toLowerCase();
    return { ...row, ...(input as object), id: domain, domain };
  }));
  const remove = vi.fn(async () => ({ deleted: true as const }));
  const a = createActor(
    whiteLabelSettingsMachine.provide({
      actors: {
        fetchPage: fromPromise(async (): Promise<ListAnswer<WhiteLabelRow>> => ({ data: opts.rows ?? [row], total: (opts.rows ?? [row]).length })) as never,
        saveRow: fromPromise(async ({ input }: { input: { id: string | null; input: unknown } }) => save(input)) as never,
        removeRow: fromPromise(async () => remove()) as never,
      },
    }),
    { input: {} },
  ).start();
  const changed: unknown[] = [];
  a.on('rows.changed', (e) => changed.push(e));
  return { a, save, remove, changed };
}

const fill = (a: ReturnType<typeof start>['a'], values: Record<string, string>) => {
  for (const [field, value] of Object.entries(values)) a.send({ type: 'form.change', field, value });
};

describe('white-label settings machine', () => {
  it('checks a new row with the contract and names each problem by a dictionary key, before any call', async () => {
    const { a, save } = start();
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    a.send({ type: 'form.new' });
    fill(a, { domain: 'not a host!', faviconUrl: 'javascript:alert(1)', siteLogoUrl: '//evil.example/x.png', websiteTitle: 'x'.repeat(201) });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.form!.errors).toEqual({
      domain: [{ key: 'management.domainInvalid' }],
      faviconUrl: [{ key: 'management.urlInvalid' }],
      siteLogoUrl: [{ key: 'management.urlInvalid' }],
      websiteTitle: [{ key: 'form.tooLong', params: { max: 200 } }],
    });
    a.send({ type: 'form.change', field: 'domain', value: '' });
    expect(a.getSnapshot().context.form!.errors.domain).toEqual([{ key: 'form.required' }]);
    expect(save).not.toHaveBeenCalled();
  });

  it('creates with every field the form shows, announces the write, and tells listeners the rows changed', async () => {
    const { a, save, changed } = start();
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    a.send({ type: 'form.new' });
    fill(a, { domain: ' Dash.Example.com:8443 ', websiteTitle: '<b>Acme</b>', faviconUrl: '/favicon.svg' });
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.matches({ form: 'closed' }));
    expect(save).toHaveBeenCalledWith({
      id: null,
      input: { domain: ' Dash.Example.com:8443 ', websiteTitle: '<b>Acme</b>', faviconUrl: '/favicon.svg', loginLogoUrl: '', siteLogoUrl: '' },
    });
    expect(a.getSnapshot().context.notice).toEqual({ key: 'manage.created', params: { name: 'dash.example.com:8443' } });
    expect(changed).toEqual([{ type: 'rows.changed' }]);
  });

  it('edits a row by its host name, and shows a taken host name on the domain field', async () => {
    const { a, save } = start({
      save: async () => Promise.reject(Object.assign(new Error('domain: taken'), { status: 409, code: 'duplicate', details: [{ path: 'domain', message: 'taken', code: 'duplicate' }] })),
    });
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    a.send({ type: 'form.edit', id: row.id });
    expect(a.getSnapshot().context.form!.values).toEqual({ domain: row.domain, websiteTitle: 'Acme', faviconUrl: '/f.ico', loginLogoUrl: '', siteLogoUrl: row.siteLogoUrl });
    fill(a, { domain: 'other.example.com' });
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.matches({ form: 'editing' }) && Object.keys(s.context.serverErrors).length > 0);
    expect(save.mock.calls[0]![0]).toMatchObject({ id: 'watch.example.com', input: { domain: 'other.example.com' } });
    expect(a.getSnapshot().context.serverErrors).toEqual({ domain: [{ key: 'management.domainTaken' }] });
    expect(a.getSnapshot().context.formFailure).toBeNull();
  });

  it('deletes after a confirmation, and keeps a failure as a code', async () => {
    const { a, remove, changed } = start();
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    a.send({ type: 'list.move', delta: 1 });
    a.send({ type: 'delete.ask' });
    expect(a.getSnapshot().context.confirming).toEqual(row);
    a.send({ type: 'delete.confirm' });
    await waitFor(a, (s) => s.matches({ remove: 'idle' }));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(a.getSnapshot().context.notice).toEqual({ key: 'manage.deleted', params: { name: 'watch.example.com' } });
    expect(changed).toHaveLength(1);
  });
});
