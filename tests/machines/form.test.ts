import { describe, expect, it } from 'vitest';
import { passwordRule } from '../../src/api/contract/common';
import {
  PASSWORD_RULE, confirmProblems, editField, leaveField, newForm, passwordProblems, revealAll, toFailure, unmetParts, visibleErrors,
} from '../../src/machines/form';
import { validateSignUp, EMPTY_SIGN_UP } from '../../src/machines/sign-up.machine';

describe('password rule, read from the contract', () => {
  it('lists every part an empty password misses: length, upper, lower, digit', () => {
    expect(PASSWORD_RULE.map((p) => p.part)).toEqual(['length', 'upper', 'lower', 'digit']);
    expect(PASSWORD_RULE[0]).toMatchObject({ key: 'account.password.rule.length', params: { min: 8, max: 128 } });
  });

  it('names one message per failing part', () => {
    expect(passwordProblems('abc').map((m) => m.part)).toEqual(['length', 'upper', 'digit']);
    expect(passwordProblems('ABCDEFGH').map((m) => m.key)).toEqual(['account.password.error.lower', 'account.password.error.digit']);
    expect(passwordProblems('Abcdefg1')).toEqual([]);
    expect(passwordProblems(`Ab1${'x'.repeat(126)}`).map((m) => m.part)).toEqual(['max']);
  });

  it('agrees with the zod rule on every sample (the client cannot drift from the server)', () => {
    for (const p of ['', 'a', 'Abcdefg1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', 'Ab1', 'Ab1'.padEnd(128, 'x'), 'Ab1'.padEnd(129, 'x'), 'Ünïcødé9A']) {
      expect(passwordProblems(p).length === 0, p).toBe(passwordRule.safeParse(p).success);
    }
  });

  it('the checklist counts a too-long password against the length item', () => {
    expect(unmetParts('Ab1'.padEnd(129, 'x'))).toEqual(['length']);
    expect(unmetParts('')).toEqual(['length', 'upper', 'lower', 'digit']);
  });

  it('a confirmation must be given and match', () => {
    expect(confirmProblems('Abcdefg1', '')).toEqual([{ key: 'account.confirm.required' }]);
    expect(confirmProblems('Abcdefg1', 'Abcdefg2')).toEqual([{ key: 'account.confirm.mismatch' }]);
    expect(confirmProblems('Abcdefg1', 'Abcdefg1')).toEqual([]);
  });
});

describe('form checks on change and on blur (docs/product.md, Forms)', () => {
  it('checks on change, but shows a field only once it was left or a submit was tried', () => {
    let form = editField(newForm(EMPTY_SIGN_UP), { field: 'password', value: 'abc' }, validateSignUp);
    expect(form.errors).toEqual({});
    form = leaveField(form, 'password', validateSignUp);
    expect(form.errors.password?.map((m) => m.part)).toEqual(['length', 'upper', 'digit']);
    form = editField(form, { field: 'password', value: 'Abcdefg1' }, validateSignUp);
    expect(form.errors.password).toBeUndefined();
    form = revealAll(form, validateSignUp);
    expect(Object.keys(form.errors).sort()).toEqual(['acceptTerms', 'confirmPassword', 'email', 'name']);
  });

  it('visibleErrors drops empty lists', () => {
    expect(visibleErrors({ a: [], b: [{ key: 'account.name.required' }] }, { a: true, b: true }, false)).toEqual({ b: [{ key: 'account.name.required' }] });
  });

  it('toFailure keeps the field the server blamed only when it is a field of the form', () => {
    const e = Object.assign(new Error('The current password is not correct'), { status: 400, code: 'invalid_password', details: [{ path: 'currentPassword' }] });
    expect(toFailure(e, ['currentPassword'] as const)).toEqual({ status: 400, code: 'invalid_password', key: 'failure.wrongPassword', field: 'currentPassword' });
    expect(toFailure(e, ['email'] as const).field).toBeNull();
    expect(toFailure('boom', [])).toMatchObject({ status: 0, code: 'unknown_error', key: 'failure.unknown', field: null });
  });
});
