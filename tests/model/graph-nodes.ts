import { createEmptyActor, type AnyActorScope, type AnyStateMachine } from 'xstate';

// Shared by the unit models (vitest) and the browser models (Playwright), so nothing here may import a test runner.

export type AnyNode = AnyStateMachine['root'];

export function allNodes(node: AnyNode): AnyNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyNode))];
}

/**
 * The state nodes the machine's start enters: the initial child of each compound node, every child of a parallel one.
 * A decision state among them (left at once by an eventless transition) is entered, though no snapshot rests there.
 */
export function initialNodes(node: AnyNode): AnyNode[] {
  const children = Object.values(node.states) as AnyNode[];
  if (children.length === 0) return [node];
  const entered = node.type === 'parallel' ? children : [node.states[node.config.initial as string] as AnyNode];
  return [node, ...entered.flatMap(initialNodes)];
}

/** The state value that a node's path stands for, so `snapshot.matches` can tell whether it is active. */
export function valueOf(path: string[]): unknown {
  if (path.length === 1) return path[0];
  return { [path[0]!]: valueOf(path.slice(1)) };
}

export function printCoverage(name: string, c: { states: readonly [number, number]; transitions: readonly [number, number] }, prefix = 'model coverage') {
  console.log(`${prefix} ${name}: states ${c.states[0]}/${c.states[1]}, transitions ${c.transitions[0]}/${c.transitions[1]}`);
}

/** An actor scope that runs nothing, as xstate/graph's own traversal uses: invoked children exist but never act. */
export function inertScope(): AnyActorScope {
  const empty = createEmptyActor();
  return {
    self: empty, logger: () => {}, id: '', sessionId: 'model', defer: () => {}, system: empty.system,
    stopChild: () => {}, emit: () => {}, actionExecutor: () => {},
  } as unknown as AnyActorScope;
}
