import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { hubKeysMachine } from '../../src/machines/hub-keys.machine';
import type { HubApiKey, HubApiKeyCreated } from '../../src/api/hub-keys.api';

class FakeError extends Error {
  constructor(readonly status: number, readonly code: string) {
    super(code);
  }
}

const at = '2024-05-01T10:00:00.000Z';
const live: HubApiKey = { id: 'k1', label: 'Gateway', createdAt: at, revokedAt: null };
const gone: HubApiKey = { id: 'k0', label: 'Old', createdAt: at, revokedAt: at };

function harness(opts: { list?: () => Promise<HubApiKey[]>; revoke?: (id: string) => Promise<HubApiKey> } = {}) {
  const calls = { list: vi.fn(), create: vi.fn(), revoke: vi.fn() };
  const machine = hubKeysMachine.provide({
    actors: {
      loadKeys: fromPromise<HubApiKey[], { hubId: string }>(async ({ input }) => {
        calls.list(input.hubId);
        return opts.list ? opts.list() : [gone, live];
      }),
      createKey: fromPromise<HubApiKeyCreated, { hubId: string; label: string }>(async ({ input }) => {
        calls.create(input);
        return { id: 'k2', key: 'swk_secret', label: input.label.trim(), createdAt: at };
      }),
      revokeKey: fromPromise<HubApiKey, { hubId: string; keyId: string }>(async ({ input }) => {
        calls.revoke(input);
        if (opts.revoke) return opts.revoke(input.keyId);
        return { id: input.keyId, label: 'x', createdAt: at, revokedAt: '2024-05-02T10:00:00.000Z' };
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

async function opened(h = harness()) {
  h.actor.send({ type: 'keys.open', hub: { id: 'h1', name: 'North gateway' } });
  await waitFor(h.actor, (s) => s.matches({ open: 'ready' }) || s.matches({ open: 'failed' }));
  return h;
}

describe('hub keys machine', () => {
  it('is closed until a hub is named, then loads that hub’s keys', async () => {
    const h = harness();
    expect(h.actor.getSnapshot().matches('closed')).toBe(true);
    h.actor.send({ type: 'key.create' });
    expect(h.calls.create).not.toHaveBeenCalled();
    await opened(h);
    expect(h.calls.list).toHaveBeenCalledWith('h1');
    expect(h.actor.getSnapshot().context.keys.map((k) => k.id)).toEqual(['k0', 'k1']);
  });

  it('creates a key, shows its secret once, lists it without the secret, and forgets it on close', async () => {
    const { actor, calls } = await opened();
    actor.send({ type: 'label.change', value: '  Cold room  ' });
    actor.send({ type: 'key.create' });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }) && s.context.created !== null);
    expect(calls.create).toHaveBeenCalledWith({ hubId: 'h1', label: '  Cold room  ' });
    const ctx = actor.getSnapshot().context;
    expect(ctx.created?.key).toBe('swk_secret');
    expect(ctx.label).toBe('');
    expect(ctx.changed).toBe(true);
    expect(ctx.keys.at(-1)).toEqual({ id: 'k2', label: 'Cold room', createdAt: at, revokedAt: null });
    expect(JSON.stringify(ctx.keys)).not.toContain('swk_secret');
    actor.send({ type: 'key.copied' });
    expect(actor.getSnapshot().context.copied).toBe(true);
    actor.send({ type: 'keys.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.created).toBeNull();
  });

  it('refuses a label longer than the contract allows without calling the server', async () => {
    const { actor, calls } = await opened();
    actor.send({ type: 'label.change', value: 'x'.repeat(201) });
    actor.send({ type: 'key.create' });
    expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    expect(calls.create).not.toHaveBeenCalled();
  });

  it('revokes a live key only after a confirmation, and keeps it listed as revoked', async () => {
    const { actor, calls } = await opened();
    actor.send({ type: 'revoke.ask', id: 'k0' });
    expect(actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    actor.send({ type: 'revoke.ask', id: 'k1' });
    expect(actor.getSnapshot().matches({ open: 'confirming' })).toBe(true);
    actor.send({ type: 'revoke.cancel' });
    expect(actor.getSnapshot().context.confirming).toBeNull();
    expect(calls.revoke).not.toHaveBeenCalled();
    actor.send({ type: 'revoke.ask', id: 'k1' });
    actor.send({ type: 'revoke.confirm' });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    expect(calls.revoke).toHaveBeenCalledWith({ hubId: 'h1', keyId: 'k1' });
    expect(actor.getSnapshot().context.keys.find((k) => k.id === 'k1')?.revokedAt).not.toBeNull();
    expect(actor.getSnapshot().context.confirming).toBeNull();
  });

  it('keeps a failed revoke in the confirmation with its dictionary key', async () => {
    const h = harness({ revoke: async () => Promise.reject(new FakeError(404, 'not_found')) });
    const { actor } = await opened(h);
    actor.send({ type: 'revoke.ask', id: 'k1' });
    actor.send({ type: 'revoke.confirm' });
    await waitFor(actor, (s) => s.context.revokeFailure !== null);
    expect(actor.getSnapshot().matches({ open: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().context.revokeFailure).toMatchObject({ status: 404, key: 'failure.notFound' });
  });

  it('shows a failed list with a retry', async () => {
    let fail = true;
    const h = harness({ list: async () => (fail ? Promise.reject(new FakeError(500, 'internal_error')) : [live]) });
    const { actor } = await opened(h);
    expect(actor.getSnapshot().matches({ open: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.listFailure?.key).toBe('failure.server');
    fail = false;
    actor.send({ type: 'keys.reload' });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    expect(actor.getSnapshot().context.keys).toEqual([live]);
  });
});
