import { defineConfig } from '@playwright/test';
import { appServer, chromiumArgs, executablePath, freshDataDir, oidcServer, oidcSettings } from './tests/e2e/browser';

// Model-generated browser tests (issue 15 §1): paths from the machines' models (xstate/graph) run against a server of
// their own, because they revoke sessions and sign in dozens of times; each path is its own client address behind the
// trusted proxy, so the per-address sign-in limit is each path's and not the whole run's.
const port = Number(process.env.MODEL_PORT ?? 8281);
const dataDir = freshDataDir('sitewatch-model-');

export default defineConfig({
  testDir: 'tests/e2e/model',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/model',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    // Cached answers would hide the network failures the model cuts on purpose; the PWA has tests of its own.
    serviceWorkers: 'block',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  // The real OpenID provider too: the session's external sign-in (establish, and the code challenge after it).
  webServer: [oidcServer(port + 1, port), appServer(port, dataDir, { TRUST_PROXY: '1', ...oidcSettings(port + 1) })],
});
