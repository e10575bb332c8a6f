import { describe, expect, it } from 'vitest';
import { alertEventAction, alertRuleInput, fillTemplate, messageTemplateInput, placeholdersIn } from '../../src/api/contract/alerts';

const rule = {
  name: 'Vaccine fridge warm',
  enabled: true,
  scope: { feedId: 'f1' },
  condition: 'outside',
  low: 2,
  high: 8,
  forMinutes: 30,
  clearBy: 0.5,
  severity: 'critical',
  recipients: ['u1'],
} as const;

const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => (r.success ? [] : r.error!.issues.map((i) => String(i.path[0])));

describe('alert rule contract', () => {
  it('takes the cold-chain rule', () => {
    expect(alertRuleInput.safeParse(rule).success).toBe(true);
  });
  it('names the threshold a condition lacks', () => {
    expect(fieldsOf(alertRuleInput.safeParse({ ...rule, condition: 'above', high: null }))).toEqual(['high']);
    expect(fieldsOf(alertRuleInput.safeParse({ ...rule, condition: 'below', low: undefined }))).toEqual(['low']);
    expect(fieldsOf(alertRuleInput.safeParse({ ...rule, low: 9 }))).toEqual(['high']);
  });
  it('refuses a clear band that leaves nothing to clear, and no data without a period', () => {
    expect(fieldsOf(alertRuleInput.safeParse({ ...rule, clearBy: 3 }))).toEqual(['clearBy']);
    expect(fieldsOf(alertRuleInput.safeParse({ ...rule, condition: 'no_data', forMinutes: 0 }))).toEqual(['forMinutes']);
  });
  it('needs a period to escalate, a known scope shape and no unknown fields', () => {
    expect(fieldsOf(alertRuleInput.safeParse({ ...rule, escalateTo: ['u2'] }))).toEqual(['escalateAfterMinutes']);
    expect(alertRuleInput.safeParse({ ...rule, escalateTo: ['u2'], escalateAfterMinutes: 30 }).success).toBe(true);
    expect(alertRuleInput.safeParse({ ...rule, scope: { siteId: 's1' } }).success).toBe(false);
    expect(alertRuleInput.safeParse({ ...rule, colour: 'red' }).error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['colour'] });
  });
});

describe('message templates', () => {
  const template = { name: 'Warm fridge', channel: 'email', locale: 'fr', subject: '{severity}: {site}', body: '{node} {feed} = {value} ({threshold}) à {time}. {link}' };
  it('take the known placeholders and refuse others by name', () => {
    expect(messageTemplateInput.safeParse(template).success).toBe(true);
    const r = messageTemplateInput.safeParse({ ...template, body: 'Hello {nme} {site}' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['body'], message: 'unknown placeholder {nme}' });
  });
  it('fill in what is known and keep what is not a placeholder', () => {
    expect(placeholdersIn('{a} {b} { c }')).toEqual(['a', 'b']);
    expect(fillTemplate('{site}: {value} °C {other}', { site: 'Clinic', value: '9.1' })).toBe('Clinic: 9.1 °C {other}');
  });
});

describe('alert event actions', () => {
  it('a comment needs text; assigning names someone or null', () => {
    expect(alertEventAction.safeParse({ action: 'acknowledge' }).success).toBe(true);
    expect(fieldsOf(alertEventAction.safeParse({ action: 'comment' }))).toEqual(['comment']);
    expect(fieldsOf(alertEventAction.safeParse({ action: 'assign' }))).toEqual(['assigneeId']);
    expect(alertEventAction.safeParse({ action: 'assign', assigneeId: null }).success).toBe(true);
  });
});
