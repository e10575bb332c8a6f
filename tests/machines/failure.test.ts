import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, SERVER_ERROR_CODES } from '../../src/api/contract/errors';
import { failureOf } from '../../src/machines/failure';
import { en } from '../../src/i18n/en';

const apiError = (status: number, code: string, details?: unknown) => Object.assign(new Error('English text from the server'), { status, code, details });

describe('failureOf: codes become dictionary keys in one place', () => {
  it('keeps status and code and names a key, never the server text', () => {
    const f = failureOf(apiError(401, 'invalid_credentials'));
    expect(f).toEqual({ status: 401, code: 'invalid_credentials', key: 'failure.invalidCredentials' });
    expect(JSON.stringify(f)).not.toContain('English');
  });

  it('sign-in, code and external sign-in codes have keys of their own', () => {
    const cases: [number, string, string][] = [
      [403, 'account_disabled', 'failure.accountDisabled'],
      [401, 'mfa_invalid', 'failure.signInExpired'],
      [401, 'invalid_state', 'failure.signInExpired'],
      [401, 'code_expired', 'failure.codeExpired'],
      [429, 'too_many_attempts', 'failure.tooManyAttempts'],
      [502, 'provider_unavailable', 'failure.providerUnavailable'],
      [401, 'external_login_failed', 'failure.externalFailed'],
      [403, 'email_missing', 'failure.emailMissing'],
      [403, 'email_not_verified', 'failure.emailNotVerified'],
      [403, 'unknown_account', 'failure.unknownAccount'],
      [401, 'session_revoked', 'failure.sessionEnded'],
      [401, 'session_expired', 'failure.sessionExpired'],
    ];
    for (const [status, code, key] of cases) expect(failureOf(apiError(status, code)).key).toBe(key);
  });

  it('a wrong code says how many tries are left when the server said so', () => {
    expect(failureOf(apiError(401, 'invalid_code', { triesLeft: 3 }))).toEqual({ status: 401, code: 'invalid_code', key: 'failure.invalidCode.tries', params: { count: 3 } });
    expect(failureOf(apiError(401, 'invalid_code'))).toEqual({ status: 401, code: 'invalid_code', key: 'failure.invalidCode' });
  });

  it('an unknown code reads as its status class; a 401 is an ended session', () => {
    expect(failureOf(apiError(401, 'something_new')).key).toBe('failure.sessionEnded');
    expect(failureOf(apiError(403, 'own_membership')).key).toBe('failure.ownMembership');
    expect(failureOf(apiError(403, 'something_new')).key).toBe('failure.forbidden');
    expect(failureOf(apiError(502, 'http_error')).key).toBe('failure.server');
    expect(failureOf(apiError(418, 'teapot')).key).toBe('failure.unknown');
    expect(failureOf(new Error('boom'))).toEqual({ status: 0, code: 'unknown_error', key: 'failure.unknown' });
    expect(failureOf(null)).toEqual({ status: 0, code: 'unknown_error', key: 'failure.unknown' });
  });

  it('in_use names what uses the row, or says it is in use when the details did not come along', () => {
    expect(failureOf(apiError(409, 'in_use', { kind: 'feeds', count: 2, names: ['A', 'B'] }))).toEqual({
      status: 409, code: 'in_use', key: 'failure.inUse.feeds', params: { count: 2, names: 'A, B' },
    });
    expect(failureOf({ status: 409, code: 'in_use' })).toEqual({ status: 409, code: 'in_use', key: 'failure.inUse.unnamed' });
  });

  it('every key it can answer exists in the dictionary', () => {
    const codes = [...SERVER_ERROR_CODES, ...CLIENT_ERROR_CODES, 'other'];
    for (const status of [0, 400, 401, 403, 404, 409, 500])
      for (const code of codes) expect(Object.keys(en)).toContain(failureOf({ status, code, details: code === 'invalid_code' ? { triesLeft: 1 } : undefined }).key);
  });

  it('gives every code the server may send words of its own, never "something went wrong"', () => {
    for (const code of SERVER_ERROR_CODES) {
      expect(failureOf({ status: 409, code }).key, code).not.toBe('failure.unknown');
    }
    expect(failureOf({ status: 409, code: 'already_acknowledged' }).key).toBe('failure.alreadyAcknowledged');
    expect(failureOf({ status: 409, code: 'resolved' }).key).toBe('failure.alreadyResolved');
    expect(failureOf({ status: 409, code: 'idempotency_in_progress' }).key).toBe('failure.inProgress');
    // A code from a newer server reads as its status class.
    expect(failureOf({ status: 409, code: 'some_new_code' }).key).toBe('failure.unknown');
    expect(failureOf({ status: 503, code: 'some_new_code' }).key).toBe('failure.server');
    // A code that names an Object property is not a known code.
    expect(failureOf({ status: 400, code: 'toString' }).key).toBe('failure.unknown');
  });
});
