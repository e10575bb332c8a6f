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
