import { type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import { allNodes, inertScope, initialNodes, valueOf } from './graph-nodes';

// A machine's model as a browser sees it. A browser cannot send `xstate.done.actor.login`; it can type a password and
// let the real server answer. So the model's events are browser actions, each standing for the machine events it
// really causes, in order (an answer that comes with its api.failed report, say). Traversal runs the real machine's
// transitions on those events, so coverage is the machine's own; the page the browser is on is part of the state,
// because after a network failure the page shows maintenance whatever the session is.

/** A browser action: its name (what the executor does), the machine events it causes, and the page it leaves. */
export interface BrowserAction extends EventObject {
  /** Distinguishes actions of one name whose events differ (a refused answer, say). */
  readonly type: string;
  readonly events: readonly EventObject[];
  readonly page?: string;
  /** What the browser remembers of this action for the next one (which shadow was asked for, say). */
  readonly memo?: string;
}

export interface BrowserState {
  readonly machine: AnyMachineSnapshot;
  readonly page: string;
  readonly memo?: string;
}

export interface BrowserStep<A extends BrowserAction> {
  readonly action: A;
  readonly state: BrowserState;
}

export interface BrowserModelConfig<A extends BrowserAction> {
  machine: AnyStateMachine;
  /** The page the browser starts on. */
  page: string;
  /** The actions a browser can take in a state (only those the page offers there and the server can be made to answer). */
  actions: (state: BrowserState) => A[];
  /** What tells states apart for traversal (what guards and the page read). */
  key: (state: BrowserState) => string;
}

export interface Coverage {
  states: readonly [number, number];
  transitions: readonly [number, number];
  missingStates: string[];
  missingTransitions: string[];
}

type Definition = ReturnType<AnyStateMachine['getTransitionData']>[number];

function advance(machine: AnyStateMachine, from: BrowserState, action: BrowserAction, seen?: { defs: Set<Definition>; states: AnyMachineSnapshot[] }, scope = inertScope()): BrowserState {
  let snap = from.machine;
  for (const event of action.events) {
    if (seen) {
      for (const def of machine.getTransitionData(snap as never, event as never)) seen.defs.add(def);
      // Every microstep's snapshot: a state left at once by an eventless transition (a decision) is entered too.
      seen.states.push(...(machine.microstep(snap as never, event as never, inertScope()) as AnyMachineSnapshot[]));
    }
    snap = machine.transition(snap as never, event as never, scope) as AnyMachineSnapshot;
    seen?.states.push(snap);
  }
  return { machine: snap, page: action.page ?? from.page, memo: action.memo ?? from.memo };
}

/**
 * The paths a browser runs: for every transition (state, action) of the model, the shortest path to its state and then
 * that action, chosen greedily until no further path adds a machine transition or state node. Shortest paths alone
 * would leave out every transition that does not lead somewhere new (a refused code back to the code page, say).
 */
export function browserPaths<A extends BrowserAction>(config: BrowserModelConfig<A>) {
  const { machine, actions, key } = config;
  const logic = {
    config: machine.config,
    getInitialSnapshot: (scope?: AnyActorScope) => ({ machine: machine.getInitialSnapshot(scope ?? inertScope()) as AnyMachineSnapshot, page: config.page }),
    transition: (state: BrowserState, action: A, scope?: AnyActorScope) => advance(machine, state, action, undefined, scope),
    getPersistedSnapshot: (state: BrowserState) => state,
    restoreSnapshot: (state: BrowserState) => state,
  };
  const model = new TestModel(logic as never, {
    events: ((state: BrowserState) => actions(state)) as never,
    serializeState: ((state: BrowserState) => key(state)) as never,
  } as never);
  type Step = { event: A; state: BrowserState };
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true } as never) as unknown as { state: BrowserState; steps: Step[] }[];
  const toState = new Map(shortest.map((p) => [key(p.state), p.steps.filter((s) => s.event.type !== 'xstate.init')]));
  const adjacency = model.getAdjacencyMap() as unknown as Record<string, { state: BrowserState; transitions: Record<string, Step> }>;

  const initial = logic.getInitialSnapshot();
  const nodes = allNodes(machine.root).filter((n) => n.path.length > 0);
  const startNodes = initialNodes(machine.root).filter((n) => n.path.length > 0);
  const definitions = allNodes(machine.root).flatMap((n) => [...n.transitions.values()].flat());
  const reachOf = (steps: Step[]) => {
    const seen = { defs: new Set<Definition>(), states: [initial.machine] as AnyMachineSnapshot[] };
    let state = initial;
    for (const step of steps) state = advance(machine, state, step.event, seen);
    const nodeIds = new Set(nodes.filter((n) => seen.states.some((s) => s.matches(valueOf(n.path) as never))).map((n) => n.id));
    for (const n of startNodes) nodeIds.add(n.id);
    return { defs: seen.defs, nodeIds };
  };

  const candidates = Object.entries(adjacency).flatMap(([k, { transitions }]) =>
    Object.values(transitions).map((t) => {
      const steps = [...(toState.get(k) ?? []), { event: t.event, state: t.state }];
      return { steps, ...reachOf(steps) };
    }),
  );
  const chosen: typeof candidates = [];
  const defs = new Set<Definition>();
  const nodeIds = new Set<string>();
  for (;;) {
    let best: (typeof candidates)[number] | undefined;
    let bestGain = 0;
    for (const c of candidates) {
      const gain = [...c.defs].filter((d) => !defs.has(d)).length + [...c.nodeIds].filter((n) => !nodeIds.has(n)).length;
      if (gain > bestGain || (gain === bestGain && gain > 0 && best && c.steps.length < best.steps.length)) {
        best = c;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best);
    best.defs.forEach((d) => defs.add(d));
    best.nodeIds.forEach((n) => nodeIds.add(n));
  }

  const coverage: Coverage = {
    states: [nodeIds.size, nodes.length],
    transitions: [definitions.filter((d) => defs.has(d)).length, definitions.length],
    missingStates: nodes.filter((n) => !nodeIds.has(n.id)).map((n) => n.id),
    missingTransitions: definitions
      .filter((d) => !defs.has(d))
      .map((d) => `${d.source.id} --${d.eventType}--> ${d.target?.map((t) => t.id).join(',') ?? '(self)'}`),
  };
  return {
    paths: chosen.map((c) => c.steps.map((s): BrowserStep<A> => ({ action: s.event, state: s.state }))),
    coverage,
    counts: { states: Object.keys(adjacency).length, candidates: candidates.length },
  };
}
