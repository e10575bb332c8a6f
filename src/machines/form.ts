import type { ZodType } from 'zod';
import { passwordRule } from '../api/contract/common';
import type { I18nKey } from '../i18n';
import { failureOf, type Failure } from './failure';

/**
 * Field checks shared by the account machines (sign-up, forgot and reset password, profile). The password rule is
 * the contract's zod `passwordRule`, read through its issues, so the client can never drift from the server.
 */

/** A part of the password rule; `other` stands for a check added to the contract that has no text here yet. */
export type PasswordPart = 'length' | 'max' | 'upper' | 'lower' | 'digit' | 'other';

/** One message under a field: a dictionary key for the view to translate. */
export interface FieldMessage {
  key: I18nKey;
  params?: Record<string, number>;
  /** Set for password-rule messages, so the rule's checklist can tell which parts are met. */
  part?: PasswordPart;
}

export type FieldErrors<F extends string> = Partial<Record<F, FieldMessage[]>>;
export type Touched<F extends string> = Partial<Record<F, true>>;

/** A failed call as the account forms show it; `field` names the field the server blamed, if it is one of ours. */
export interface FormFailure<F extends string> extends Failure {
  field: F | null;
}

const LIMITS = { min: passwordRule.minLength ?? 0, max: passwordRule.maxLength ?? 0 };

const ERROR_KEYS: Record<PasswordPart, I18nKey> = {
  length: 'account.password.error.length',
  max: 'account.password.error.max',
  upper: 'account.password.error.upper',
  lower: 'account.password.error.lower',
  digit: 'account.password.error.digit',
  other: 'account.password.error.other',
};
const RULE_KEYS: Partial<Record<PasswordPart, I18nKey>> = {
  length: 'account.password.rule.length',
  upper: 'account.password.rule.upper',
  lower: 'account.password.rule.lower',
  digit: 'account.password.rule.digit',
};

// A regex check is named by the character it asks for: the contract's patterns are the source, not a copy here.
const PROBES: [PasswordPart, string][] = [
  ['upper', 'A'],
  ['lower', 'a'],
  ['digit', '7'],
];

function patternOf(pattern: string): RegExp | null {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  try {
    return m ? new RegExp(m[1]!, m[2]) : new RegExp(pattern);
  } catch {
    return null;
  }
}

function partOf(issue: { code: string; format?: string; pattern?: string }): PasswordPart {
  if (issue.code === 'too_small') return 'length';
  if (issue.code === 'too_big') return 'max';
  if (issue.code === 'invalid_format' && issue.format === 'regex' && issue.pattern) {
    const re = patternOf(issue.pattern);
    const hit = re ? PROBES.find(([, probe]) => re.test(probe)) : undefined;
    if (hit) return hit[0];
  }
  return 'other';
}

/** The parts of the rule a password fails, one message each (in the contract's order). */
export function passwordProblems(value: string): FieldMessage[] {
  const result = passwordRule.safeParse(value);
  if (result.success) return [];
  const parts = [...new Set(result.error.issues.map((i) => partOf(i as never)))];
  return parts.map((part) => ({ key: ERROR_KEYS[part], params: LIMITS, part }));
}

/** The rule as a checklist: every part an empty password fails, i.e. everything the rule asks for. */
export const PASSWORD_RULE: readonly FieldMessage[] = passwordProblems('')
  .filter((m) => m.part && RULE_KEYS[m.part])
  .map((m) => ({ key: RULE_KEYS[m.part!]!, params: LIMITS, part: m.part }));

/** The confirmation must be given and equal the new password. */
export function confirmProblems(password: string, confirm: string): FieldMessage[] {
  if (!confirm) return [{ key: 'account.confirm.required' }];
  return confirm === password ? [] : [{ key: 'account.confirm.mismatch' }];
}

/** A text field checked against its contract schema: empty, too long, or otherwise invalid. */
export function textProblems(schema: ZodType, value: string, keys: { required: I18nKey; tooLong?: I18nKey; invalid?: I18nKey }): FieldMessage[] {
  if (!value.trim()) return [{ key: keys.required }];
  const result = schema.safeParse(value);
  if (result.success) return [];
  const issue = result.error.issues[0] as { code: string; maximum?: number } | undefined;
  if (issue?.code === 'too_big' && keys.tooLong) return [{ key: keys.tooLong, params: { max: Number(issue.maximum) } }];
  return [{ key: keys.invalid ?? keys.required }];
}

/** docs/product.md, Forms: fields are checked on every change and blur, but a field's messages show once it was left or submitted. */
export function visibleErrors<F extends string>(all: FieldErrors<F>, touched: Touched<F>, submitted: boolean): FieldErrors<F> {
  const shown: FieldErrors<F> = {};
  for (const field of Object.keys(all) as F[]) {
    const list = all[field];
    if (list?.length && (submitted || touched[field])) shown[field] = list;
  }
  return shown;
}

export const hasErrors = <F extends string>(all: FieldErrors<F>) => Object.values<FieldMessage[] | undefined>(all).some((l) => Boolean(l?.length));

/** The unmet parts of the password rule, for the live checklist (where one item covers both length limits). */
export const unmetParts = (password: string): PasswordPart[] =>
  passwordProblems(password).flatMap((m) => (m.part === 'max' ? ['length' as const] : m.part ? [m.part] : []));

/**
 * A failure from an api call as plain data: its dictionary key (never the server's English text), and the server's
 * `details[0].path` as the field when it is one of ours.
 */
