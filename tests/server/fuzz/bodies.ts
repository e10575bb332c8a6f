import { prng, hashOf, type Rng } from './prng';
import { allows, clone, setKey, toJson, typeOfValue, typesOf, Raw, ValueMaker, commonHint, type Hint, type JsonSchema, type Location } from './values';

export { Raw, validBody, type Hint, type JsonSchema } from './values';

/**
 * Request bodies for the fuzz. Each starts as a valid body of the route's schema (values.ts) and most are then broken
 * in one of the ways below, so every field of every route meets boundaries, wrong types, missing and unknown fields,
 * huge and deeply nested values, odd unicode and text that is not JSON at all.
 */

export const FAMILIES = ['valid', 'boundary', 'wrong-type', 'missing', 'unknown-field', 'unicode', 'huge', 'deep', 'not-an-object', 'not-json', 'mixed', 'content-type'] as const;
export type Family = (typeof FAMILIES)[number];

/** How many bodies of every 1,000 each family gets. Broken bodies are cheap for the server; valid ones do the work. */
const SHARE: Record<Family, number> = {
  valid: 25,
  boundary: 190,
  'wrong-type': 150,
  missing: 80,
  'unknown-field': 100,
  unicode: 150,
  huge: 2,
  deep: 2,
  'not-an-object': 30,
  'not-json': 40,
  mixed: 221,
  'content-type': 10,
};

export interface FuzzBody {
  index: number;
  family: Family;
  /** What was done, for a failure's message. */
  note: string;
  payload: string | Buffer;
  contentType: string;
  /** Sent with an Idempotency-Key of its own (the header makes the server hash the body before the handler runs). */
  idempotencyKey: boolean;
  /** The payload is a JSON object the JSON parser accepts: a 400 for it must name a field of it. */
  objectBody: boolean;
  /** The body has a field named by the empty string somewhere (a 400 naming it has an empty name). */
  emptyKey: boolean;
}


// ---------------------------------------------------------------------------------------------------------------
// Values.

export const UNICODE = [
  'مرحبا بالعالم', // Arabic, right to left
  'שלום', // Hebrew
  '\u202Egnp.exe', // right-to-left override
  'e\u0301\u0302\u0303\u0304\u0305\u0306', // combining marks piled on one letter
  'Z\u0351\u0364\u036B\u0300a\u0317\u0353l\u035Bg\u0310o', // zalgo
  '👩‍👩‍👧‍👦', // a family: emoji joined by ZWJ
  '🏳️‍🌈🇬🇧',
  '\uD800', // a lone high surrogate
  'a\uDFFFb', // a lone low surrogate
  '\uDC00\uD800', // a pair the wrong way round
  '\u0000', // NUL
  'a\u0000b',
  '\uFEFFbom',
  'line\u2028separator\u2029',
  '\uFFFF\uFFFE', // non-characters
  '\uE000', // private use
  '日本語のテキスト',
  'हिन्दी',
  'Ａｄｍｉｎ１２３', // full width
  'аdmin', // Cyrillic а
  'İstanbul', // lower-cases to a longer string
  'ß'.repeat(3),
  '\u0007\u001B[31mred\u001B[0m', // control characters
  '\t\n\r',
  '%00%2e%2e%2f',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{severity} {site} {nope}',
];
const NAN_LIKE = ['NaN', 'Infinity', '-Infinity', 'undefined', 'null', 'true', '0', '-0', '1e309', '0x1F', '  7  ', '', ' ', '\u00A0'];
const NUMBERS: (number | Raw)[] = [
  0, -1, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 2 ** 63, 0.1 + 0.2,
  new Raw('-0'), new Raw('1e309'), new Raw('-1e309'), new Raw('1E2'), new Raw('1.0'), new Raw('123456789012345678901234567890'), new Raw('0.000000000000000000000000000001'),
];
const DATE_TIMES = ['2024-02-29T00:00:00Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2024-03-31T01:30:00+14:00', '2024-03-31T01:30:00.123456789Z', '1970-01-01T00:00:00-23:59', '2038-01-19T03:14:08Z'];
const UNKNOWN_KEYS = ['isAdmin', 'role', 'companyId', 'id', 'createdAt', '__proto__', 'constructor', 'prototype', 'toString', '', ' ', 'ключ', '🔑', 'a\u0000b', '\uD800', 'x'.repeat(300), '$where', 'data'];
const WRONG: unknown[] = ['x', '', '1', 0, 1, -1, 1.5, true, false, null, [], ['x'], [1], {}, { a: 1 }];
const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/json;charset=utf-8', 'application/merge-patch+json', 'multipart/form-data; boundary=x', 'application/JSON', 'application/json, text/plain'];

