import { t, type I18nKey } from '../../i18n';
import type { Severity } from '../../api/contract/alerts';
import { StatusBadge, type Status } from './status-badge';

/** The four severities, worst first, as filters and pickers offer them. */
export const SEVERITIES: readonly Severity[] = ['critical', 'major', 'minor', 'warning'];

/** A severity as a status: critical and major read as errors, minor as a warning, warning as information. */
export const SEVERITY_STATUS: Record<Severity, Status> = { critical: 'error', major: 'error', minor: 'warning', warning: 'info' };

export const severityLabel = (s: Severity) => t(`alertEvents.severity.${s}` as I18nKey);

/** A rule's or an event's severity, by colour, symbol and word, the same on every screen. */
export function SeverityBadge({ severity, variant = 'inline' }: { severity: Severity; variant?: 'pill' | 'inline' }) {
  return <StatusBadge variant={variant} status={SEVERITY_STATUS[severity]} label={severityLabel(severity)} />;
}
