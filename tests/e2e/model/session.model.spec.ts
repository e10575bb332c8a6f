import { test } from '@playwright/test';
import { fromCallback } from 'xstate';
import { browserPaths } from '../../model/browser-model';
import { printCoverage } from '../../model/graph-nodes';
import { sessionActions, sessionKey, sessionMachine } from './session-actions';
import { SessionDriver } from './session-driver';

// The session machine's model (xstate/graph) drives the browser. The paths cover every state and every
// transition the browser can reach; the coverage line names what it cannot.
const machine = sessionMachine.provide({
  actors: { sessionStore: fromCallback(() => {}) },
  // The resend countdown is the page's clock, which the driver moves; the model needs no time.
  guards: { canResend: () => true },
});
const model = browserPaths({ machine, page: 'app', actions: sessionActions, key: sessionKey });
// Printed once, by the runner that lists the tests, not again by each worker that loads the file.
if (!process.env.TEST_WORKER_INDEX) {
  printCoverage('session', model.coverage, 'model e2e');
  if (model.coverage.missingTransitions.length) console.log(`model e2e session: not driven from the browser:\n  ${model.coverage.missingTransitions.join('\n  ')}`);
}

test.describe('session machine, model-generated paths in the browser', () => {
  model.paths.forEach((path, i) => {
    const name = path.map((s) => s.action.type + (s.action.target ? `(${s.action.target.split('@')[0]})` : '')).join(' › ');
    test(`path ${i + 1}: ${name}`, async ({ browser }) => {
      // Each path is a client of its own behind the trusted proxy, so sign-in limits per address are its own.
      const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `10.15.0.${i + 1}` } });
      await context.clock.install();
      const page = await context.newPage();
      try {
        await new SessionDriver(page, context).run(path);
      } finally {
        await context.close();
      }
    });
  });
});
