import { prng, hashOf, type Rng } from './prng';
import { sampleRegex } from './regex';

/**
 * Valid values for a route's JSON Schema (the API document's, which the server derives from the shared zod contract
 * with z.toJSONSchema): the schema's shape, filled with the caller's own ids and realistic values where a field's
 * name says what it holds, and a list of every place in the value for bodies.ts to break.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

/** JSON text placed verbatim where a value goes: numbers JSON.stringify cannot write, and nesting too deep for it. */
export class Raw {
  constructor(readonly text: string) {}
}

/** Good values by a field's name (ids of the caller's own company, a time zone…); undefined when it has none. */
export type Hint = (name: string, rng: Rng) => unknown;

// ---------------------------------------------------------------------------------------------------------------
// Serialising: JSON with Raw pieces, and keys such as __proto__ kept as plain keys.

export function toJson(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  // Array.from visits holes (left by breaking an index past the end) as undefined, written as null.
  if (Array.isArray(v)) return `[${Array.from(v, toJson).join(',')}]`;
  return `{${Object.keys(v)
    .map((k) => `${JSON.stringify(k)}:${toJson((v as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

/** Sets a key as an own property, whatever its name (a plain assignment of __proto__ would change the prototype). */
export function setKey(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

export function clone<T>(v: T): T {
  if (v instanceof Raw || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(clone) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) setKey(out, k, clone((v as Record<string, unknown>)[k]));
  return out as T;
}


const TIME_ZONES = ['Europe/London', 'UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe', 'America/St_Johns', 'Asia/Kathmandu'];

export const typesOf = (s: JsonSchema): Set<string> => {
  const out = new Set<string>();
  if (s.type) for (const t of [s.type].flat()) out.add(t);
  for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) for (const t of typesOf(b)) out.add(t);
  if (s.const !== undefined) out.add(s.const === null ? 'null' : typeof s.const);
  if (s.enum) for (const e of s.enum) out.add(e === null ? 'null' : typeof e);
  if (out.has('integer')) out.add('integer');
  return out;
};
export const typeOfValue = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);
export const allows = (types: Set<string>, v: unknown) => {
  const t = typeOfValue(v);
  return types.size === 0 || types.has(t) || (t === 'integer' && types.has('number'));
};

/** Semantic hints any route may use: values whose validity a pattern cannot say (time zones, host names, URLs). */

export const commonHint: Hint = (name, rng) => {
  const n = rng.int(1, 1_000_000);
  switch (name) {
    case 'timezone':
      return rng.pick(TIME_ZONES);
    case 'coordinates':
      return rng.pick([`51°30'26"N 0°7'39"W`, '', `40°26'46"N 79°58'56"W`]);
    case 'domain':
      return `fuzz-${n}.example`;
    case 'faviconUrl':
    case 'loginLogoUrl':
    case 'siteLogoUrl':
      return rng.pick(['', '/favicon.ico', `https://cdn.example/${n}.png`]);
    case 'email':
      return `fuzz.${n}@example.test`;
    case 'subject':
      return rng.pick(['{severity}: {site}', 'Alert {rule}', 'Plain subject']);
    case 'body':
      return rng.pick(['{node} reads {value} at {time}. {link}', 'Check {feed} ({threshold})', 'No placeholders']);
    case 'period': {
      const d = new Date(Date.now() - rng.int(1, 12) * 31 * 86_400_000);
      return d.toISOString().slice(0, 7);
    }
    case 'mutedUntil':
      return rng.pick([null, new Date(Date.now() + rng.int(1, 72) * 3_600_000).toISOString()]);
    case 'ts':
      return rng.chance(0.5) ? Date.now() - rng.int(0, 86_400_000) : new Date(Date.now() - rng.int(0, 86_400_000)).toISOString();
    case 'returnUrl':
      return rng.pick(['/', '/reports', '/site-dashboard/x']);
    default:
      return undefined;
  }
};

/** Cross-field rules a valid body keeps: from before to, the password confirmed, low under high. */
function settle(o: Record<string, unknown>, rng: Rng): void {
  if (typeof o.from === 'string' && typeof o.to === 'string') {
    const to = Date.now() - rng.int(0, 3) * 86_400_000;
    const from = to - rng.pick([3_600_000, 86_400_000, 7 * 86_400_000, 31 * 86_400_000]);
    o.from = new Date(from).toISOString();
    o.to = new Date(to).toISOString();
  }
  if (typeof o.password === 'string' && 'confirmPassword' in o) o.confirmPassword = o.password;
  if (typeof o.low === 'number' && typeof o.high === 'number' && o.low >= o.high) [o.low, o.high] = [o.high - 1, o.low + 1];
}


// ---------------------------------------------------------------------------------------------------------------
// Valid values, and where they are.

export interface Location {
  path: (string | number)[];
  /** The schema at the place (with its anyOf), and the branch the valid value took. */
  schema: JsonSchema;
  branch: JsonSchema;
  value: unknown;
}

export class ValueMaker {
  constructor(
    private readonly rng: Rng,
    private readonly hint: Hint,
  ) {}

  string(s: JsonSchema): string {
    const rng = this.rng;
    if (s.pattern && !s.allOf) return sampleRegex(rng, s.pattern);
    const min = s.minLength ?? 0;
    const max = Math.min(s.maxLength ?? min + 24, min + 24);
    const len = rng.int(Math.max(min, Math.min(3, max)), max);
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_';
    let out = '';
    for (let i = 0; i < len; i++) out += letters[rng.int(0, letters.length - 1)];
    if (rng.chance(0.15) && out.length + 2 <= (s.maxLength ?? Infinity)) out = `${out.slice(0, -2)}${rng.pick(['é', 'ø', '漢', '🙂'])}`;
    // allOf patterns (a password rule): one sample of each, kept within the length.
    if (s.allOf) {
      const extra = s.allOf.map((p) => (p.pattern ? sampleRegex(rng, p.pattern) : '')).join('');
      out = `${out.slice(0, Math.max(min - extra.length, Math.min(out.length, (s.maxLength ?? 128) - extra.length)))}${extra}`;
      while (out.length < min) out = `${out}x`;
    }
    // Contract strings are trimmed: spaces at the ends would make a valid-looking value shorter than its minimum.
    return out.replace(/^ +| +$/g, (m) => 'x'.repeat(m.length));
  }

  number(s: JsonSchema): number {
    const integer = [s.type].flat().includes('integer');
    const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.001) : -1000);
    const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.001) : Math.max(lo + 1000, 1000));
    if (integer) return this.rng.int(Math.ceil(lo), Math.floor(hi));
    return Math.round((lo + this.rng.next() * (hi - lo)) * 100) / 100;
  }

  /** A valid value for `s` at `path`, recording every place in it. */
  value(s: JsonSchema, path: (string | number)[], name: string, out: Location[]): unknown {
    const rng = this.rng;
    const branches = s.anyOf ?? s.oneOf;
    let branch = s;
    if (branches?.length) {
      // Prefer a non-null branch: a value says more than null.
      const nonNull = branches.filter((b) => b.type !== 'null');
      branch = rng.chance(0.85) && nonNull.length ? rng.pick(nonNull) : rng.pick(branches);
    }
    let v: unknown;
    const hinted = this.hint(name, rng);
    const types = [branch.type].flat().filter((t): t is string => typeof t === 'string');
    if (hinted !== undefined && rng.chance(0.9) && (branch.type === undefined || allows(typesOf(s), hinted))) v = hinted;
    else if (branch.const !== undefined) v = branch.const;
    else if (branch.enum) v = rng.pick(branch.enum);
    else {
      const type = types.length > 1 ? rng.pick(types.filter((t) => t !== 'null').length && rng.chance(0.85) ? types.filter((t) => t !== 'null') : types) : types[0];
      switch (type) {
        case 'object': {
          const o: Record<string, unknown> = {};
          const required = new Set(branch.required ?? []);
          out.push({ path, schema: s, branch, value: o });
          for (const [k, ps] of Object.entries(branch.properties ?? {})) {
            if (required.has(k) || rng.chance(0.6)) setKey(o, k, this.value(ps, [...path, k], k, out));
          }
          settle(o, rng);
          return o;
        }
        case 'array': {
          const min = branch.minItems ?? 0;
          const max = Math.min(branch.maxItems ?? min + 3, min + 3);
          const n = rng.int(min, Math.max(min, max));
          const a: unknown[] = [];
          out.push({ path, schema: s, branch, value: a });
          // Items take the array's name for hints: feedIds holds feed ids.
          for (let i = 0; i < n; i++) a.push(this.value(branch.items ?? {}, [...path, i], name, out));
          return a;
        }
        case 'string':
          v = this.string(branch);
          break;
        case 'number':
        case 'integer':
          v = this.number(branch);
          break;
        case 'boolean':
          v = rng.chance(0.5);
          break;
        case 'null':
          v = null;
          break;
        default:
          v = rng.pick(['x', 1, true, null]);
      }
    }
    out.push({ path, schema: s, branch, value: v });
    return v;
  }
}


/** A body the schema accepts (for setting up rows to fuzz and for the route matrix's checks). */
export function validBody(schema: JsonSchema, seed: number, route: string, hint: Hint): Record<string, unknown> {
  const rng = prng(seed ^ hashOf(`${route} valid`));
  return new ValueMaker(rng, (name, r) => hint(name, r) ?? commonHint(name, r)).value(schema, [], '', []) as Record<string, unknown>;
}
