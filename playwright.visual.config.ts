import { defineConfig } from '@playwright/test';
import { appServer, chromiumArgs, executablePath, freshDataDir } from './tests/e2e/browser';
import { FROZEN_NOW } from './tests/e2e/visual/frozen';

// Screenshot comparisons of every screen (issue 12 §3): a server of their own on a fresh database, its clock frozen,
// no live readings, so the same build gives the same pixels. Baselines: `npm run test:visual -- --update-snapshots`.
const port = Number(process.env.VISUAL_PORT ?? 8191);
const dataDir = freshDataDir('sitewatch-visual-');

export default defineConfig({
  testDir: 'tests/e2e/visual',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/visual',
  snapshotPathTemplate: 'tests/e2e/visual/__screenshots__/{arg}{ext}',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Six whole-page pictures of the site dashboard take a while on two busy cores.
  timeout: 120_000,
  reporter: [['list']],
  expect: {
    // Also how long a picture may take to settle and match.
    timeout: 20_000,
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    // The service worker would cache and announce updates between runs; the PWA has e2e tests of its own.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      // The same pixels on every run: no hinting differences, one colour profile, no scrollbars.
      args: [...chromiumArgs, '--font-render-hinting=none', '--force-color-profile=srgb', '--hide-scrollbars'],
    },
  },
  webServer: appServer(port, dataDir, {
    SIMULATE: 'false',
    FROZEN_NOW: new Date(FROZEN_NOW).toISOString(),
    // Configured but never contacted: the sign-in page shows the external button as a configured install does.
    OIDC_AUTH0_ISSUER: `http://127.0.0.1:${port + 1}`,
    OIDC_AUTH0_CLIENT_ID: 'sitewatch-visual',
  }, 90_000),
});
