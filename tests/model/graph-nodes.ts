import type { AnyStateMachine } from 'xstate';

// Shared by the unit models (vitest) and the browser models (Playwright), so nothing here may import a test runner.

export type AnyNode = AnyStateMachine['root'];

export function allNodes(node: AnyNode): AnyNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyNode))];
}

/** The state value that a node's path stands for, so `snapshot.matches` can tell whether it is active. */
export function valueOf(path: string[]): unknown {
  if (path.length === 1) return path[0];
  return { [path[0]!]: valueOf(path.slice(1)) };
}

export function printCoverage(name: string, c: { states: readonly [number, number]; transitions: readonly [number, number] }, prefix = 'model coverage') {
  console.log(`${prefix} ${name}: states ${c.states[0]}/${c.states[1]}, transitions ${c.transitions[0]}/${c.transitions[1]}`);
}