export function toFailure<F extends string>(e: unknown, fields: readonly F[]): FormFailure<F> {
  const x = e as { details?: unknown } | null;
  const details = Array.isArray(x?.details) ? (x.details as { path?: unknown }[]) : [];
  const path = typeof details[0]?.path === 'string' ? details[0].path : null;
  return { ...failureOf(e), field: path && (fields as readonly string[]).includes(path) ? (path as F) : null };
}

/** A form as the account machines hold it: the values, what was left, whether a submit was tried, what to show. */
export interface Form<V extends object> {
  values: V;
  touched: Touched<keyof V & string>;
  /** A submit was tried: every field's messages show from then on. */
  submitted: boolean;
  /** The messages the view shows now (see visibleErrors). */
  errors: FieldErrors<keyof V & string>;
  /** The last failed call of this form, or null. */
  failure: FormFailure<keyof V & string> | null;
}

/** A change of one field: the field and a value of that field's type. */
export type Change<V extends object> = { [K in keyof V & string]: { field: K; value: V[K] } }[keyof V & string];
/** A change event of a form. */
export type FieldChange<V extends object, T extends string> = Change<V> & { type: T };

export type Validate<V extends object> = (values: V) => FieldErrors<keyof V & string>;

export const newForm = <V extends object>(values: V): Form<V> => ({ values, touched: {}, submitted: false, errors: {}, failure: null });

const recheck = <V extends object>(form: Form<V>, validate: Validate<V>): Form<V> => ({
  ...form,
  errors: visibleErrors(validate(form.values), form.touched, form.submitted),
});

/** On change: the value is stored and the form checked again; a server failure no longer applies. */
export const editField = <V extends object>(form: Form<V>, change: Change<V>, validate: Validate<V>): Form<V> =>
  recheck({ ...form, values: { ...form.values, [change.field]: change.value }, failure: null }, validate);

/** On blur: the field's messages start to show. */
export const leaveField = <V extends object>(form: Form<V>, field: keyof V & string, validate: Validate<V>): Form<V> =>
  recheck({ ...form, touched: { ...form.touched, [field]: true } }, validate);

/** A refused submit: every message shows. */
export const revealAll = <V extends object>(form: Form<V>, validate: Validate<V>): Form<V> => recheck({ ...form, submitted: true }, validate);

export const isValid = <V extends object>(form: Form<V>, validate: Validate<V>) => !hasErrors(validate(form.values));

/** A zod issue as the form module reads it (client-side from safeParse, or from a server 400's details). */
interface IssueLike {
  code: string;
  path?: PropertyKey[] | string;
  minimum?: unknown;
  maximum?: unknown;
  limit?: unknown;
  origin?: string;
  input?: unknown;
  /** A custom issue's reason: in `params` on the client's own check, flattened by the server into its details. */
  params?: { reason?: unknown };
  reason?: unknown;
}

/**
 * Per field, a message of its own for an issue code (a colour that is not a colour says how to write one); a custom
 * issue with a reason is looked up as `custom:reason` first, so one field's several rules each get their own words.
 */
export type FieldKeys<F extends string> = Partial<Record<F, Partial<Record<string, I18nKey>>>>;

/** One issue as a dictionary key: the same words for the same problem on every form. */
export function issueMessage(issue: IssueLike, own?: Partial<Record<string, I18nKey>>): FieldMessage {
  const reason = issue.reason ?? issue.params?.reason;
  const mine = (typeof reason === 'string' ? own?.[`${issue.code}:${reason}`] : undefined) ?? own?.[issue.code];
  const min = Number(issue.minimum ?? issue.limit);
  const max = Number(issue.maximum ?? issue.limit);
  if (mine) return { key: mine, params: Number.isFinite(max) ? { max, min } : undefined };
  const empty = issue.input === undefined || issue.input === '' || issue.input === null;
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'number') return { key: 'form.tooLow', params: { min } };
      return min <= 1 ? { key: 'form.required' } : { key: 'form.tooShort', params: { min } };
    case 'too_big':
      return issue.origin === 'number' ? { key: 'form.tooHigh', params: { max } } : { key: 'form.tooLong', params: { max } };
    case 'invalid_type':
      return empty ? { key: 'form.required' } : { key: issue.origin === 'number' || /number/.test(String((issue as { expected?: unknown }).expected)) ? 'form.number' : 'form.invalid' };
    case 'invalid_value':
      return { key: 'form.choose' };
    case 'duplicate':
      return { key: 'form.duplicate' };
    case 'unrecognized_keys':
      return { key: 'form.unknownField' };
    default:
      return { key: 'form.invalid' };
  }
}

const fieldOf = (path: IssueLike['path']): string => (Array.isArray(path) ? String(path[0] ?? '') : String(path ?? '').split('.')[0]!);

/**
 * The problems of a form's body by its contract schema (docs/product.md, Forms: checked on every change and blur), one message per
 * field: the first issue of each, as the server would name it.
 */
export function schemaProblems<F extends string>(schema: ZodType, body: unknown, own: FieldKeys<F> = {}): FieldErrors<F> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const out: FieldErrors<F> = {};
  for (const issue of result.error.issues as IssueLike[]) {
    const field = fieldOf(issue.path) as F;
    if (!field || out[field]) continue;
    out[field] = [issueMessage(issue, own[field])];
  }
  return out;
}

/** A server 400's (or 409 duplicate's) field details mapped onto the form's fields; others are left to the failure. */
export function serverFieldErrors<F extends string>(details: unknown, fields: readonly F[], own: FieldKeys<F> = {}): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  if (!Array.isArray(details)) return out;
  for (const d of details as IssueLike[]) {
    const field = fieldOf(d.path) as F;
    if (!fields.includes(field) || out[field]) continue;
    out[field] = [issueMessage(d, own[field])];
  }
  return out;
}
