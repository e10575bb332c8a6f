import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { alertRulesMachine, blankRule, instantOf, localInputOf, ruleBody, ruleValues, type AlertRuleValues } from '../../src/machines/alert-rules.machine';
import { alertRuleInput, type AlertRule } from '../../src/api/contract/alerts';
import { serverFieldErrors } from '../../src/machines/form';

const rule = (over: Partial<AlertRule> = {}): AlertRule => ({
  id: 'r1',
  companyId: 'c1',
  name: 'Vaccine fridge 2–8 °C',
  enabled: true,
  scope: { nodeId: 'n1' },
  scopeName: 'Vaccine fridge 1',
  condition: 'outside',
  low: 2,
  high: 8,
  forMinutes: 30,
  clearBy: 0.5,
  severity: 'major',
  templateId: null,
  recipients: ['u1'],
  escalateTo: ['u2'],
  escalateAfterMinutes: 15,
  mutedUntil: null,
  ...over,
});

/** A form with `values` typed in, submitted so every problem shows; the errors it shows. */
async function shown(values: Partial<AlertRuleValues>) {
  const a = createActor(alertRulesMachine, { input: {} }).start();
  a.send({ type: 'form.new' });
  await waitFor(a, (s) => s.context.form !== null);
  for (const [field, value] of Object.entries(values)) a.send({ type: 'form.change', field, value } as never);
  a.send({ type: 'form.submit' });
  const errors = a.getSnapshot().context.form?.errors ?? {};
  a.stop();
  return errors;
}

describe('alert rules machine', () => {
  it('edits every scope kind and sends back the rule it was given', () => {
    for (const scope of [{ nodeId: 'n1' }, { feedId: 'f1' }, { siteId: 's1', signalTypeId: 't1' }]) {
      const r = rule({ scope });
      const body = ruleBody(ruleValues(r));
      expect(alertRuleInput.safeParse(body).success).toBe(true);
      expect(body).toEqual({
        name: r.name, enabled: true, scope, condition: 'outside', low: 2, high: 8, forMinutes: 30, clearBy: 0.5, severity: 'major',
        templateId: null, recipients: ['u1'], escalateTo: ['u2'], escalateAfterMinutes: 15, mutedUntil: null,
      });
    }
  });

  it('sends only the thresholds a condition reads, so changing the condition clears the others', () => {
    const v = ruleValues(rule());
    expect(ruleBody({ ...v, condition: 'above' })).toMatchObject({ low: null, high: 8, clearBy: 0.5 });
    expect(ruleBody({ ...v, condition: 'below' })).toMatchObject({ low: 2, high: null });
    expect(ruleBody({ ...v, condition: 'no_data' })).toMatchObject({ low: null, high: null, clearBy: null });
    // No one to escalate to: no period either.
    expect(ruleBody({ ...v, escalateTo: [] })).toMatchObject({ escalateTo: [], escalateAfterMinutes: null });
  });

  it('starts a new rule as the cold-chain default: outside 2–8 °C for 30 minutes, major', () => {
    expect(blankRule()).toMatchObject({ condition: 'outside', low: '2', high: '8', forMinutes: '30', severity: 'major', enabled: true });
  });

  it('names each refused field in its own words', async () => {
    expect((await shown({ name: 'Fridge' })).scope).toEqual([{ key: 'alerts.scopeRequired' }]);
    const base = { name: 'Fridge', nodeId: 'n1' };
    expect((await shown({ ...base, low: '' })).low).toEqual([{ key: 'alerts.thresholdRequired' }]);
    expect((await shown({ ...base, low: '8', high: '2' })).high).toEqual([{ key: 'alerts.highAboveLow' }]);
    expect((await shown({ ...base, condition: 'battery_below', low: '120' })).low).toEqual([{ key: 'alerts.percentage' }]);
    expect((await shown({ ...base, low: '4', high: '5', clearBy: '0.4' })).clearBy).toBeUndefined();
    expect((await shown({ ...base, low: '4', high: '5', clearBy: '1' })).clearBy).toEqual([{ key: 'alerts.clearBand' }]);
    expect((await shown({ ...base, escalateTo: ['u2'] })).escalateAfterMinutes).toEqual([{ key: 'alerts.escalationPeriod' }]);
    expect((await shown({ ...base, forMinutes: 'soon' })).forMinutes).toEqual([{ key: 'form.number' }]);
    expect(await shown({ ...base, recipients: ['u1'] })).toEqual({});
  });

  it('words a server refusal by its reason, as the client check does', () => {
    const details = [{ path: 'high', code: 'custom', message: 'must be above low', reason: 'above_low' }, { path: 'low', code: 'custom', message: 'is required', reason: 'threshold_required' }];
    const keys = { high: { custom: 'alerts.thresholdRequired', 'custom:above_low': 'alerts.highAboveLow' }, low: { custom: 'alerts.thresholdRequired' } } as const;
    expect(serverFieldErrors(details, ['high', 'low'], keys)).toEqual({ high: [{ key: 'alerts.highAboveLow' }], low: [{ key: 'alerts.thresholdRequired' }] });
  });

  it('keeps a maintenance window as the instant the picker showed', () => {
    const iso = '2026-11-25T18:30:00.000Z';
    expect(instantOf(localInputOf(iso))).toBe(iso);
    expect(localInputOf(null)).toBe('');
    expect(instantOf('')).toBeNull();
    expect(alertRuleInput.safeParse({ ...ruleBody(ruleValues(rule())), mutedUntil: instantOf('not a time') }).success).toBe(false);
  });
});
