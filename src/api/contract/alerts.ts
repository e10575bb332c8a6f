import { z } from 'zod';
import { locale } from './auth';
import { id } from './common';
import { listQuery } from './list';

/** docs/product.md, Alerts: what a rule watches. */
export const alertScope = z.union([
  z.object({ feedId: id }).strict(),
  z.object({ nodeId: id }).strict(),
  z.object({ siteId: id, signalTypeId: id }).strict(),
]);
export type AlertScope = z.infer<typeof alertScope>;

export const alertCondition = z.enum(['above', 'below', 'outside', 'no_data', 'battery_below']);
export type AlertCondition = z.infer<typeof alertCondition>;
export const severity = z.enum(['critical', 'major', 'minor', 'warning']);
export type Severity = z.infer<typeof severity>;

/** A week: long enough for any pending period, escalation step or silence a person would set. */
const WEEK_MINUTES = 7 * 24 * 60;
const threshold = z.number().finite().nullable().optional();
const people = z.array(id).max(100);

const ruleFields = {
  name: z.string().trim().min(1, 'is required').max(200),
  enabled: z.boolean(),
  scope: alertScope,
  condition: alertCondition,
  low: threshold,
  high: threshold,
  /** The pending period before an event opens; for `no_data`, the silence that counts as no data. */
  forMinutes: z.number().int().min(0).max(WEEK_MINUTES),
  /** Hysteresis, in the feed's unit: an event ends only this far back inside the threshold. */
  clearBy: z.number().finite().min(0).max(1_000).nullable().optional(),
  severity,
  templateId: id.nullable().optional(),
  recipients: people,
  escalateTo: people.optional(),
  escalateAfterMinutes: z.number().int().min(1).max(WEEK_MINUTES).nullable().optional(),
  /** A maintenance window: events still open, carry `muted: true`, and mail nobody. */
  mutedUntil: z.iso.datetime({ offset: true }).nullable().optional(),
};

type RuleShape = Partial<{
  condition: AlertCondition;
  low: number | null;
  high: number | null;
  forMinutes: number;
  clearBy: number | null;
  escalateTo: string[];
  escalateAfterMinutes: number | null;
}>;

/**
 * The thresholds a condition needs, and a clear band that leaves room to clear. A partial change checks what it gives
 * (the server checks the rule once merged with what is stored); a whole rule must give what its condition reads.
 */
export function ruleIsWhole(v: RuleShape, ctx: z.RefinementCtx, partial = false) {
  const has = (x: number | null | undefined): x is number => typeof x === 'number';
  const need = (field: 'low' | 'high') => partial || ctx.addIssue({ code: 'custom', path: [field], message: 'is required for this condition', params: { reason: 'threshold_required' } });
  if (v.condition === 'above' && !has(v.high)) need('high');
  if ((v.condition === 'below' || v.condition === 'battery_below') && !has(v.low)) need('low');
  if (v.condition === 'outside') {
    if (!has(v.low)) need('low');
    if (!has(v.high)) need('high');
  }
  if (v.condition === 'battery_below' && has(v.low) && (v.low < 0 || v.low > 100)) {
    ctx.addIssue({ code: 'custom', path: ['low'], message: 'must be a percentage', params: { reason: 'percentage' } });
  }
  if (v.condition === 'outside' && has(v.low) && has(v.high)) {
    if (v.low >= v.high) ctx.addIssue({ code: 'custom', path: ['high'], message: 'must be above low', params: { reason: 'above_low' } });
    else if (has(v.clearBy) && 2 * v.clearBy >= v.high - v.low) {
      ctx.addIssue({ code: 'custom', path: ['clearBy'], message: 'leaves no value that clears the range', params: { reason: 'clear_band' } });
    }
  }
  if (v.condition === 'no_data' && v.forMinutes !== undefined && v.forMinutes < 1) {
    ctx.addIssue({ code: 'too_small', origin: 'number', minimum: 1, inclusive: true, path: ['forMinutes'], message: 'must be at least 1 minute for no data', input: v.forMinutes });
  }
  if (!partial && v.escalateTo && v.escalateTo.length > 0 && !has(v.escalateAfterMinutes)) {
    ctx.addIssue({ code: 'custom', path: ['escalateAfterMinutes'], message: 'is required when someone is escalated to', params: { reason: 'escalation_period' } });
  }
}

/** `POST /api/alert-rules` (docs/product.md, Alerts). */
export const alertRuleInput = z.object(ruleFields).strict().superRefine(ruleIsWhole);
export type AlertRuleInput = z.input<typeof alertRuleInput>;
/** `PUT /api/alert-rules/{id}`: the fields to change; the server checks the whole rule once merged. */
export const alertRuleChange = z.object(ruleFields).partial().strict().superRefine((v, ctx) => ruleIsWhole(v, ctx, true));
export type AlertRuleChange = z.input<typeof alertRuleChange>;

export const alertRule = z.object({
  id,
  companyId: id,
  name: z.string(),
  enabled: z.boolean(),
  scope: alertScope,
  /** What the scope names, for lists: the feed, node or site (with the signal type). */
  scopeName: z.string(),
  condition: alertCondition,
  low: z.number().nullable(),
  high: z.number().nullable(),
  forMinutes: z.number().int(),
  clearBy: z.number().nullable(),
  severity,
  templateId: id.nullable(),
  recipients: z.array(id),
  escalateTo: z.array(id),
  escalateAfterMinutes: z.number().int().nullable(),
  mutedUntil: z.string().nullable(),
});
export type AlertRule = z.infer<typeof alertRule>;
export const ALERT_RULE_SORTS = ['name', 'severity', 'condition', 'scopeName'] as const;
export const alertRuleListQuery = listQuery(ALERT_RULE_SORTS).extend({ siteId: id.optional(), enabled: z.enum(['1', '0']).optional() });

