import { alertRulesApi } from '../api/alert-rules.api';
import { feedsApi } from '../api/feeds.api';
import { messageTemplatesApi } from '../api/message-templates.api';
import { nodesApi } from '../api/nodes.api';
import { signalTypesApi } from '../api/signal-types.api';
import { sitesApi } from '../api/sites.api';
import { usersApi } from '../api/users.api';
import {
  alertRuleChange,
  alertRuleInput,
  type AlertCondition,
  type AlertRule,
  type AlertRuleChange,
  type AlertRuleInput,
  type AlertScope,
  type Severity,
} from '../api/contract/alerts';
import { listAndFormMachine } from './list-and-form.machine';
import { optionalNumber } from './sites.machine';
import { siteChoices } from './site-tree';

/** What a rule watches, as the form's first choice: one feed, every feed of a node, or a signal type across a site. */
export type ScopeKind = 'feed' | 'node' | 'site';

export interface AlertRuleValues {
  name: string;
  enabled: boolean;
  /** The scope's kind; the ids below that it does not read are kept, so switching back loses nothing. */
  scope: ScopeKind;
  feedId: string;
  nodeId: string;
  siteId: string;
  signalTypeId: string;
  condition: AlertCondition;
  low: string;
  high: string;
  forMinutes: string;
  clearBy: string;
  severity: Severity;
  /** '' for the product's own words in the recipient's language. */
  templateId: string;
  recipients: string[];
  escalateTo: string[];
  escalateAfterMinutes: string;
  /** A `datetime-local` value in the browser's zone; '' when not muted. */
  mutedUntil: string;
}

/** The thresholds each condition reads; the others are sent as null so a changed condition clears them. */
export const READS: Record<AlertCondition, { low: boolean; high: boolean; clearBy: boolean }> = {
  above: { low: false, high: true, clearBy: true },
  below: { low: true, high: false, clearBy: true },
  outside: { low: true, high: true, clearBy: true },
  battery_below: { low: true, high: false, clearBy: true },
  no_data: { low: false, high: false, clearBy: false },
};

const scopeOf = (v: AlertRuleValues): AlertScope =>
  v.scope === 'feed' ? { feedId: v.feedId } : v.scope === 'node' ? { nodeId: v.nodeId } : { siteId: v.siteId, signalTypeId: v.signalTypeId };

