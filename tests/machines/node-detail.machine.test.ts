import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { nodeDetailMachine, upsertEvent } from '../../src/machines/node-detail.machine';
import type { LiveSource } from '../../src/machines/live-watch';
import { fakeLive } from './live-fixtures';
import type { AlertEvent } from '../../src/api/contract/alerts';
import { ApiError } from '../../src/api/client';

const event = (id: string, startedAt: string, more: Partial<AlertEvent> = {}): AlertEvent => ({
  id, ruleId: 'r1', ruleName: `Rule ${id}`, siteId: 's1', nodeId: 'n1', feedId: 'f1', severity: 'critical', state: 'active', startedAt, endedAt: null,
  peak: 9.5, detail: '', acknowledgedBy: null, acknowledgedAt: null, assigneeId: null, muted: false, comments: [], history: [], ...more,
});

/** The node detail with its call answered by `answers`, one per read (the last repeats); `asked` records the node ids. */
function start(answers: (() => Promise<AlertEvent[]>)[], live: LiveSource | null = null) {
  const asked: string[] = [];
  const actor = createActor(
    nodeDetailMachine.provide({
      actors: {
        fetchNodeEvents: fromPromise<AlertEvent[], { nodeId: string }>(async ({ input }) => {
          asked.push(input.nodeId);
          return answers[Math.min(asked.length, answers.length) - 1]!();
        }),
      },
    }),
    { input: { nodeId: 'n1', live } },
  ).start();
  return { actor, asked };
}

describe('node detail machine', () => {
  it('loads the node’s events, newest first as the server answers them', async () => {
    const events = [event('e2', '2025-03-02T10:00:00Z'), event('e1', '2025-03-01T10:00:00Z', { state: 'resolved', endedAt: '2025-03-01T11:00:00Z' })];
    const { actor, asked } = start([async () => events]);
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toEqual(['n1']);
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual(['e2', 'e1']);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a node without events rests in empty', async () => {
    const { actor } = start([async () => []]);
    await waitFor(actor, (s) => s.matches('empty'));
    expect(actor.getSnapshot().context.events).toEqual([]);
  });

  it('a failed read keeps its failure as a dictionary key; Try again reads again and forgets it', async () => {
    const { actor, asked } = start([
      async () => {
        throw new ApiError(0, 'network_error', 'Network Error');
      },
      async () => [event('e1', '2025-03-01T10:00:00Z')],
    ]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure).toMatchObject({ code: 'network_error', key: 'failure.network' });
    actor.send({ type: 'events.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(asked).toHaveLength(2);
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual(['e1']);
  });

  it('a live alert of this node joins the list (an empty one too); another node’s is ignored; a gap in the stream re-reads', async () => {
    const live = fakeLive();
    const { actor, asked } = start([async () => [], async () => [event('e9', '2025-03-03T10:00:00Z')]], live);
    await waitFor(actor, (s) => s.matches('empty'));
    live.emit({ type: 'alert', event: event('x1', '2025-03-02T10:00:00Z', { nodeId: 'n2' }) });
    expect(actor.getSnapshot().value).toBe('empty');
    live.emit({ type: 'alert', event: event('e5', '2025-03-02T10:00:00Z') });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual(['e5']);
    // The same event again, acknowledged: replaced where it is.
    live.emit({ type: 'alert', event: event('e5', '2025-03-02T10:00:00Z', { state: 'acknowledged' }) });
    expect(actor.getSnapshot().context.events).toMatchObject([{ id: 'e5', state: 'acknowledged' }]);
    live.emit({ type: 'resumed' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.events[0]?.id === 'e9');
    expect(asked).toHaveLength(2);
  });

  it('upsertEvent keeps the list newest first', () => {
    const list = [event('c', '2025-03-03T00:00:00Z'), event('a', '2025-03-01T00:00:00Z')];
    expect(upsertEvent(list, event('b', '2025-03-02T00:00:00Z')).map((e) => e.id)).toEqual(['c', 'b', 'a']);
    expect(upsertEvent(list, event('d', '2025-03-04T00:00:00Z')).map((e) => e.id)).toEqual(['d', 'c', 'a']);
    expect(upsertEvent(list, event('z', '2025-02-01T00:00:00Z')).map((e) => e.id)).toEqual(['c', 'a', 'z']);
  });
});
