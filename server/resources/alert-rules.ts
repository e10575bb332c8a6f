import { z } from 'zod';
import { newId } from '../auth/secrets';
import { defineResource, duplicate } from './resource';
import { givenOf, invalidField } from './checks';
import type { Db } from '../db/database';
import type { AlertRuleRow } from '../db/alerts.schema';
import { findFeed } from '../db/feeds.repository';
import { findNode } from '../db/nodes.repository';
import { findSignalType } from '../db/signal-types.repository';
import { findSite } from '../db/sites.repository';
import { userIdsOf, deleteRule, eventsOfRule, findRule, findRuleByName, findTemplate, insertRule, listRules, ruleView, scopeOf, updateRule } from '../db/alerts.repository';
import { alertRule, alertRuleChange, alertRuleInput, alertRuleListQuery, ruleIsWhole, type AlertRuleInput, type AlertScope } from '../../src/api/contract/alerts';
import { badRequest } from '../errors';
import { enabledMembersAmong } from '../db/users.repository';

async function uniqueName(db: Db, companyId: string, name: string, self?: string): Promise<void> {
  const other = await findRuleByName(db, companyId, name);
  if (other && other.id !== self) throw duplicate('name', 'a rule with this name already exists');
}

/** Everything a rule names belongs to the company (unknown and foreign ids alike are a 400 naming the field). */
async function checkReferences(db: Db, companyId: string, rule: { scope: AlertScope; templateId?: string | null; recipients: string[]; escalateTo?: string[] }) {
  const s = rule.scope;
  if ('feedId' in s) {
    if (!(await findFeed(db, companyId, s.feedId))) throw invalidField('scope', 'names no feed of this company');
  } else if ('nodeId' in s) {
    if (!(await findNode(db, companyId, s.nodeId))) throw invalidField('scope', 'names no node of this company');
  } else {
    const site = await findSite(db, s.siteId);
    if (site?.companyId !== companyId) throw invalidField('scope', 'names no site of this company');
    if (!(await findSignalType(db, companyId, s.signalTypeId))) throw invalidField('scope', 'names no signal type of this company');
  }
  if (rule.templateId && !(await findTemplate(db, companyId, rule.templateId))) throw invalidField('templateId', 'is not a template of this company');
  for (const field of ['recipients', 'escalateTo'] as const) {
    const ids = [...new Set(rule[field] ?? [])];
    if (ids.length === 0) continue;
    if ((await enabledMembersAmong(db, companyId, ids)).length !== ids.length) throw invalidField(field, 'names someone who is not a member of this company');
  }
}

const toColumns = (r: Partial<AlertRuleInput>) => ({
  ...(r.name !== undefined ? { name: r.name } : {}),
  ...(r.enabled !== undefined ? { enabled: r.enabled ? 1 : 0 } : {}),
  ...(r.scope !== undefined
    ? {
        scopeFeedId: 'feedId' in r.scope ? r.scope.feedId : null,
        scopeNodeId: 'nodeId' in r.scope ? r.scope.nodeId : null,
        scopeSiteId: 'siteId' in r.scope ? r.scope.siteId : null,
        scopeSignalTypeId: 'signalTypeId' in r.scope ? r.scope.signalTypeId : null,
      }
    : {}),
  ...(r.condition !== undefined ? { condition: r.condition } : {}),
  ...(r.low !== undefined ? { low: r.low } : {}),
  ...(r.high !== undefined ? { high: r.high } : {}),
  ...(r.forMinutes !== undefined ? { forMinutes: r.forMinutes } : {}),
  ...(r.clearBy !== undefined ? { clearBy: r.clearBy } : {}),
  ...(r.severity !== undefined ? { severity: r.severity } : {}),
  ...(r.templateId !== undefined ? { templateId: r.templateId } : {}),
  ...(r.recipients !== undefined ? { recipients: JSON.stringify([...new Set(r.recipients)]) } : {}),
  ...(r.escalateTo !== undefined ? { escalateTo: JSON.stringify([...new Set(r.escalateTo)]) } : {}),
  ...(r.escalateAfterMinutes !== undefined ? { escalateAfterMinutes: r.escalateAfterMinutes } : {}),
  ...(r.mutedUntil !== undefined ? { mutedUntil: r.mutedUntil === null ? null : Date.parse(r.mutedUntil) } : {}),
});

const asInput = (row: AlertRuleRow) => {
  return {
    condition: row.condition, low: row.low, high: row.high, forMinutes: row.forMinutes, clearBy: row.clearBy,
    escalateTo: userIdsOf(row.escalateTo), escalateAfterMinutes: row.escalateAfterMinutes, recipients: userIdsOf(row.recipients), scope: scopeOf(row),
    templateId: row.templateId,
  };
};

/** The merged rule of a partial change is checked as a whole, like a new one (a condition needs its thresholds). */
const mergedCheck = z.object({}).passthrough().superRefine((v, ctx) => ruleIsWhole(v as Parameters<typeof ruleIsWhole>[0], ctx));

/**
 * Alert rules (docs/product.md, Alerts): what to watch (a feed, a node's feeds, or a signal type across a site), the
 * condition with its thresholds, pending period and hysteresis, severity, template, recipients, escalation and a
 * maintenance window. A rule that has events is kept for their sake: disable it instead of deleting it.
 */
export const alertRules = defineResource({
  path: 'alert-rules',
  noun: 'Alert rule',
  plural: 'Alert rules',
  item: alertRule,
  listQuery: alertRuleListQuery,
  createInput: alertRuleInput,
  updateInput: alertRuleChange,
  list: (db, scope, query) => listRules(db, scope.companyId, query),
  find: (db, scope, id) => findRule(db, scope.companyId, id),
  view: (db, _scope, row) => ruleView(db, row.id),
  async create(db, scope, input) {
    await uniqueName(db, scope.companyId, input.name);
    await checkReferences(db, scope.companyId, input);
    const row = {
      id: newId(), companyId: scope.companyId, scopeFeedId: null, scopeNodeId: null, scopeSiteId: null, scopeSignalTypeId: null,
      low: null, high: null, clearBy: null, templateId: null, recipients: '[]', escalateTo: '[]', escalateAfterMinutes: null, mutedUntil: null,
      createdAt: scope.now, ...toColumns(input),
    } as AlertRuleRow;
    await insertRule(db, row);
    return row;
  },
  async update(db, scope, row, input) {
    const change = givenOf(input);
    if (change.name !== undefined) await uniqueName(db, scope.companyId, change.name, row.id);
    const merged = { ...asInput(row), ...change };
    const whole = mergedCheck.safeParse(merged);
    if (!whole.success) {
      const issue = whole.error.issues[0]!;
      throw badRequest(`${String(issue.path[0])}: ${issue.message}`, whole.error.issues.map((i) => ({ path: String(i.path[0]), message: i.message, code: i.code })));
    }
    await checkReferences(db, scope.companyId, merged);
    const columns = toColumns(change);
    await updateRule(db, row.id, columns);
    return { ...row, ...columns } as AlertRuleRow;
  },
  async usage(db, _scope, row) {
    return { kind: 'alert-events', ...(await eventsOfRule(db, row.id)) };
  },
  remove: (db, _scope, row) => deleteRule(db, row.id),
  describe: (row) => row.name,
});
