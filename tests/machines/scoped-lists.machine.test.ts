import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import type { HubApiKey } from '../../src/api/hub-keys.api';
import type { Share } from '../../src/api/contract/shares';
import type { ExportSchedule } from '../../src/api/contract/export-schedules';

// The three lists of one parent (a hub's keys, a site's links and scheduled exports) on the list-and-form factory,
// through their real api adapters: only the api modules' calls are replaced, so the scope's wiring is what is tested.
const keys = vi.hoisted(() => ({ list: vi.fn(), create: vi.fn(), revoke: vi.fn() }));
vi.mock('../../src/api/hub-keys.api', () => ({ listHubApiKeys: keys.list, createHubApiKey: keys.create, revokeHubApiKey: keys.revoke }));
const shares = vi.hoisted(() => ({ list: vi.fn(), create: vi.fn(), revoke: vi.fn() }));
vi.mock('../../src/api/shares.api', () => ({ listShares: shares.list, createShare: shares.create, revokeShare: shares.revoke }));
const schedules = vi.hoisted(() => ({ list: vi.fn(), create: vi.fn(), remove: vi.fn(), users: vi.fn() }));
vi.mock('../../src/api/export-schedules.api', () => ({ exportSchedulesApi: { list: schedules.list, create: schedules.create, remove: schedules.remove } }));
vi.mock('../../src/api/users.api', () => ({ usersApi: { list: schedules.users } }));
// The lookups wait for the list's first paint, which a unit test has none of.
vi.mock('../../src/machines/after-paint', () => ({ painted: async () => undefined }));

const { hubKeysMachine } = await import('../../src/machines/hub-keys.machine');
const { siteSharesMachine } = await import('../../src/machines/site-shares.machine');
const { exportSchedulesMachine } = await import('../../src/machines/export-schedules.machine');
const { DEFAULT_VIEW } = await import('../../src/machines/site-view');

class FakeError extends Error {
  constructor(readonly status: number, readonly code: string) {
    super(code);
  }
}

const at = '2024-05-01T10:00:00.000Z';
const live: HubApiKey = { id: 'k1', label: 'Gateway', createdAt: at, revokedAt: null };
const gone: HubApiKey = { id: 'k0', label: 'Old', createdAt: at, revokedAt: at };
const settled = (a: AnyActorRef) => waitFor(a, (s) => !s.matches({ list: 'loading' }) && !s.matches({ form: 'saving' }) && !s.matches({ remove: 'deleting' }));

beforeEach(() => vi.clearAllMocks());