/** The placeholders a message template may use (docs/product.md, Alerts); anything else in braces is refused. */
export const PLACEHOLDERS = ['rule', 'site', 'node', 'feed', 'value', 'threshold', 'time', 'severity', 'link'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Every `{name}` in a text. */
export const placeholdersIn = (text: string): string[] => [...text.matchAll(/\{([^{}\s]*)\}/g)].map((m) => m[1]!);

const knownPlaceholders = (field: 'subject' | 'body') => (text: string, ctx: z.RefinementCtx) => {
  for (const p of placeholdersIn(text)) {
    if (!(PLACEHOLDERS as readonly string[]).includes(p)) {
      ctx.addIssue({ code: 'custom', path: [field], message: `unknown placeholder {${p}}`, params: { reason: 'unknown_placeholder', placeholder: p } });
    }
  }
};

const templateFields = {
  name: z.string().trim().min(1, 'is required').max(200),
  channel: z.literal('email'),
  locale,
  subject: z.string().trim().min(1, 'is required').max(300),
  body: z.string().trim().min(1, 'is required').max(10_000),
};

type TemplateShape = Partial<{ subject: string; body: string }>;
const templateIsKnown = (v: TemplateShape, ctx: z.RefinementCtx) => {
  if (v.subject !== undefined) knownPlaceholders('subject')(v.subject, ctx);
  if (v.body !== undefined) knownPlaceholders('body')(v.body, ctx);
};

/** `POST /api/message-templates` (docs/product.md, Alerts). */
export const messageTemplateInput = z.object(templateFields).strict().superRefine(templateIsKnown);
export type MessageTemplateInput = z.input<typeof messageTemplateInput>;
export const messageTemplateChange = z.object(templateFields).partial().strict().superRefine(templateIsKnown);
export type MessageTemplateChange = z.input<typeof messageTemplateChange>;
export const messageTemplate = z.object({
  id,
  companyId: id,
  name: z.string(),
  channel: z.literal('email'),
  locale,
  subject: z.string(),
  body: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplate>;
export const MESSAGE_TEMPLATE_SORTS = ['name', 'locale'] as const;
export const messageTemplateListQuery = listQuery(MESSAGE_TEMPLATE_SORTS).extend({ locale: locale.optional() });

/** Fills a template's placeholders; an absent value leaves the placeholder's place empty. */
export const fillTemplate = (text: string, values: Partial<Record<Placeholder, string>>): string =>
  text.replace(/\{([^{}\s]*)\}/g, (whole, p: string) => ((PLACEHOLDERS as readonly string[]).includes(p) ? (values[p as Placeholder] ?? '') : whole));

export const alertEventState = z.enum(['active', 'acknowledged', 'resolved']);
export type AlertEventState = z.infer<typeof alertEventState>;
export const alertEventActionKind = z.enum(['acknowledge', 'comment', 'assign', 'resolve']);

/** docs/product.md, Alerts: the event as every call answers it. */
export const alertEvent = z.object({
  id,
  ruleId: id,
  ruleName: z.string(),
  siteId: id,
  nodeId: id,
  feedId: id.nullable(),
  severity,
  state: alertEventState,
  startedAt: z.string(),
  /** Null while the condition holds. */
  endedAt: z.string().nullable(),
  peak: z.number().nullable(),
  /** The peak's unit, the feed's signal type's (additive to the contract of docs/product.md, Alerts); null without a feed, absent from older servers. */
  unit: z.string().nullable().optional(),
  detail: z.string(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  assigneeId: id.nullable(),
  muted: z.boolean(),
  comments: z.array(z.object({ userId: id, name: z.string(), text: z.string(), at: z.string() })),
  history: z.array(
    z.object({
      /** The people's actions, and the evaluator's: opened, peak, escalated, ended. */
      action: z.string(),
      userId: id.nullable(),
      /** Who acted, by name (additive to the contract of docs/product.md, Alerts): every role reads the timeline, not every role may list the members. */
      name: z.string().optional(),
      at: z.string(),
      comment: z.string().optional(),
    }),
  ),
});
export type AlertEvent = z.infer<typeof alertEvent>;

/** `PUT /api/alertevents/detail/{id}`. */
export const alertEventAction = z
  .object({
    action: alertEventActionKind,
    comment: z.string().trim().max(4_000).optional(),
    assigneeId: id.nullable().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.action === 'comment' && !v.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'is required', params: { reason: 'required' } });
    if (v.action === 'assign' && v.assigneeId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['assigneeId'], message: 'is required (null unassigns)', params: { reason: 'required' } });
    }
  });
export type AlertEventAction = z.input<typeof alertEventAction>;

/** `GET /api/alertevents?state=&severity=&siteId=&from=&to=&offset=&limit=`. */
export const alertEventListQuery = z
  .object({
    state: alertEventState.optional(),
    severity: severity.optional(),
    siteId: id.optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(1_000).default(100),
  })
  .strict();
export type AlertEventListQuery = z.infer<typeof alertEventListQuery>;
