import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { loadingMachine } from '../../src/machines/loading.machine';
import { noticesMachine } from '../../src/machines/notices.machine';
import { buildModel, expectSameState, printCoverage } from './model-coverage';

async function replay(machine: typeof loadingMachine | typeof noticesMachine, paths: ReturnType<typeof buildModel>['paths']) {
  for (const path of paths) {
    const actor = createActor(machine as typeof loadingMachine).start();
    for (const step of path.steps) {
      if (step.event.type !== 'xstate.init') actor.send(step.event as never);
      await expectSameState(actor, step.state, path.key);
    }
    actor.stop();
  }
}

describe('loading machine, model-based', () => {
  // The counter is capped in the key so the traversal ends; 0, 1 and "2 or more" are the cases that differ.
  const serialize = (s: AnyMachineSnapshot) => JSON.stringify({ v: s.value, c: Math.min(2, (s.context as { count: number }).count) });
  const model = buildModel({
    machine: loadingMachine,
    events: [
      { type: 'loading.start' },
      { type: 'loading.stop' },
      { type: 'loading.start', ignoreLoading: true },
      { type: 'loading.stop', ignoreLoading: true },
    ],
    serialize,
    simpleSerialize: serialize,
  });
  it('covers every state and transition, and the machine follows every path', async () => {
    printCoverage('loading', model.coverage);
    expect(model.coverage.missingStates).toEqual([]);
    expect(model.coverage.missingTransitions).toEqual([]);
    await replay(loadingMachine, model.paths);
  });
});

describe('notices machine, model-based', () => {
  // Which notices are on screen (their keys) and whether the one with id 1 is among them: what the guards-free
  // transitions depend on, and bounded, since ids grow but these events only name two keys and id 1.
  const serialize = (s: AnyMachineSnapshot) => {
    const list = (s.context as { notices: { id: number; key: string }[] }).notices;
    return JSON.stringify({ on: list.map((n) => n.key), first: list.some((n) => n.id === 1) });
  };
  const model = buildModel({
    machine: noticesMachine,
    events: [
      { type: 'notice.show', level: 'error', key: 'failure.server' },
      { type: 'notice.show', level: 'warning', key: 'session.offline' },
      { type: 'notice.dismiss', id: 1 },
    ],
    serialize,
    simpleSerialize: serialize,
  });
  it('covers every transition, and the machine follows every path', async () => {
    printCoverage('notices', model.coverage);
    expect(model.coverage.missingTransitions).toEqual([]);
    await replay(noticesMachine as never, model.paths);
  });
});
