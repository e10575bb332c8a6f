import { defineConfig } from '@playwright/test';
import { appServer, chromiumArgs, executablePath, freshDataDir, oidcServer, oidcSettings } from './tests/e2e/browser';

const port = Number(process.env.E2E_PORT ?? 8181);
const oidcPort = port + 1;
const dataDir = freshDataDir('sitewatch-e2e-');

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Screenshot comparisons (playwright.visual.config.ts) and model-generated paths (playwright.model.config.ts) run
  // with servers of their own.
  testIgnore: ['visual/**', 'model/**'],
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: chromiumArgs,
    },
  },
  webServer: [oidcServer(oidcPort, port), appServer(port, dataDir, { ...oidcSettings(oidcPort), TRUST_PROXY: '1' })],
});