// ---------------------------------------------------------------------------------------------------------------
// Breaking a valid body.

interface Base {
  /** Never changed: bodies to break are copies. */
  body: unknown;
  locs: Location[];
  fields: Location[];
  strings: Location[];
  objects: Location[];
}

function getAt(root: unknown, path: (string | number)[]): unknown {
  let cur = root;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object' || cur instanceof Raw) return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
}

function setAt(root: unknown, path: (string | number)[], v: unknown): unknown {
  if (path.length === 0) return v;
  let cur = root as Record<string | number, unknown>;
  for (const p of path.slice(0, -1)) {
    // An earlier break may have replaced a parent with a scalar: then there is nothing left to break here.
    if (cur === null || typeof cur !== 'object' || cur instanceof Raw) return root;
    cur = cur[p] as Record<string | number, unknown>;
  }
  if (cur === null || typeof cur !== 'object' || cur instanceof Raw) return root;
  const last = path[path.length - 1]!;
  if (Array.isArray(cur)) cur[last as number] = v;
  else setKey(cur as Record<string, unknown>, String(last), v);
  return root;
}

const LEAVES = ['1', '"x"', 'null', '{}', '[]'];
const bigTexts = new Map<string, Raw>();

/** JSON nested `depth` deep (arrays, objects, or both by turns); built once per shape and kept. */
function deepText(shape: number, depth: number, leaf: number): Raw {
  const key = `deep ${shape} ${depth} ${leaf}`;
  let raw = bigTexts.get(key);
  if (!raw) {
    const l = LEAVES[leaf]!;
    const text =
      shape === 0 ? `${'['.repeat(depth)}${l}${']'.repeat(depth)}` : shape === 1 ? `${'{"a":'.repeat(depth)}${l}${'}'.repeat(depth)}` : `${'[{"a":'.repeat(depth / 2)}${l}${'}]'.repeat(depth / 2)}`;
    bigTexts.set(key, (raw = new Raw(text)));
  }
  return raw;
}

/** Up to about a megabyte under the limit (ingest's is 4 MB; a megabyte says as much there), and just over it. */
const HUGE_SIZES = (limit: number) => [64 * 1024, 512 * 1024, Math.min(limit, 1024 * 1024) - 64 * 1024, limit + 1024];
const HUGE_CHARS = ['a', 'é', '🙂', '\u0000'];

/**
 * About `size` bytes of JSON, built once and kept: a string (of one of HUGE_CHARS), an array, unknown fields (the
 * text to splice into an object), or one field with a name that long.
 */
function hugeText(kind: 'string' | 'array' | 'keys' | 'key', size: number, char: number): Raw {
  const key = `${kind} ${size} ${char}`;
  let raw = bigTexts.get(key);
  if (!raw) {
    let text: string;
    if (kind === 'string') text = JSON.stringify(HUGE_CHARS[char]!.repeat(Math.floor(size / (Buffer.byteLength(JSON.stringify(HUGE_CHARS[char])) - 2))));
    else if (kind === 'array') text = `[${'1,"abcde",'.repeat(size / 10)}1]`;
    else if (kind === 'keys') text = Array.from({ length: size / 16 }, (_, i) => `"k${i}":${i}`).join(',');
    else text = `"${'k'.repeat(size)}":1`;
    bigTexts.set(key, (raw = new Raw(text)));
  }
  return raw;
}

class Breaker {
  constructor(
    private readonly rng: Rng,
    private readonly gen: ValueMaker,
  ) {}

