import { test } from '@playwright/test';
import { browserPaths, type Coverage } from '../../model/browser-model';
import { printCoverage } from '../../model/graph-nodes';
import { adminActions, adminNodeTagsMachine, nodeTagsActions, nodeTagsKey, nodeTagsMachine, throughSwitches } from './node-tags-actions';
import { NodeTagsDriver } from './node-tags-driver';

// A list-and-form machine of the management screens (Node Tags) drives the browser through its model.
// The paths cover every state and transition the screen can reach; the coverage line names the rest, for these reasons:
// - notice.dismiss, saved.dismiss: the screen has no control that sends them (a notice stays until the next action;
//   only a hub's screen shows a saved row);
// - list.where: Node Tags has no filter but the name;
// - the lookups region (lookups.reload, the lookups' answers, lookups.failed): Node Tags has no pickers, so the region
//   passes through lookups.loading to ready at start, without resting or asking;
// - form.starting: it decides on entry and never rests. Its other way out, straight to editing, is the screen opened
//   at /node-tags?new=1 (the palette's "New node tag"): that starts the machine with an input, and the model starts
//   from the machine's initial snapshot without one. Eventless transitions are not counted as transitions.
// Two models: the manager's, who acts for a company from sign-in, and the platform admin's, who acts for none until
// choosing one on the screen (list.noCompany); a machine's model has one start, and the two starts differ in input.
const manager = browserPaths({ machine: nodeTagsMachine, page: 'dashboard', actions: nodeTagsActions, key: nodeTagsKey });
const admin = browserPaths({ machine: adminNodeTagsMachine, page: 'dashboard', actions: adminActions, key: nodeTagsKey });

/** What neither model drives: each name as often as both leave it out (two guarded transitions may read alike). */
function leftByBoth(a: readonly string[], b: readonly string[]): string[] {
  const rest = [...b];
  return a.filter((name) => {
    const at = rest.indexOf(name);
    if (at >= 0) rest.splice(at, 1);
    return at >= 0;
  });
}
const missingStates = leftByBoth(manager.coverage.missingStates, admin.coverage.missingStates);
const missingTransitions = leftByBoth(manager.coverage.missingTransitions, admin.coverage.missingTransitions);
const [, stateCount] = manager.coverage.states;
const [, transitionCount] = manager.coverage.transitions;
const coverage: Coverage = {
  states: [stateCount - missingStates.length, stateCount],
  transitions: [transitionCount - missingTransitions.length, transitionCount],
  missingStates,
  missingTransitions,
};

const paths = [
  ...manager.paths.map((steps) => ({ admin: false, steps: throughSwitches(nodeTagsMachine, nodeTagsActions, steps) })),
  ...admin.paths.map((steps) => ({ admin: true, steps: throughSwitches(adminNodeTagsMachine, adminActions, steps) })),
];

// Printed once, by the runner that lists the tests, not again by each worker that loads the file.
if (!process.env.TEST_WORKER_INDEX) {
  printCoverage('node tags', coverage, 'model e2e');
  const missing = [...coverage.missingStates.map((s) => `state ${s}`), ...coverage.missingTransitions];
  if (missing.length) console.log(`model e2e node tags: not driven from the browser:\n  ${missing.join('\n  ')}`);
}

test.describe('node tags machine, model-generated paths in the browser', () => {
  paths.forEach((path, i) => {
    const name = path.steps.map((s) => s.action.type + (s.action.target !== undefined ? `(${s.action.target})` : '')).join(' › ');
    test(`path ${i + 1}${path.admin ? ' (admin)' : ''}: ${name}`, async ({ browser }) => {
      // A client of its own behind the trusted proxy, apart from the session paths' 10.15.0.N.
      const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `10.17.0.${i + 1}` } });
      await context.clock.install();
      const page = await context.newPage();
      try {
        await new NodeTagsDriver(page, context, i + 1, path.admin).run(path.steps);
      } finally {
        await context.close();
      }
    });
  });
});