describe('a hub’s API keys (scoped to the hub)', () => {
  const open = async () => {
    const a = createActor(hubKeysMachine, { input: { scope: { id: 'h1', name: 'North gateway' } } }).start();
    await settled(a);
    return a;
  };

  it('lists that hub’s keys, with the new key’s form open and empty', async () => {
    keys.list.mockResolvedValue([gone, live]);
    const a = await open();
    expect(keys.list).toHaveBeenCalledWith('h1');
    expect(a.getSnapshot().context.rows.map((k) => k.id)).toEqual(['k0', 'k1']);
    expect(a.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(a.getSnapshot().context.form?.values).toEqual({ label: '' });
  });

  it('creates a key, keeps its secret only in the create answer, and opens the form again empty', async () => {
    keys.list.mockResolvedValueOnce([live]).mockResolvedValue([live, { id: 'k2', label: 'Cold room', createdAt: at, revokedAt: null }]);
    keys.create.mockResolvedValue({ id: 'k2', key: 'swk_secret', label: 'Cold room', createdAt: at });
    const a = await open();
    a.send({ type: 'form.change', field: 'label', value: '  Cold room  ' });
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.context.rows.length === 2 && s.matches({ form: 'editing' }));
    expect(keys.create).toHaveBeenCalledWith('h1', { label: 'Cold room' });
    const c = a.getSnapshot().context;
    expect(c.created).toMatchObject({ id: 'k2', key: 'swk_secret' });
    expect(c.notice?.key).toBe('hubs.keyMadeNotice');
    expect(c.form?.values).toEqual({ label: '' });
    expect(JSON.stringify(c.rows)).not.toContain('swk_secret');
    a.send({ type: 'created.copied' });
    expect(a.getSnapshot().context.copied).toBe(true);
  });

  it('sends no label when none is typed, and refuses one longer than the contract allows without calling', async () => {
    keys.list.mockResolvedValue([]);
    keys.create.mockResolvedValue({ id: 'k2', key: 'swk_x', label: '', createdAt: at });
    const a = await open();
    a.send({ type: 'form.change', field: 'label', value: 'x'.repeat(201) });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(a.getSnapshot().context.form?.errors.label?.length).toBe(1);
    expect(keys.create).not.toHaveBeenCalled();
    a.send({ type: 'form.change', field: 'label', value: '   ' });
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.context.created !== null);
    expect(keys.create).toHaveBeenCalledWith('h1', {});
  });

  it('revokes a live key only after a confirmation, never a revoked one, and forgets a secret shown for it', async () => {
    keys.list.mockResolvedValueOnce([gone, live]).mockResolvedValue([gone, { ...live, revokedAt: at }]);
    keys.revoke.mockResolvedValue({ ...live, revokedAt: at });
    const a = await open();
    a.send({ type: 'delete.ask', id: 'k0' });
    expect(a.getSnapshot().context.confirming).toBeNull();
    a.send({ type: 'delete.ask', id: 'k1' });
    expect(a.getSnapshot().matches({ remove: 'confirming' })).toBe(true);
    a.send({ type: 'delete.cancel' });
    expect(keys.revoke).not.toHaveBeenCalled();
    a.send({ type: 'delete.ask', id: 'k1' });
    a.send({ type: 'delete.confirm' });
    await waitFor(a, (s) => s.matches({ remove: 'idle' }) && s.context.rows[1]?.revokedAt !== null && s.matches({ list: 'ready' }));
    expect(keys.revoke).toHaveBeenCalledWith('h1', 'k1');
    expect(a.getSnapshot().context.notice?.key).toBe('hubs.keyRevokedNotice');
  });

  it('keeps a failed revoke in the confirmation, and a failed list offers a retry', async () => {
    keys.list.mockRejectedValueOnce(new FakeError(500, 'internal_error')).mockResolvedValue([live]);
    keys.revoke.mockRejectedValue(new FakeError(404, 'not_found'));
    const a = await open();
    expect(a.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(a.getSnapshot().context.listFailure?.key).toBe('failure.server');
    a.send({ type: 'list.reload' });
    await waitFor(a, (s) => s.matches({ list: 'ready' }));
    a.send({ type: 'delete.ask', id: 'k1' });
    a.send({ type: 'delete.confirm' });
    await waitFor(a, (s) => s.context.deleteFailure !== null);
    expect(a.getSnapshot().matches({ remove: 'confirming' })).toBe(true);
    expect(a.getSnapshot().context.deleteFailure).toMatchObject({ status: 404, key: 'failure.notFound' });
  });
});

