import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { alertBadgeMachine, BADGE_RETRY_MS, BADGE_SETTLE_MS } from '../../src/machines/alert-badge.machine';
import { ApiError } from '../../src/api/client';

/** The server's count, answered when the test says so. */
function harness() {
  const pending: { resolve: (n: number) => void; reject: (e: unknown) => void }[] = [];
  const actor = createActor(
    alertBadgeMachine.provide({
      actors: { fetchCount: fromPromise<number>(() => new Promise<number>((resolve, reject) => pending.push({ resolve, reject }))) },
    }),
  ).start();
  const answer = async (n: number) => {
    pending.shift()!.resolve(n);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { actor, pending, answer, count: () => actor.getSnapshot().context.count };
}

describe('alert badge machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts when a session begins, and reads again once a burst of stream events settles', async () => {
    const h = harness();
    expect(h.pending).toHaveLength(0);
    h.actor.send({ type: 'badge.load' });
    await h.answer(3);
    expect(h.count()).toBe(3);
    for (let i = 0; i < 10; i++) h.actor.send({ type: 'badge.changed' });
    await vi.advanceTimersByTimeAsync(BADGE_SETTLE_MS - 1);
    expect(h.pending).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.pending).toHaveLength(1);
    await h.answer(2);
    expect(h.count()).toBe(2);
  });

  it('an event that moves while the count is read makes it read again: that answer may be old', async () => {
    const h = harness();
    h.actor.send({ type: 'badge.load' });
    h.actor.send({ type: 'badge.changed' });
    await h.answer(3);
    expect(h.count()).toBe(3);
    await vi.advanceTimersByTimeAsync(BADGE_SETTLE_MS);
    expect(h.pending).toHaveLength(1);
    await h.answer(2);
    expect(h.actor.getSnapshot().value).toBe('ready');
  });

  it('keeps a failure as a code, tries again later, and forgets everything when signed out', async () => {
    const h = harness();
    h.actor.send({ type: 'badge.load' });
    h.pending.shift()!.reject(new ApiError(0, 'network_error', 'Network Error'));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.actor.getSnapshot().context.failure).toMatchObject({ code: 'network_error' });
    await vi.advanceTimersByTimeAsync(BADGE_RETRY_MS);
    await h.answer(1);
    expect(h.count()).toBe(1);
    h.actor.send({ type: 'badge.clear' });
    expect(h.count()).toBeNull();
    h.actor.send({ type: 'badge.changed' });
    await vi.advanceTimersByTimeAsync(BADGE_RETRY_MS);
    expect(h.pending).toHaveLength(0);
  });
});
