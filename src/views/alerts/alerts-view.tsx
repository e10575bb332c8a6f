import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatDate, formatNumber, t, type I18nKey } from '../../i18n';
import { alertRulesMachine, READS, type AlertRuleValues, type ScopeKind } from '../../machines/alert-rules.machine';
import type { AlertCondition, AlertRule } from '../../api/contract/alerts';
import { ResourceScreen, WhereField, type FormBinding, freshPerSearch, screenLabels } from '../list-and-form/resource-screen';
import { CheckboxField, CheckboxGroupField, InputField, SelectField } from '../ui/form-field';
import { SEVERITIES, SeverityBadge, severityLabel } from '../ui/severity-badge';
import { StatusBadge } from '../ui/status-badge';
import type { Column } from '../ui/virtual-table';
import { mayManage } from '../../api/contract/roles';

const CONDITIONS: AlertCondition[] = ['outside', 'above', 'below', 'no_data', 'battery_below'];
const SCOPES: ScopeKind[] = ['node', 'feed', 'site'];
const conditionLabel = (c: AlertCondition) => t(`alerts.condition.${c}` as I18nKey);

/** "outside 2–8 for 30 min", "no data for 60 min": a rule's test in a few words, for the list. */
function testText(r: AlertRule): string {
  const n = (v: number | null) => (v === null ? '—' : formatNumber(v));
  const limits =
    r.condition === 'outside' ? `${n(r.low)}–${n(r.high)}` : r.condition === 'above' ? n(r.high) : r.condition === 'no_data' ? '' : r.condition === 'battery_below' ? `${n(r.low)} %` : n(r.low);
  const wait = r.forMinutes > 0 ? t('alerts.forMinutes', { minutes: formatNumber(r.forMinutes) }) : '';
  return [conditionLabel(r.condition), limits, wait].filter(Boolean).join(' ');
}

/** Enabled, muted until a time, or off: by symbol and word. */
function StateCell({ rule }: { rule: AlertRule }) {
  if (!rule.enabled) return <StatusBadge variant="inline" status="offline" label={t('alerts.state.off')} />;
  if (rule.mutedUntil && Date.parse(rule.mutedUntil) > Date.now()) {
    return <StatusBadge variant="inline" status="warning" label={t('alerts.state.muted', { until: formatDate(new Date(rule.mutedUntil), { dateStyle: 'short', timeStyle: 'short' }) })} />;
  }
  return <StatusBadge variant="inline" status="ok" label={t('alerts.state.on')} />;
}

/**
 * Alerts (docs/product.md, Alerts; managers): the company's alert rules on the list-and-form pattern — what a rule watches,
 * its condition and pending period, hysteresis, severity, who is mailed and escalated to, and a maintenance window.
 * `?new=1` (the palette's "New alert rule") opens the form.
 */
export const AlertsView = freshPerSearch(AlertsScreen);

function AlertsScreen({ startNew }: { startNew: boolean }) {
  const { session } = useActors();
  const role = useSelector(session, (st) => st.context.session?.role);
  const actor = useActorRef(alertRulesMachine, { input: { startNew, session } });
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('alerts.name'), sortKey: 'name', text: (r: AlertRule) => r.name }), [locale]);
  const columns = useMemo((): Column<AlertRule>[] => [
    { id: 'severity', header: t('alerts.severity'), sortKey: 'severity', width: '7rem', phone: true, cell: (r) => <SeverityBadge severity={r.severity} /> },
    { id: 'scope', header: t('alerts.watches'), sortKey: 'scopeName', width: '2fr', cell: (r) => r.scopeName },
    { id: 'test', header: t('alerts.test'), sortKey: 'condition', width: '1.6fr', cell: testText },
    { id: 'state', header: t('alerts.state'), width: '9rem', phone: true, cell: (r) => <StateCell rule={r} /> },
    { id: 'recipients', header: t('alerts.recipients'), width: '6rem', cell: (r) => formatNumber(r.recipients.length) },
  ], [locale]);
  const enabledChoices = useMemo(() => [{ value: '1', label: t('alerts.state.on') }, { value: '0', label: t('alerts.state.off') }], [locale]);
  return (
    <ResourceScreen<AlertRule, AlertRuleValues>
      actor={actor}
      labels={screenLabels('alerts')}
      name={name}
      columns={columns}
      canWrite={mayManage(role)}
      filters={
        <>
          <WhereField actor={actor} name="siteId" label={t('alerts.site')} all={t('alerts.allSites')} lookup="sites" />
          <WhereField actor={actor} name="enabled" label={t('alerts.state')} all={t('alerts.anyState')} options={enabledChoices} />
        </>
      }
      form={(f) => <RuleForm f={f} />}
    />
  );
}