describe('a site’s share links (scoped to the site)', () => {
  const share = (over: Partial<Share> = {}): Share => ({ id: 'sh1', siteId: 's1', createdAt: '2026-11-25T10:00:00.000Z', expiresAt: '2099-12-02T10:00:00.000Z', createdBy: 'u1', createdByName: 'Max', revokedAt: null, ...over });

  it('refuses a period outside 1–90 days, shows a new link once, and revokes only an active one after asking', async () => {
    shares.list.mockResolvedValueOnce([share({ id: 'old', expiresAt: '2020-01-01T00:00:00.000Z' })]).mockResolvedValueOnce([share()]).mockResolvedValue([share({ revokedAt: at })]);
    shares.create.mockResolvedValue({ id: 'sh1', url: 'http://x/site-dashboard-export/site/s1?token=abc', expiresAt: '2099-12-02T10:00:00.000Z' });
    shares.revoke.mockResolvedValue({ deleted: true });
    const a = createActor(siteSharesMachine, { input: { scope: 's1' } }).start();
    await settled(a);
    expect(shares.list).toHaveBeenCalledWith('s1');
    expect(a.getSnapshot().context.form?.values).toEqual({ expiresInDays: '7' });
    a.send({ type: 'delete.ask', id: 'old' });
    expect(a.getSnapshot().context.confirming).toBeNull();
    a.send({ type: 'form.change', field: 'expiresInDays', value: '91' });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.form?.errors.expiresInDays).toEqual([{ key: 'form.tooHigh', params: { max: 90 } }]);
    a.send({ type: 'form.change', field: 'expiresInDays', value: '' });
    a.send({ type: 'form.submit' });
    expect(shares.create).not.toHaveBeenCalled();
    a.send({ type: 'form.change', field: 'expiresInDays', value: '3' });
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.context.created !== null && s.matches({ list: 'ready' }));
    expect(shares.create).toHaveBeenCalledWith('s1', 3);
    a.send({ type: 'delete.ask', id: 'sh1' });
    a.send({ type: 'delete.confirm' });
    await waitFor(a, (s) => s.context.notice?.key === 'shares.revokedNotice' && s.matches({ list: 'ready' }));
    expect(shares.revoke).toHaveBeenCalledWith('s1', 'sh1');
    // The address of a revoked link is of no use: it is not shown any more.
    expect(a.getSnapshot().context.created).toBeNull();
  });
});

describe('a site’s scheduled exports (scoped to the site and its chart)', () => {
  const view = { ...DEFAULT_VIEW, siteId: 's1', feedIds: ['f1'] };
  const schedule: ExportSchedule = {
    id: 'x1', name: 'Weekly Riverside', siteId: 's1', kind: 'readings', query: { feedIds: ['f1'], from: at, to: at, interval: '1hour', dataViewType: 'RawData' } as ExportSchedule['query'],
    every: 'week', recipients: ['u1'], nextRunAt: at,
  } as ExportSchedule;

  it('lists the site’s schedules, offers enabled members, insists on a recipient, and deletes after asking', async () => {
    schedules.list.mockResolvedValueOnce({ data: [], total: 0 }).mockResolvedValueOnce({ data: [schedule], total: 1 }).mockResolvedValue({ data: [], total: 0 });
    schedules.users.mockResolvedValue({ data: [{ id: 'u1', name: 'Max', email: 'max@x.test' }, { id: 'u2', name: '', email: 'off@x.test', disabled: true }], total: 2 });
    schedules.create.mockResolvedValue(schedule);
    schedules.remove.mockResolvedValue({ deleted: true });
    const a = createActor(exportSchedulesMachine, { input: { scope: { siteId: 's1', view, maxPoints: 800 } } }).start();
    await waitFor(a, (s) => s.matches({ lookups: 'ready' } as never));
    expect(schedules.list.mock.calls[0]![0]).toMatchObject({ siteId: 's1', sort: 'nextRunAt' });
    expect(a.getSnapshot().context.lookups['members']).toEqual([{ value: 'u1', label: 'Max (max@x.test)' }]);
    a.send({ type: 'form.change', field: 'every', value: 'month' });
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.form?.errors.recipients).toEqual([{ key: 'schedules.chooseRecipients' }]);
    a.send({ type: 'form.change', field: 'recipients', value: ['u1'] });
    a.send({ type: 'form.submit' });
    await waitFor(a, (s) => s.context.rows.length === 1 && s.matches({ form: 'editing' }));
    expect(schedules.create.mock.calls[0]![0]).toMatchObject({ siteId: 's1', kind: 'readings', every: 'month', recipients: ['u1'], query: { feedIds: ['f1'] } });
    expect(a.getSnapshot().context.notice?.key).toBe('schedules.done.created');
    a.send({ type: 'delete.ask', id: 'x1' });
    expect(schedules.remove).not.toHaveBeenCalled();
    a.send({ type: 'delete.confirm' });
    await waitFor(a, (s) => s.context.notice?.key === 'schedules.done.deleted' && s.matches({ list: 'ready' }));
    expect(schedules.remove).toHaveBeenCalledWith('x1');
  });
});
