import { test } from '@playwright/test';
import { browserPaths } from '../../model/browser-model';
import { printCoverage } from '../../model/graph-nodes';
import { paletteActions, paletteKey, paletteMachine } from './palette-actions';
import { PaletteDriver } from './palette-driver';

// The command palette machine's model (xstate/graph) drives the browser. The paths cover every state and
// every transition the browser can reach; the coverage line names what it cannot:
// - `sites.checking` only decides (an eventless `always`): no snapshot rests in it.
// - `open --palette.open--> open`: the top bar's button sits under the modal dialog, and no chord or command opens a
//   palette page from outside it (choosing a page row is the remote region's own transition).
// - `ranking --xstate.error.actor.rankLater--> ready`: the ranking is computation over rows already loaded; nothing a
//   browser does makes it throw.
const model = browserPaths({ machine: paletteMachine, page: 'signIn', actions: paletteActions, key: paletteKey });
// Printed once, by the runner that lists the tests, not again by each worker that loads the file.
if (!process.env.TEST_WORKER_INDEX) {
  printCoverage('palette', model.coverage, 'model e2e');
  const missing = [...model.coverage.missingStates, ...model.coverage.missingTransitions];
  if (missing.length) console.log(`model e2e palette: not driven from the browser:\n  ${missing.join('\n  ')}`);
}

test.describe('command palette machine, model-generated paths in the browser', () => {
  model.paths.forEach((path, i) => {
    test(`path ${i + 1}: ${path.map((s) => s.action.type).join(' › ')}`, async ({ browser }) => {
      // Each path is a client of its own behind the trusted proxy, so sign-in limits per address are its own.
      const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `10.16.0.${i + 1}` } });
      await context.clock.install();
      const page = await context.newPage();
      try {
        await new PaletteDriver(page).run(path);
      } finally {
        await context.close();
      }
    });
  });
});
