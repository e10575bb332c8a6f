import { test } from '@playwright/test';
import { browserPaths } from '../../model/browser-model';
import { printCoverage } from '../../model/graph-nodes';
import { nodeTagsActions, nodeTagsKey, nodeTagsMachine } from './node-tags-actions';
import { NodeTagsDriver } from './node-tags-driver';

// Issue 15 §1: a list-and-form machine of the management screens (Node Tags) drives the browser through its model.
// The paths cover every state and transition the screen can reach; the coverage line names the rest, for these reasons:
// - notice.dismiss, saved.dismiss: the screen has no control that sends them (a notice stays until the next action;
//   only a hub's screen shows a saved row);
// - list.where: Node Tags has no filter but the name;
// - the lookups region (lookups.reload, the lookups' answers, lookups.failed): Node Tags has no pickers, so the region
//   passes through lookups.loading to ready at start, without resting or asking;
// - form.starting: it decides on entry and never rests. Its other way out, straight to editing, is the screen opened
//   at /node-tags?new=1 (the palette's "New node tag"): that starts the machine with an input, and the model starts
//   from the machine's initial snapshot without one. Eventless transitions are not counted as transitions.
const model = browserPaths({ machine: nodeTagsMachine, page: 'dashboard', actions: nodeTagsActions, key: nodeTagsKey });
// Printed once, by the runner that lists the tests, not again by each worker that loads the file.
if (!process.env.TEST_WORKER_INDEX) {
  const { coverage } = model;
  printCoverage('node tags', coverage, 'model e2e');
  const missing = [...coverage.missingStates.map((s) => `state ${s}`), ...coverage.missingTransitions];
  if (missing.length) console.log(`model e2e node tags: not driven from the browser:\n  ${missing.join('\n  ')}`);
}

test.describe('node tags machine, model-generated paths in the browser', () => {
  model.paths.forEach((path, i) => {
    const name = path.map((s) => s.action.type + (s.action.target !== undefined ? `(${s.action.target})` : '')).join(' › ');
    test(`path ${i + 1}: ${name}`, async ({ browser }) => {
      // A client of its own behind the trusted proxy, apart from the session paths' 10.15.0.N.
      const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `10.17.0.${i + 1}` } });
      await context.clock.install();
      const page = await context.newPage();
      try {
        await new NodeTagsDriver(page, context, i + 1).run(path);
      } finally {
        await context.close();
      }
    });
  });
});
