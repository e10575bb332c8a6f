import { expect } from 'vitest';
import { createActor, fromPromise, SimulatedClock, getInitialSnapshot, getNextSnapshot, type AnyActorLogic, type AnyStateMachine, type AnyMachineSnapshot, type EventObject, type AnyActorRef } from 'xstate';
import { TestModel, type AdjacencyMap } from 'xstate/graph';
import { allNodes, inertScope, initialNodes, valueOf } from './graph-nodes';

export { printCoverage } from './graph-nodes';


export interface ModelRun<TEvent extends EventObject> {
  machine: AnyStateMachine;
  /** Events offered at every state during traversal, including xstate.done/error.actor.* answers. */
  events: TEvent[];
  /** What distinguishes states beyond their value (kept small so traversal ends). */
  serialize: (s: AnyMachineSnapshot) => string;
  /**
   * A coarser key for simple paths: their number grows exponentially with the states, so they are generated over
   * state values only. Each is still a real event sequence, checked against the fine key when run.
   */
  simpleSerialize?: (s: AnyMachineSnapshot) => string;
  /** The machine's input, when it needs one. */
  input?: unknown;
}

/**
 * Builds the model from `xstate/graph`: shortest paths, simple paths, and every self-loop added through
 * getPathsFromEvents. Returns the paths and the coverage of state nodes and transitions they reach.
 */
export function buildModel<TEvent extends EventObject>({ machine, events, serialize, simpleSerialize, input }: ModelRun<TEvent>) {
  // TestModel directly: createTestModel refuses machines with invocations, but traversal only needs the pure
  // transition function, and the invoked actors' answers are offered as xstate.done/error.actor.* events.
  const model = new TestModel(machine, {
    events: events as never,
    input,
    serializeState: (s: unknown) => serialize(s as AnyMachineSnapshot),
  } as never);
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const coarse = simpleSerialize ?? ((x: AnyMachineSnapshot) => JSON.stringify(x.value));
  const simpleModel = new TestModel(machine, {
    events: events as never,
    input,
    serializeState: (s: unknown) => coarse(s as AnyMachineSnapshot),
  } as never);
  const simple = simpleModel.getSimplePaths();
  const adjacency = model.getAdjacencyMap() as unknown as AdjacencyMap<AnyMachineSnapshot, TEvent>;
  // Self-loops: shortest and simple paths skip them, so add each as "the shortest path to the state, then the event".
  const selfLoops: { steps: { event: TEvent; state: AnyMachineSnapshot }[] }[] = [];
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    for (const t of Object.values(transitions) as { event: TEvent; state: AnyMachineSnapshot }[]) {
      if (serialize(t.state as AnyMachineSnapshot) !== key) continue;
      // An event no transition handles also leaves the state as it is; only real transitions are self-loops.
      if (machine.getTransitionData(state as never, t.event as never).length === 0) continue;
      const to = shortest.find((p) => serialize(p.state as AnyMachineSnapshot) === key);
      selfLoops.push({ steps: [...((to?.steps ?? []) as never[]), { event: t.event as TEvent, state: t.state as AnyMachineSnapshot }] });
    }
  }

  // Coverage: state nodes active in some reached snapshot; transition definitions taken on some edge.
  const nodes = allNodes(machine.root).filter((n) => n.path.length > 0);
  const reached = Object.values(adjacency).map((a) => a.state as AnyMachineSnapshot);
  // Every microstep of every edge too: a decision state (left at once by an eventless transition) is entered there.
  for (const { state, transitions } of Object.values(adjacency)) {
    for (const t of Object.values(transitions) as { event: TEvent }[]) {
      if (t.event.type !== 'xstate.init') reached.push(...(machine.microstep(state as never, t.event as never, inertScope()) as AnyMachineSnapshot[]));
    }
  }
  const entered = new Set(initialNodes(machine.root).map((n) => n.id));
  const coveredNodes = nodes.filter((n) => entered.has(n.id) || reached.some((s) => s.matches(valueOf(n.path) as never)));
  const definitions = allNodes(machine.root).flatMap((n) => [...n.transitions.values()].flat());
  const taken = new Set<unknown>();
  for (const { state, transitions } of Object.values(adjacency)) {
    for (const t of Object.values(transitions) as { event: TEvent; state: AnyMachineSnapshot }[]) {
      for (const def of machine.getTransitionData(state as never, t.event as never)) taken.add(def);
    }
  }
  const coveredDefs = definitions.filter((d) => taken.has(d));
  const missingStates = nodes.filter((n) => !coveredNodes.includes(n)).map((n) => n.id);
  const missingTransitions = definitions
    .filter((d) => !taken.has(d))
    .map((d) => `${d.source.id} --${d.eventType}--> ${d.target?.map((t) => t.id).join(',') ?? '(self)'}`);
  // A simple path's states are representatives of their coarse keys, whose context may differ from the one the path's
  // own events build (guards read context): replay each path on the pure machine, keep the states it really reaches,
  // and cut it where it leaves the coarse model, so every step is checked by the fine key against a true state.
  const exact = simple
    .map((p) => trueSteps(machine, input, p.steps as { event: TEvent; state: AnyMachineSnapshot }[], coarse))
    .filter((steps) => steps.length > 1);
  return {
    paths: [
      ...[...shortest, ...selfLoops].map((p) => ({ steps: p.steps as { event: TEvent; state: AnyMachineSnapshot }[], key: serialize })),
      ...exact.map((steps) => ({ steps, key: serialize })),
    ],
    counts: { shortest: shortest.length, simple: simple.length, selfLoops: selfLoops.length },
    coverage: {
      states: [coveredNodes.length, nodes.length] as const,
      transitions: [coveredDefs.length, definitions.length] as const,
      missingStates,
      missingTransitions,
    },
  };
}

