import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_BUDGET_KB, signInStartupOf, type SignInStartup } from '../../bench/startup';
import { en } from '../../src/i18n/en';
import { enStart } from '../../src/i18n/en-start';

// The sign-in route's start-up JavaScript as `npm run bench -- startup` measures it (one function in bench/startup.ts):
// a byte count is deterministic, a timing is not. The production build behind it is made only when the sources changed.
const root = path.resolve(__dirname, '../..');
let startup: SignInStartup;

// The router reads its paths from commands.ts; the labels it holds beside them render in the sidebar and the palette,
// which come with the signed-in frame.
const KEYS_AS_DATA = new Set(['src/machines/commands.ts']);

/** The repository's own source modules in the sign-in route's first paint that may render what they name. */
const sourceModules = () =>
  startup.files
    .flatMap((f) => f.modules)
    .filter((m) => m.startsWith('src/') && /\.tsx?$/.test(m) && !KEYS_AS_DATA.has(m) && fs.existsSync(path.join(root, m)));

describe('the sign-in route at start-up', () => {
  beforeAll(async () => {
    startup = await signInStartupOf(root);
  }, 180_000);

  it(`needs at most ${SIGN_IN_BUDGET_KB} KB of gzip JavaScript before its first paint`, () => {
    const named = (modules: string[]) => {
      const own = modules.filter((m) => m.startsWith('src/') && !m.includes('.css'));
      return own.length > 8 ? `${own.slice(0, 8).join(' ')} … ${own.length - 8} more` : own.join(' ');
    };
    const listing = startup.files.map((f) => `  ${(f.bytes / 1000).toFixed(1)} KB ${f.file}: ${named(f.modules)}`).join('\n');
    expect(startup.bytes / 1000, `the sign-in route fetches, before the e-mail field shows:\n${listing}\n`).toBeLessThanOrEqual(SIGN_IN_BUDGET_KB);
  });

  it('carries no zod: the form checks two fields itself, and answers are validated by the api layer, which loads later', () => {
    expect(startup.files.flatMap((f) => f.modules).filter((m) => m.includes('node_modules/zod/'))).toEqual([]);
  });

  it('names only keys of the start-up part of English (src/i18n/en-start.ts), the rest arriving with other pages', () => {
    const outside: string[] = [];
    for (const module of sourceModules()) {
      const source = fs.readFileSync(path.join(root, module), 'utf8');
      for (const [, key] of source.matchAll(/['"`]([\w-]+(?:\.[\w-]+)+)['"`]/g)) {
        if (Object.hasOwn(en, key!) && !Object.hasOwn(enStart, key!)) outside.push(`${module}: ${key}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