  /** A value at a boundary of the branch's limits, or just past one. */
  boundary(loc: Location): [string, unknown] {
    const rng = this.rng;
    const s = loc.branch;
    const types = typesOf(s);
    if (types.has('string')) {
      const lengths = [0, s.minLength !== undefined ? s.minLength - 1 : -1, s.minLength ?? -1, s.maxLength ?? -1, s.maxLength !== undefined ? s.maxLength + 1 : -1].filter((n) => n >= 0);
      const base = typeof loc.value === 'string' && loc.value ? loc.value : 'a';
      switch (rng.int(0, 5)) {
        case 0:
        case 1: {
          const n = rng.pick(lengths);
          const fill = rng.pick([base, 'a', 'é', '🙂', ' ']);
          return [`length ${n}`, fill.repeat(Math.ceil(n / fill.length) + 1).slice(0, n)];
        }
        case 2:
          return ['NaN-like', rng.pick(NAN_LIKE)];
        case 3:
          return ['a date-time at an edge', rng.pick(DATE_TIMES)];
        case 4:
          if (s.enum) return ['an enum value changed', rng.pick([String(s.enum[0]).toUpperCase(), ` ${String(s.enum[0])}`, `${String(s.enum[0])}\u0000`, String(s.enum[0]).slice(0, -1)])];
          return ['padded with spaces', `  ${base}  `];
        default:
          return ['one character changed', base.length ? `${base.slice(0, -1)}${rng.pick(['!', ' ', '\u0000', 'ä', '9', '-'])}` : '!'];
      }
    }
    if (types.has('number') || types.has('integer')) {
      const picks: (number | Raw)[] = [...NUMBERS];
      for (const b of [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum]) if (b !== undefined) picks.push(b - 1, b, b + 1, b - 0.5, b + 0.5);
      const v = rng.pick(picks);
      return [`the number ${v instanceof Raw ? v.text : v}`, v];
    }
    if (types.has('array')) {
      const item = Array.isArray(loc.value) && loc.value.length ? loc.value[0] : this.gen.value(s.items ?? {}, [], String(loc.path.at(-1) ?? ''), []);
      const counts = [0, (s.minItems ?? 1) - 1, s.maxItems ?? 3, (s.maxItems ?? 3) + 1].filter((n) => n >= 0);
      const n = rng.pick(counts);
      return [`${n} items`, Array.from({ length: n }, () => clone(item))];
    }
    return this.wrongType(loc);
  }

  wrongType(loc: Location): [string, unknown] {
    const types = typesOf(loc.schema);
    const options = WRONG.filter((w) => !allows(types, w));
    const v = options.length ? this.rng.pick(options) : this.rng.pick(WRONG);
    return [`a ${typeOfValue(v)} where ${[...types].join('|') || 'anything'} goes`, clone(v)];
  }