function RuleForm({ f }: { f: FormBinding<AlertRuleValues> }) {
  const v = f.values;
  const reads = READS[v.condition];
  const battery = v.condition === 'battery_below';
  const scopeErrors = f.errors.scope;
  const choose = t('alerts.choose');
  return (
    <>
      <InputField label={t('alerts.name')} maxLength={200} {...f.text('name')} />
      <CheckboxField label={t('alerts.enabled')} checked={v.enabled} onChange={(on) => f.change('enabled', on)} hint={t('alerts.enabledHint')} />
      <SelectField label={t('alerts.scope')} options={SCOPES.map((s) => ({ value: s, label: t(`alerts.scope.${s}` as I18nKey) }))} {...f.text('scope')} messages={undefined} />
      {v.scope === 'feed' && <SelectField label={t('alerts.feed')} options={f.choices('feeds')} placeholder={choose} {...f.text('feedId')} messages={scopeErrors} />}
      {v.scope === 'node' && <SelectField label={t('alerts.node')} options={f.choices('nodes')} placeholder={choose} {...f.text('nodeId')} messages={scopeErrors} />}
      {v.scope === 'site' && (
        <>
          <SelectField label={t('alerts.site')} options={f.choices('sites')} placeholder={choose} {...f.text('siteId')} />
          <SelectField label={t('alerts.signalType')} options={f.choices('signalTypes')} placeholder={choose} {...f.text('signalTypeId')} messages={scopeErrors} />
        </>
      )}
      <SelectField label={t('alerts.condition')} options={CONDITIONS.map((c) => ({ value: c, label: conditionLabel(c) }))} hint={t(`alerts.conditionHint.${v.condition}` as I18nKey)} {...f.text('condition')} />
      {reads.low && <InputField label={battery ? t('alerts.batteryLow') : t('alerts.low')} inputMode="decimal" {...f.text('low')} />}
      {reads.high && <InputField label={t('alerts.high')} inputMode="decimal" {...f.text('high')} />}
      <InputField label={v.condition === 'no_data' ? t('alerts.silentMinutes') : t('alerts.pendingMinutes')} inputMode="numeric" hint={v.condition === 'no_data' ? undefined : t('alerts.pendingHint')} {...f.text('forMinutes')} />
      {reads.clearBy && <InputField label={t('alerts.clearBy')} inputMode="decimal" hint={t('alerts.clearByHint')} {...f.text('clearBy')} />}
      <SelectField label={t('alerts.severity')} options={SEVERITIES.map((s) => ({ value: s, label: severityLabel(s) }))} {...f.text('severity')} />
      <SelectField label={t('alerts.template')} options={f.choices('templates')} placeholder={t('alerts.templateDefault')} hint={t('alerts.templateHint')} {...f.text('templateId')} />
      <CheckboxGroupField label={t('alerts.recipients')} hint={t('alerts.recipientsHint')} value={v.recipients} options={f.choices('people')} onChange={(ids) => f.change('recipients', ids)} messages={f.errors.recipients} />
      <CheckboxGroupField label={t('alerts.escalateTo')} hint={t('alerts.escalateHint')} value={v.escalateTo} options={f.choices('people')} onChange={(ids) => f.change('escalateTo', ids)} messages={f.errors.escalateTo} />
      {v.escalateTo.length > 0 && <InputField label={t('alerts.escalateAfter')} inputMode="numeric" {...f.text('escalateAfterMinutes')} />}
      <InputField label={t('alerts.mutedUntil')} type="datetime-local" hint={t('alerts.mutedHint')} {...f.text('mutedUntil')} />
    </>
  );
}
