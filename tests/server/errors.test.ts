import { describe, expect, it } from 'vitest';
import { parse, AppError } from '../../server/errors';
import { alertRuleInput } from '../../src/api/contract/alerts';

const rule = { name: 'Fridge', enabled: true, scope: { feedId: 'f1' }, condition: 'outside', forMinutes: 30, severity: 'major', recipients: [] };

describe('a 400 names the field, the code and, for a custom rule, its reason', () => {
  it('carries the reason of each custom issue so a client words them apart', () => {
    const details = (body: unknown) => {
      try {
        parse(alertRuleInput, body);
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        return (e as AppError).details;
      }
      throw new Error('parsed');
    };
    expect(details({ ...rule, low: 8, high: 2 })).toEqual([expect.objectContaining({ path: 'high', code: 'custom', reason: 'above_low' })]);
    expect(details({ ...rule, high: 8 })).toEqual([expect.objectContaining({ path: 'low', code: 'custom', reason: 'threshold_required' })]);
    // Built-in codes keep their limit and have no reason.
    expect(details({ ...rule, low: 2, high: 8, forMinutes: -1 })).toEqual([{ path: 'forMinutes', code: 'too_small', limit: 0, message: expect.any(String) }]);
  });
});
