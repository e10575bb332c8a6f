import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The house boundaries are lint zones (eslint.config.js). Each case lints a line of code as if it were a file in a
 * zone, and expects the zone's refusal, or none: a later config block that replaced an earlier one's rules, or a
 * pattern that a path gets round, fails here and not in review.
 */
const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('no-restricted')).map((m) => m.message);
}

const refused: [zone: string, file: string, code: string, says: RegExp][] = [
  ['a view talks HTTP', 'src/views/sites/x.tsx', "import ky from 'ky'; void ky;", /never talk to the network|Only src\/api\/client.ts/],
  ['a view calls src/api', 'src/views/sites/x.tsx', "import { sites } from '../../api/sites.api'; void sites;", /Views never call src\/api/],
  ['a screen imports another screen', 'src/views/sites/x.tsx', "import { y } from '../alerts/y'; void y;", /another screen's files/],
  ['…the long way round', 'src/views/sites/x.tsx', "import { y } from '../../views/alerts/y'; void y;", /another screen's files/],
  ['the kit knows a machine', 'src/views/ui/x.tsx', "import { y } from '../../machines/list-and-form.machine'; void y;", /The kit \(src\/views\/ui\) knows no machine/],
  ['the kit uses the list pattern', 'src/views/ui/x.tsx', "import { y } from '../list-and-form/resource-screen'; void y;", /The kit \(src\/views\/ui\) knows no machine/],
  ['the kit imports a screen', 'src/views/ui/x.tsx', "import { y } from '../sites/y'; void y;", /another screen's files/],
  ['the client imports the server', 'src/views/x.tsx', "import { y } from '../../server/errors'; void y;", /never imports the server/],
  ['a machine imports React', 'src/machines/x.machine.ts', "import { useState } from 'react'; void useState;", /Machines import no React/],
  ['a machine imports a view', 'src/machines/x.ts', "import { y } from '../views/ui/y'; void y;", /Machines never import views/],
  ['a machine imports the server', 'src/machines/x.ts', "import { y } from '../../server/errors'; void y;", /never imports the server/],
  ['a machine talks HTTP', 'src/machines/x.ts', "import ky from 'ky'; void ky;", /ky/],
  ['a machine file touches the browser', 'src/machines/x.machine.ts', 'void window.location;', /behaviour only/],
  ['src/api knows a machine', 'src/api/x.api.ts', "import { y } from '../machines/y'; void y;", /src\/api decides nothing/],
  ['src/api imports the server', 'src/api/x.api.ts', "import { y } from '../../server/errors'; void y;", /never imports the server/],
  ['src/api talks HTTP outside client.ts', 'src/api/x.api.ts', "import ky from 'ky'; void ky;", /Only src\/api\/client.ts/],
  ['the server imports client code', 'server/x.ts', "import { y } from '../src/machines/y'; void y;", /shares only the zod contract/],
  ['a route imports Kysely', 'server/routes/x.ts', "import { sql } from 'kysely'; void sql;", /Routes hold no SQL/],
  ['a service imports Kysely', 'server/reports/fridge-reports.ts', "import { sql } from 'kysely'; void sql;", /Services hold no SQL/],
  ['a service builds a query', 'server/alerts/notifications.ts', "declare const db: any; void db.selectFrom('alert_events');", /Services hold no SQL/],
  ['a route builds a query', 'server/routes/x.ts', "declare const db: any; void db.selectFrom('sites');", /Routes hold no SQL/],
];

const allowed: [what: string, file: string, code: string][] = [
  ['a view imports a type from src/api', 'src/views/sites/x.tsx', "import type { Site } from '../../api/contract/sites'; export type T = Site;"],
  ['a screen uses the kit', 'src/views/sites/x.tsx', "import { Button } from '../ui/button'; void Button;"],
  ['a screen uses the list pattern', 'src/views/sites/x.tsx', "import { ResourceScreen } from '../list-and-form/resource-screen'; void ResourceScreen;"],
  ['the kit reads a field message type', 'src/views/ui/x.tsx', "import type { FieldMessage } from '../../machines/form'; export type T = FieldMessage;"],
  ['src/api/client.ts talks HTTP', 'src/api/client.ts', "import ky from 'ky'; void ky;"],
  ['the server uses the contract', 'server/x.ts', "import { id } from '../src/api/contract/common'; void id;"],
  ['a service keeps its transaction', 'server/exports/export-jobs.ts', "declare const db: any; void db.transaction();"],
  ['a repository builds a query', 'server/db/x.repository.ts', "declare const db: any; void db.selectFrom('sites');"],
];

describe('lint zones refuse what crosses a boundary', () => {
  it.each(refused)('%s', async (_zone, file, code, says) => {
    const found = await problems(file, code);
    expect(found.some((m) => says.test(m)), `${file}: ${found.join(' | ') || 'nothing refused'}`).toBe(true);
  });

  it.each(allowed)('allows %s', async (_what, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
