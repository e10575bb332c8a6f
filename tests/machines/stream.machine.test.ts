import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { BACKOFF_MAX_MS, backoffDelay, streamMachine, type StreamEmitted, type StreamEvent } from '../../src/machines/stream.machine';
import { sseParser } from '../../src/api/sse';
import { buildModel, printCoverage } from '../model/model-coverage';

/** A fake server: each connect is recorded with its input, and the test answers through `send`. */
function harness(opts: { random?: () => number } = {}) {
  const connects: { lastEventId: string | null; displayKey: string | null }[] = [];
  let send: (e: StreamEvent) => void = () => {};
  let network: (e: EventObject) => void = () => {};
  const machine = streamMachine.provide({
    actors: {
      connect: fromCallback<StreamEvent, { lastEventId: string | null; displayKey: string | null }>(({ input, sendBack }) => {
        connects.push(input);
        send = sendBack;
        return () => {};
      }),
      networkStatus: fromCallback(({ sendBack }) => {
        network = sendBack;
        return () => {};
      }),
    },
  });
  const actor = createActor(machine, { input: { random: opts.random ?? (() => 0.5) } });
  const heard: StreamEmitted[] = [];
  for (const type of ['reading', 'alert', 'export', 'resumed'] as const) actor.on(type, (e) => heard.push(e));
  actor.start();
  actor.send({ type: 'stream.start', scope: 'c1' });
  return { actor, connects, heard, send: (e: StreamEvent) => send(e), network: (e: EventObject) => network(e) };
}

const reading = (id: string, value: number) => ({ type: 'stream.message' as const, id, message: { type: 'reading' as const, data: { feedId: 'f1', ts: '2026-01-01T00:00:00Z', value } } });

describe('stream machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands each message to subscribers by kind and resumes after the last id it saw', () => {
    const h = harness();
    expect(h.actor.getSnapshot().matches({ running: { live: 'connecting' } })).toBe(true);
    h.send({ type: 'stream.opened' });
    h.send(reading('41', 4.2));
    h.send(reading('42', 4.4));
    expect(h.heard.map((e) => e.type)).toEqual(['resumed', 'reading', 'reading']);
    expect(h.heard[2]).toMatchObject({ reading: { value: 4.4 } });
    h.send({ type: 'stream.ended' });
    expect(h.actor.getSnapshot().value).toEqual({ running: 'waiting' });
    vi.advanceTimersByTime(BACKOFF_MAX_MS);
    expect(h.connects.map((c) => c.lastEventId)).toEqual([null, '42']);
  });

  it('waits longer after each failure in a row, and starts again from the first step once a stream opens', () => {
    const h = harness({ random: () => 0 });
    const fail = () => h.send({ type: 'stream.failed', error: { status: 0, code: 'network_error' } });
    fail();
    expect(h.actor.getSnapshot().context.failure).toMatchObject({ code: 'network_error', key: 'failure.network' });
    vi.advanceTimersByTime(499);
    expect(h.connects).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(h.connects).toHaveLength(2);
    fail();
    vi.advanceTimersByTime(999);
    expect(h.connects).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(h.connects).toHaveLength(3);
    h.send({ type: 'stream.opened' });
    expect(h.actor.getSnapshot().context).toMatchObject({ attempt: 0, failure: null });
    fail();
    vi.advanceTimersByTime(500);
    expect(h.connects).toHaveLength(4);
  });

  it('pauses while offline and reconnects at once when the browser is back', () => {
    const h = harness();
    h.send({ type: 'stream.opened' });
    h.network({ type: 'network.offline' });
    expect(h.actor.getSnapshot().value).toEqual({ running: 'offline' });
    vi.advanceTimersByTime(10 * BACKOFF_MAX_MS);
    expect(h.connects).toHaveLength(1);
    h.network({ type: 'network.online' });
    expect(h.actor.getSnapshot().matches({ running: { live: 'connecting' } })).toBe(true);
    expect(h.connects).toHaveLength(2);
  });

  it('stays closed until started, closes on stop, and forgets the last id when the scope changes', () => {
    const h = harness();
    h.send({ type: 'stream.opened' });
    h.send(reading('41', 1));
    h.actor.send({ type: 'stream.start', scope: 'c1' });
    expect(h.connects.at(-1)).toEqual({ lastEventId: '41', displayKey: null });
    h.actor.send({ type: 'stream.stop' });
    expect(h.actor.getSnapshot().value).toBe('idle');
    vi.advanceTimersByTime(10 * BACKOFF_MAX_MS);
    expect(h.connects).toHaveLength(2);
    // Another company's stream: its ids are not this one's, so it starts from now.
    h.actor.send({ type: 'stream.start', scope: 'c2' });
    expect(h.connects.at(-1)).toEqual({ lastEventId: null, displayKey: null });
  });

  it('spreads reconnects: half the step plus up to another half, capped', () => {
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0.5)).toBe(3000);
    expect(backoffDelay(20, () => 1)).toBe(BACKOFF_MAX_MS);
  });

  it('model: every state and transition is reachable', () => {
    const events = [
      { type: 'stream.opened' }, reading('1', 1), { type: 'stream.ended' }, { type: 'stream.failed', error: { status: 500, code: 'internal_error' } },
      { type: 'stream.retry' }, { type: 'network.offline' }, { type: 'network.online' },
      { type: 'stream.start', scope: 'c1' }, { type: 'stream.start', scope: 'c2' }, { type: 'stream.stop' },
    ];
    const model = buildModel({ machine: streamMachine, input: { random: () => 0 }, events: events as never, serialize: (s) => JSON.stringify(s.value) });
    printCoverage('stream', model.coverage);
    expect(model.coverage.missingStates).toEqual([]);
    // The backoff is a delayed transition the traversal cannot fire; the tests above fire it.
    expect(model.coverage.missingTransitions.filter((t) => !t.includes('xstate.after'))).toEqual([]);
  });
});

describe('SSE parser', () => {
  it('reads messages cut anywhere, keeps the last id, skips comments and empty data', () => {
    const text = ': hello\n\nid: 7\nevent: reading\ndata: {"a":1}\n\nevent: alert\ndata: line1\ndata: line2\r\n\r\nid: 9\n\ndata: x\n\n';
    for (let cut = 0; cut < text.length; cut++) {
      const parse = sseParser();
      const out = [...parse(text.slice(0, cut)), ...parse(text.slice(cut))];
      expect(out).toEqual([
        { event: 'reading', data: '{"a":1}', id: '7' },
        { event: 'alert', data: 'line1\nline2', id: '7' },
        { event: 'message', data: 'x', id: '9' },
      ]);
    }
  });
});