  unicode(loc: Location): [string, unknown] {
    const rng = this.rng;
    const u = rng.pick(UNICODE);
    const base = typeof loc.value === 'string' ? loc.value : '';
    const max = loc.branch.maxLength;
    switch (rng.int(0, 3)) {
      case 0:
        return ['unicode', u];
      case 1:
        return ['unicode inside a valid value', `${base.slice(0, 2)}${u}${base.slice(2)}`];
      case 2: {
        // Up to the limit in UTF-16 units, with astral characters, possibly cut through a pair.
        const n = max ?? 64;
        return [`${n} units of emoji`, '🙂'.repeat(Math.ceil(n / 2)).slice(0, n)];
      }
      default:
        return ['only unicode', Array.from({ length: rng.int(1, 6) }, () => rng.pick(UNICODE)).join('')];
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------

export interface BodyOptions {
  seed: number;
  /** What the bodies are for ("POST /api/sites"): each route gets a generator of its own from the seed. */
  route: string;
  hint: Hint;
  /** Bodies the route's limit accepts (ingest takes 4 MB). */
  bodyLimit?: number;
  /** Only these families (FUZZ_FAMILIES), in their shares. */
  families?: readonly Family[];
}

const BODY_LIMIT = 1024 * 1024;

/** `count` bodies for a route's schema, the same for the same seed and route. */
export function* fuzzBodies(schema: JsonSchema, count: number, opts: BodyOptions): Generator<FuzzBody> {
  const rng = prng(opts.seed ^ hashOf(opts.route));
  const hint: Hint = (name, r) => opts.hint(name, r) ?? commonHint(name, r);
  const gen = new ValueMaker(rng, hint);
  const breaker = new Breaker(rng, gen);
  const limit = opts.bodyLimit ?? BODY_LIMIT;
  const families: Family[] = [];
  for (const f of opts.families ?? FAMILIES) for (let i = 0; i < SHARE[f]; i++) families.push(f);
  let schedule: Family[] = [];
  // Generating a valid body costs more than copying one: the broken ones start from a pool of valid ones.
  const POOL = 64;
  const pool: Base[] = [];
  const newBase = (): Base => {
    const locs: Location[] = [];
    const body = gen.value(schema, [], '', locs);
    const fields = locs.filter((l) => l.path.length > 0);
    return {
      body, locs, fields,
      strings: fields.filter((l) => typesOf(l.branch).has('string')),
      objects: locs.filter((l) => l.value !== null && typeof l.value === 'object' && !Array.isArray(l.value)),
    };
  };

  for (let index = 0; index < count; index++) {
    // Every 1,000 bodies hold each family's share; the order within them is shuffled by the seed.
    if (index % families.length === 0) {
      schedule = [...families];
      for (let i = schedule.length - 1; i > 0; i--) {
        const j = rng.int(0, i);
        [schedule[i], schedule[j]] = [schedule[j]!, schedule[i]!];
      }
    }
    const family = schedule[index % families.length]!;
    // A valid body of its own for the valid family (it joins the pool); a copy of a pooled one to break for the rest.
    let base: Base;
    if (family === 'valid' || pool.length < POOL) {
      base = newBase();
      if (pool.length < POOL) pool.push(base);
      else pool[rng.int(0, POOL - 1)] = base;
    } else base = rng.pick(pool);
    const { locs, fields, strings, objects } = base;
    const valid = base.body;
    let body = clone(valid);
    const anyField = () => (fields.length ? rng.pick(fields) : locs[0]!);
    const notes: string[] = [];
    let contentType = 'application/json';
    let text: string | Buffer | undefined;
    let idempotencyKey = rng.chance(0.05);
    let extraFields = '';

    const breakOnce = (kind: 'boundary' | 'wrong-type' | 'missing' | 'unknown-field' | 'unicode') => {
      switch (kind) {
        case 'boundary': {
          const loc = anyField();
          const [what, v] = breaker.boundary(loc);
          body = setAt(body, loc.path, v);
          notes.push(`${loc.path.join('.') || 'body'}: ${what}`);
          break;
        }
        case 'wrong-type': {
          const loc = anyField();
          const [what, v] = breaker.wrongType(loc);
          body = setAt(body, loc.path, v);
          notes.push(`${loc.path.join('.') || 'body'}: ${what}`);
          break;
        }
        case 'missing': {
          const loc = rng.pick(objects.length ? objects : locs);
          const o = getAt(body, loc.path) as Record<string, unknown>;
          if (o === null || typeof o !== 'object' || o instanceof Raw) break;
          const keys = Object.keys(o);
          const drop = rng.chance(0.2) ? keys : keys.filter(() => rng.chance(0.4)).slice(0, 3);
          if (!drop.length && keys.length) drop.push(rng.pick(keys));
          for (const k of drop) delete o[k];
          notes.push(`${loc.path.join('.') || 'body'}: without ${drop.join(', ') || 'anything'}`);
          break;
        }
        case 'unknown-field': {
          const loc = rng.pick(objects.length ? objects : locs);
          const o = getAt(body, loc.path) as Record<string, unknown>;
          if (o === null || typeof o !== 'object' || Array.isArray(o) || o instanceof Raw) break;
          const n = rng.pick([1, 1, 2, 3]);
          for (let i = 0; i < n; i++) {
            const k = rng.pick(UNKNOWN_KEYS);
            setKey(o, k, clone(rng.pick([...WRONG, 'admin', rng.pick(UNICODE)])));
            notes.push(`${loc.path.join('.') || 'body'}: unknown field ${JSON.stringify(k).slice(0, 40)}`);
          }
          break;
        }
        case 'unicode': {
          const loc = strings.length ? rng.pick(strings) : anyField();
          const [what, v] = breaker.unicode(loc);
          body = setAt(body, loc.path, v);
          notes.push(`${loc.path.join('.') || 'body'}: ${what}`);
          break;
        }
      }
    };

    switch (family) {
      case 'valid':
        notes.push('valid');
        break;
      case 'boundary':
      case 'wrong-type':
      case 'missing':
      case 'unknown-field':
      case 'unicode':
        breakOnce(family);
        break;
      case 'mixed': {
        const n = rng.int(2, 3);
        for (let i = 0; i < n; i++) breakOnce(rng.pick(['boundary', 'wrong-type', 'missing', 'unknown-field', 'unicode'] as const));
        break;
      }
      case 'huge': {
        const size = rng.pick(HUGE_SIZES(limit));
        const what = rng.int(0, 3);
        const kb = Math.round(size / 1024);
        if (what === 0 && strings.length) {
          const loc = rng.pick(strings);
          body = setAt(body, loc.path, hugeText('string', size, rng.int(0, 3)));
          notes.push(`${loc.path.join('.')}: a string of ~${kb} KB`);
        } else if (what === 1) {
          const loc = anyField();
          body = setAt(body, loc.path, hugeText('array', size, 0));
          notes.push(`${loc.path.join('.') || 'body'}: an array of ~${kb} KB`);
        } else {
          extraFields = hugeText(what === 2 ? 'keys' : 'key', size, 0).text;
          notes.push(what === 2 ? `~${kb} KB of unknown fields` : `an unknown field named by ~${kb} KB`);
        }
        break;
      }
      case 'deep': {
        const depth = rng.pick([10_000, 10_000, 10_000, 100_000, 300_000]);
        const deep = deepText(rng.int(0, 2), depth, rng.int(0, 4));
        const where = rng.int(0, 3);
        if (where === 0) {
          body = deep;
          notes.push(`the whole body nested ${depth} deep`);
        } else if (where === 1) {
          extraFields = `"nested":${deep.text}`;
          notes.push(`an unknown field nested ${depth} deep`);
        } else {
          const loc = anyField();
          body = setAt(body, loc.path, deep);
          notes.push(`${loc.path.join('.') || 'body'}: nested ${depth} deep`);
        }
        // The Idempotency-Key makes the server hash the body before any handler reads it.
        idempotencyKey = rng.chance(0.3);
        break;
      }
      case 'not-an-object': {
        body = clone(rng.pick([[valid], [], 'a string', '', 42, -0.5, null, true, false, [[]], [{}], [null]]));
        notes.push(`the body is ${toJson(body).slice(0, 30)}`);
        break;
      }
      case 'not-json': {
        const valid = toJson(body);
        const cut = rng.int(0, Math.max(0, valid.length - 1));
        const options: [string, string | Buffer][] = [
          ['cut short', valid.slice(0, cut)],
          ['with text after it', `${valid}garbage`],
          ['with single quotes', valid.replaceAll('"', "'")],
          ['with a trailing comma', valid.replace(/}$/, ',}')],
          ['with NaN', '{"a":NaN}'],
          ['with a comment', `/* c */${valid}`],
          ['empty', ''],
          ['only whitespace', ' \n\t '],
          ['with a byte order mark', `\uFEFF${valid}`],
          ['with a bad escape', '{"a":"\\x41"}'],
          ['with a raw control character in a string', '{"a":"\u0001"}'],
          ['with a duplicated key', valid.replace(/^\{/, '{"a":1,"a":')],
          ['with a number literal of 10,000 digits', `{"a":${'9'.repeat(10_000)}}`],
          ['as a lone minus', '-'],
          ['with a leading zero', '{"a":01}'],
          ['with bytes that are not UTF-8', Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')])],
          ['with a NUL byte outside a string', `${valid.slice(0, cut)}\u0000${valid.slice(cut)}`],
        ];
        const [what, t] = rng.pick(options);
        text = t;
        notes.push(`not JSON: ${what}`);
        break;
      }
      case 'content-type': {
        contentType = rng.pick(CONTENT_TYPES);
        if (rng.chance(0.5)) breakOnce(rng.pick(['boundary', 'wrong-type', 'unknown-field'] as const));
        notes.push(`sent as ${contentType}`);
        break;
      }
    }
    let payload = text ?? toJson(body);
    // Fields too big to build as objects are spliced into the body's text (an object body only).
    if (extraFields && typeof payload === 'string' && payload.startsWith('{')) payload = payload === '{}' ? `{${extraFields}}` : `${payload.slice(0, -1)},${extraFields}}`;
    const objectBody =
      text === undefined &&
      body !== null &&
      typeof body === 'object' &&
      !Array.isArray(body) &&
      !(body instanceof Raw) &&
      contentType.toLowerCase().startsWith('application/json') &&
      // The JSON parser refuses these keys at any depth before a schema sees them (prototype poisoning).
      !/"(__proto__|constructor)"\s*:/.test(payload.toString());
    yield {
      index,
      family,
      note: notes.join('; '),
      payload,
      contentType,
      idempotencyKey,
      objectBody,
      emptyKey: payload.toString().includes('"":'),
    };
  }
}
