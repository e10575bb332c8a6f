import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Code that says "see docs/…" must point at a document that exists.
const root = path.resolve(__dirname, '../..');
const SOURCES = ['src', 'server', 'bench', 'tests'];

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(p);
    return /\.(ts|tsx|mjs|js)$/.test(e.name) ? [p] : [];
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

// The repository stands alone: a comment may point into docs/ (product.md, architecture.md, decisions.md) or the
// README, never at a document a person cloning the repository does not have (the specification and design notes it
// was built from, style and stack notes) nor at an issue tracker's numbers.
const EXTERNAL_DOC = /\b(?:SPEC|DESIGN)\b(?![_-])|\b(?:SPEC|DESIGN|STYLE|STACK)\.md\b/;
/** "issue 12", "issues 13 and 14", "issue #12"; not `result.error.issues` nor "zod's issue code". */
const ISSUE_NUMBER = /\bissues?\s+#?\d/i;
/** "#12", "(#12)", "fixes #12" in a comment; a 3- or 6-digit `#123456` may be a colour and is left alone. */
const HASH_NUMBER = /(?<![\w&#/])#(?!\d{3}\b|\d{6}\b)\d+\b(?![\w-])/;

/** The comment text of a line, roughly: after `//` (not a URL's `://`), or the line of a block comment. */
function commentOf(line: string, inBlock: boolean): string {
  const trimmed = line.trimStart();
  if (inBlock || trimmed.startsWith('/*') || trimmed.startsWith('*')) return line;
  const at = line.search(/(?<!:)\/\/|\/\*/);
  return at < 0 ? '' : line.slice(at);
}

/** Every citation of a document or an issue outside the repository, as `file:line: text`. */
function outsideCitations(file: string, text: string): string[] {
  const found: string[] = [];
  let inBlock = false;
  text.split('\n').forEach((line, i) => {
    const comment = commentOf(line, inBlock);
    if (EXTERNAL_DOC.test(line) || ISSUE_NUMBER.test(line) || HASH_NUMBER.test(comment)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    const opens = line.lastIndexOf('/*');
    const closes = line.lastIndexOf('*/');
    if (opens > closes) inBlock = true;
    else if (closes >= 0) inBlock = false;
  });
  return found;
}

describe('citations of documents outside the repository', () => {
  it('tells a citation from code that only looks like one', () => {
    const offenders = (text: string) => outsideCitations('x.ts', text).length;
    for (const cited of [
      '// SPEC §8: on a 401 the user is logged out.',
      '/** The rule of DESIGN §6 "Alert rule". */',
      ' * as SPEC.md describes it',
      "// see DESIGN.md",
      '// written to STYLE.md and STACK.md',
      "it('reports (issue 14): add a report', () => {});",
      '// Alerts (issues 13 and 14)',
      '// fixed in issue #12',
      '// a regression (#12)',
      ' * found by the fuzz, see #7',
    ]) expect(offenders(cited), cited).toBe(1);
    for (const code of [
      'const problems = result.error.issues.map((issue) => issue.message);',
      "// zod's issue code names the check",
      "const colour = '#1f5fbf'; // or #000 or #333333",
      "const url = 'https://example.test/#12';",
      'const SPEC_VERSION = 3;',
      '// docs/product.md, Sessions',
    ]) expect(offenders(code), code).toBe(0);
  });

  it('no source file cites a document not in the repository, or an issue number', () => {
    const self = path.relative(root, __filename);
    const offenders = SOURCES.flatMap((d) => filesUnder(path.join(root, d)))
      .map((file) => path.relative(root, file))
      .filter((file) => file !== self)
      .flatMap((file) => outsideCitations(file, fs.readFileSync(path.join(root, file), 'utf8')));
    expect(offenders, 'point into docs/product.md, docs/architecture.md or docs/decisions.md instead').toEqual([]);
  });
});