/** The steps of a path with the states its events really reach from the start, up to where it leaves the model. */
function trueSteps<TEvent extends EventObject>(
  machine: AnyStateMachine,
  input: unknown,
  steps: { event: TEvent; state: AnyMachineSnapshot }[],
  coarse: (s: AnyMachineSnapshot) => string,
): { event: TEvent; state: AnyMachineSnapshot }[] {
  let snap = getInitialSnapshot(machine, input as never) as AnyMachineSnapshot;
  const out: { event: TEvent; state: AnyMachineSnapshot }[] = [];
  for (const step of steps) {
    if (step.event.type !== 'xstate.init') snap = getNextSnapshot(machine, snap as never, step.event as never) as AnyMachineSnapshot;
    if (coarse(snap) !== coarse(step.state)) break;
    out.push({ event: step.event, state: snap });
  }
  return out;
}


/** Waits until the actor's snapshot matches the model's, or fails with both values. */
export async function expectSameState(actor: AnyActorRef, expected: AnyMachineSnapshot, serialize: (s: AnyMachineSnapshot) => string) {
  for (let i = 0; i < 50; i++) {
    if (serialize(actor.getSnapshot() as AnyMachineSnapshot) === serialize(expected)) return;
    await new Promise((r) => setTimeout(r, 0));
  }
  expect(serialize(actor.getSnapshot() as AnyMachineSnapshot)).toBe(serialize(expected));
}

/**
 * Replays every generated path on a real actor whose invoked actors (`sources`: invoke id → actor name) are deferred
 * promises, resolved or rejected when the path reaches their xstate.done/error.actor event.
 */
export async function replay(
  machine: AnyStateMachine,
  paths: { steps: { event: EventObject; state: AnyMachineSnapshot }[]; key: (s: AnyMachineSnapshot) => string }[],
  input?: unknown,
  sources: Record<string, string> = {},
  /** Other actors to replace by name, such as storage the test environment does not have. */
  others: Record<string, AnyActorLogic> = {},
) {
  for (const path of paths) {
    const pending: Record<string, { resolve(v: unknown): void; reject(e: unknown): void }> = {};
    const deferred = (id: string) => fromPromise<never>(() => new Promise((resolve, reject) => (pending[id] = { resolve: resolve as never, reject })));
    const sut = machine.provide({ actors: { ...others, ...Object.fromEntries(Object.entries(sources).map(([id, src]) => [src, deferred(id)])) } as never });
    // Time is the path's: a delay's event comes only as a step of the path, never from the wall clock of a loaded
    // machine (a debounce that really elapsed mid-replay failed a Node 24 CI run).
    const actor = createActor(sut, { input, clock: new SimulatedClock() } as never).start();
    for (const step of path.steps) {
      const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(step.event.type);
      if (m) {
        const p = pending[m[2]!];
        expect(p, `no pending ${m[2]}`).toBeDefined();
        delete pending[m[2]!];
        if (m[1] === 'done') p!.resolve((step.event as unknown as { output: unknown }).output);
        else p!.reject((step.event as unknown as { error: unknown }).error);
      } else if (step.event.type !== 'xstate.init') actor.send(step.event);
      await expectSameState(actor, step.state, path.key);
    }
    actor.stop();
  }
}

export { createActor };
