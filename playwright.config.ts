import { defineConfig } from '@playwright/test';
import { chromiumArgs, executablePath, freshDataDir } from './tests/e2e/browser';

const port = Number(process.env.E2E_PORT ?? 8181);
const oidcPort = port + 1;
const dataDir = freshDataDir('sitewatch-e2e-');

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Screenshot comparisons run with their own frozen server: playwright.visual.config.ts.
  testIgnore: 'visual/**',
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
  webServer: [
    {
      // A real OpenID provider for external sign-in (Auth0 button), on loopback.
      command: 'npx tsx tests/e2e/oidc-provider-server.ts',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { OIDC_PORT: String(oidcPort), APP_ORIGIN: `http://127.0.0.1:${port}` },
    },
    {
    // The real server on a temporary SQLite database, serving the built client.
    command: 'npx tsx server/server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Where the built client is; parallel work builds into folders of its own.
      STATIC_DIR: process.env.STATIC_DIR ?? './dist',
      SCRYPT_LOG_N: '12',
      // A small history keeps the e2e server's start-up seed short; the world's shape is the same.
      SEED_DAYS: '2',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OIDC_AUTH0_ISSUER: `http://127.0.0.1:${oidcPort}`,
      OIDC_AUTH0_CLIENT_ID: 'sitewatch-e2e',
      OIDC_AUTH0_CLIENT_SECRET: 'sitewatch-e2e-secret',
    },
    },
  ],
});
