import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium when present; otherwise Playwright's own browser, where `playwright install` works. */
export const executablePath = fs.existsSync(chromium) ? chromium : undefined;

/** The flags both Playwright configs start Chromium with: no sandbox in CI containers, nothing that calls home. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** A fresh data folder for a config's own server. */
export const freshDataDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/**
 * The real server on a fresh SQLite database, serving the built client: the webServer entry of every Playwright config
 * (each config its own port and data, so their runs never meet). `env` adds or overrides settings.
 */
export function appServer(port: number, dataDir: string, env: Record<string, string> = {}, timeout = 60_000) {
  return {
    command: 'npx tsx server/server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Where the built client is; parallel work builds into folders of its own.
      STATIC_DIR: process.env.STATIC_DIR ?? './dist',
      SCRYPT_LOG_N: '12',
      // A small history keeps the start-up seed short; the world's shape is the same.
      SEED_DAYS: '2',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  };
}

/** A real OpenID provider for external sign-in (the Auth0 button), on loopback beside the app at `appPort`. */
export function oidcServer(oidcPort: number, appPort: number) {
  return {
    command: 'npx tsx tests/e2e/oidc-provider-server.ts',
    url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { OIDC_PORT: String(oidcPort), APP_ORIGIN: `http://127.0.0.1:${appPort}` },
  };
}

/** The settings that point the app at that provider. */
export const oidcSettings = (oidcPort: number, clientId = 'sitewatch-e2e') => ({
  OIDC_AUTH0_ISSUER: `http://127.0.0.1:${oidcPort}`,
  OIDC_AUTH0_CLIENT_ID: clientId,
  OIDC_AUTH0_CLIENT_SECRET: 'sitewatch-e2e-secret',
});