/** Whole minutes as typed; empty is NaN so the contract names it as required rather than guessing a zero. */
const minutes = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in the browser's zone, the way the picker shows it. */
export function localInputOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value read in the browser's zone, as an ISO instant; text that is no time stays for zod to refuse. */
export function instantOf(local: string): string | null {
  if (local.trim() === '') return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

export function ruleBody(v: AlertRuleValues): AlertRuleInput {
  const reads = READS[v.condition];
  const escalating = v.escalateTo.length > 0;
  return {
    name: v.name,
    enabled: v.enabled,
    scope: scopeOf(v),
    condition: v.condition,
    low: reads.low ? optionalNumber(v.low) : null,
    high: reads.high ? optionalNumber(v.high) : null,
    forMinutes: minutes(v.forMinutes),
    clearBy: reads.clearBy ? optionalNumber(v.clearBy) : null,
    severity: v.severity,
    templateId: v.templateId || null,
    recipients: v.recipients,
    escalateTo: v.escalateTo,
    escalateAfterMinutes: escalating ? optionalNumber(v.escalateAfterMinutes) : null,
    mutedUntil: instantOf(v.mutedUntil),
  };
}

const numberText = (n: number | null) => (n === null ? '' : String(n));

export function ruleValues(r: AlertRule): AlertRuleValues {
  const s = r.scope;
  return {
    name: r.name,
    enabled: r.enabled,
    scope: 'feedId' in s ? 'feed' : 'nodeId' in s ? 'node' : 'site',
    feedId: 'feedId' in s ? s.feedId : '',
    nodeId: 'nodeId' in s ? s.nodeId : '',
    siteId: 'siteId' in s ? s.siteId : '',
    signalTypeId: 'signalTypeId' in s ? s.signalTypeId : '',
    condition: r.condition,
    low: numberText(r.low),
    high: numberText(r.high),
    forMinutes: String(r.forMinutes),
    clearBy: numberText(r.clearBy),
    severity: r.severity,
    templateId: r.templateId ?? '',
    recipients: r.recipients,
    escalateTo: r.escalateTo,
    escalateAfterMinutes: numberText(r.escalateAfterMinutes),
    mutedUntil: localInputOf(r.mutedUntil),
  };
}

/** A new rule starts as the cold-chain default: a fridge out of 2–8 °C for 30 minutes is major. */
export const blankRule = (): AlertRuleValues => ({
  name: '',
  enabled: true,
  scope: 'node',
  feedId: '',
  nodeId: '',
  siteId: '',
  signalTypeId: '',
  condition: 'outside',
  low: '2',
  high: '8',
  forMinutes: '30',
  clearBy: '0.5',
  severity: 'major',
  templateId: '',
  recipients: [],
  escalateTo: [],
  escalateAfterMinutes: '',
  mutedUntil: '',
});

const THRESHOLD = { custom: 'alerts.thresholdRequired', 'custom:percentage': 'alerts.percentage', invalid_type: 'form.number' } as const;

/** Alerts: the list-and-form machine on `/api/alert-rules` (docs/product.md, Alerts). */
export const alertRulesMachine = listAndFormMachine<AlertRule, AlertRuleValues, AlertRuleInput, AlertRuleChange>({
  id: 'alertRules',
  perCompany: 'alerts',
  api: alertRulesApi,
  schema: alertRuleInput,
  blank: blankRule,
  valuesOf: ruleValues,
  toInput: ruleBody,
  // The form holds the whole rule, so a change sends it whole; the server checks it once merged all the same.
  update: { schema: alertRuleChange, toInput: ruleBody },
  nameOf: (r) => r.name,
  fieldKeys: {
    scope: { invalid_union: 'alerts.scopeRequired', invalid_type: 'alerts.scopeRequired', too_small: 'alerts.scopeRequired', invalid_format: 'alerts.scopeRequired' },
    low: THRESHOLD,
    high: { ...THRESHOLD, 'custom:above_low': 'alerts.highAboveLow' },
    clearBy: { custom: 'alerts.clearBand', invalid_type: 'form.number' },
    escalateAfterMinutes: { custom: 'alerts.escalationPeriod', invalid_type: 'form.number' },
    forMinutes: { invalid_type: 'form.number' },
    mutedUntil: { invalid_format: 'alerts.mutedUntilInvalid' },
  },
  defaultSort: 'name',
  filters: ['siteId', 'enabled'],
  lookups: {
    // At most 1,000 choices each, the list calls' largest page; feeds and nodes are named with where they are.
    feeds: async () => (await feedsApi.list({ limit: 1000, sort: 'name' })).data.map((f) => ({ value: f.id, label: `${f.name} · ${f.nodeName} (${f.siteName})` })),
    nodes: async () => (await nodesApi.list({ limit: 1000, sort: 'name' })).data.map((n) => ({ value: n.id, label: `${n.name} (${n.siteName})` })),
    sites: async () => siteChoices((await sitesApi.list({ limit: 1000, sort: 'name' })).data),
    signalTypes: async () => (await signalTypesApi.list({ limit: 1000, sort: 'name' })).data.map((s) => ({ value: s.id, label: s.unit ? `${s.name} (${s.unit})` : s.name })),
    templates: async () => (await messageTemplatesApi.list({ limit: 1000, sort: 'name' })).data.map((m) => ({ value: m.id, label: `${m.name} (${m.locale})` })),
    // Disabled members get no mail, so they are not offered.
    people: async () =>
      (await usersApi.list({ limit: 1000, sort: 'name' })).data
        .filter((u) => !('disabled' in u && u.disabled))
        .map((u) => ({ value: u.id, label: u.name ? `${u.name} (${u.email})` : u.email })),
  },
});
