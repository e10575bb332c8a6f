import type { Rng } from './prng';

/**
 * Strings that match a regular expression, for the contract's patterns (dates, colours, keys, the email rule): a small
 * sampler of the syntax they use — literals, escapes, classes with ranges, groups, alternation and quantifiers. A
 * pattern beyond it throws, so a new kind of pattern is noticed rather than fuzzed with strings that never match.
 */
type Node =
  | { t: 'chars'; set: string[] }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'repeat'; node: Node; min: number; max: number };

const range = (from: string, to: string) => Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) => String.fromCharCode(from.charCodeAt(0) + i));
const DIGITS = range('0', '9');
const WORD = [...range('a', 'z'), ...range('A', 'Z'), ...DIGITS, '_'];
const PRINTABLE = range(' ', '~');
const ESCAPES: Record<string, string[]> = { d: DIGITS, w: WORD, s: [' '] };

function parse(source: string): Node {
  let i = 0;
  const peek = () => source[i];
  const escape = (): string[] => {
    const c = source[i++];
    if (c === undefined) throw new Error(`regex sampler: pattern ends with a backslash: ${source}`);
    if (ESCAPES[c]) return ESCAPES[c]!;
    if (/[A-Za-z]/.test(c)) throw new Error(`regex sampler: unsupported escape \\${c} in ${source}`);
    return [c];
  };
  const klass = (): Node => {
    const negate = peek() === '^';
    if (negate) i++;
    const set: string[] = [];
    let first = true;
    while (i < source.length && (peek() !== ']' || first)) {
      first = false;
      let from: string[];
      const c = source[i++]!;
      from = c === '\\' ? escape() : [c];
      if (peek() === '-' && source[i + 1] !== ']' && from.length === 1) {
        i++;
        const d = source[i++]!;
        const to = d === '\\' ? escape() : [d];
        from = range(from[0]!, to[0]!);
      }
      set.push(...from);
    }
    if (source[i++] !== ']') throw new Error(`regex sampler: unclosed class in ${source}`);
    return { t: 'chars', set: negate ? PRINTABLE.filter((c) => !set.includes(c)) : set };
  };
  const atom = (): Node | null => {
    const c = source[i++]!;
    if (c === '(') {
      if (source.startsWith('?:', i)) i += 2;
      else if (source[i] === '?') throw new Error(`regex sampler: unsupported group in ${source}`);
      const inner = alternation();
      if (source[i++] !== ')') throw new Error(`regex sampler: unclosed group in ${source}`);
      return inner;
    }
    if (c === '[') return klass();
    if (c === '\\') return { t: 'chars', set: escape() };
    if (c === '.') return { t: 'chars', set: PRINTABLE };
    if (c === '^' || c === '$') return null;
    return { t: 'chars', set: [c] };
  };
  const quantified = (node: Node): Node => {
    const c = peek();
    if (c === '*') return i++, { t: 'repeat', node, min: 0, max: 4 };
    if (c === '+') return i++, { t: 'repeat', node, min: 1, max: 5 };
    if (c === '?') return i++, { t: 'repeat', node, min: 0, max: 1 };
    if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (m) {
        i += m[0].length;
        const min = Number(m[1]);
        const max = m[2] === undefined ? min : m[3] ? Number(m[3]) : min + 4;
        return { t: 'repeat', node, min, max };
      }
    }
    return node;
  };
  const sequence = (): Node => {
    const items: Node[] = [];
    while (i < source.length && peek() !== '|' && peek() !== ')') {
      const a = atom();
      if (a) items.push(quantified(a));
    }
    return { t: 'seq', items };
  };
  function alternation(): Node {
    const options = [sequence()];
    while (peek() === '|') {
      i++;
      options.push(sequence());
    }
    return options.length === 1 ? options[0]! : { t: 'alt', options };
  }
  const node = alternation();
  if (i !== source.length) throw new Error(`regex sampler: could not read ${source} past ${i}`);
  return node;
}

const cache = new Map<string, { node: Node; re: RegExp }>();

function sampleNode(rng: Rng, node: Node): string {
  switch (node.t) {
    case 'chars':
      return rng.pick(node.set);
    case 'seq':
      return node.items.map((n) => sampleNode(rng, n)).join('');
    case 'alt':
      return sampleNode(rng, rng.pick(node.options));
    case 'repeat': {
      const n = rng.int(node.min, node.max);
      let s = '';
      for (let k = 0; k < n; k++) s += sampleNode(rng, node.node);
      return s;
    }
  }
}

/** A string matching `pattern` (checked with the pattern itself; a miss after a few tries throws). */
export function sampleRegex(rng: Rng, pattern: string): string {
  let known = cache.get(pattern);
  if (!known) cache.set(pattern, (known = { node: parse(pattern), re: new RegExp(pattern) }));
  const { node, re } = known;
  for (let attempt = 0; attempt < 20; attempt++) {
    const s = sampleNode(rng, node);
    if (re.test(s)) return s;
  }
  throw new Error(`regex sampler: no sample of ${pattern} matched it`);
}
