import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Code that says "see docs/…" must point at a document that exists (issue 11: world.ts cited a file nobody wrote).
const root = path.resolve(__dirname, '../..');
const SOURCES = ['src', 'server', 'bench', 'tests'];

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

describe('references to docs/', () => {
  it('every docs/*.md named in the code exists', () => {
    const cited = new Map<string, string[]>();
    for (const file of SOURCES.flatMap((d) => filesUnder(path.join(root, d)))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w./-]+\.md\b/g)) {
        cited.set(m[0], [...(cited.get(m[0]) ?? []), path.relative(root, file)]);
      }
    }
    expect(cited.size).toBeGreaterThan(0);
    const missing = [...cited].filter(([doc]) => !fs.existsSync(path.join(root, doc))).map(([doc, by]) => `${doc} (cited by ${by.join(', ')})`);
    expect(missing).toEqual([]);
  });
});
