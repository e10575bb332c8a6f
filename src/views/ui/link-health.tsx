import { formatNumber, t } from '../../i18n';
import { isWeakBattery, isWeakSignal } from '../../api/contract/link-health';
import { StatusBadge } from './status-badge';
import { visuallyHidden } from './a11y.css';

/**
 * A node's battery as a list or a detail shows it: "97 %", or, at or below the weak threshold, the value in the
 * warning colour with its symbol and words for screen readers.
 */
export function BatteryLevel({ pct }: { pct: number | null }) {
  if (pct === null) return <>—</>;
  const text = `${formatNumber(pct, { maximumFractionDigits: 0 })} %`;
  return isWeakBattery(pct) ? <Weak text={text} words={t('health.weakBattery')} /> : <bdi dir="ltr">{text}</bdi>;
}

/** A node's radio signal ("-71 dBm"), flagged the same way when weak. */
export function SignalLevel({ dbm }: { dbm: number | null }) {
  if (dbm === null) return <>—</>;
  const text = `${formatNumber(dbm, { maximumFractionDigits: 0 })} dBm`;
  return isWeakSignal(dbm) ? <Weak text={text} words={t('health.weakSignal')} /> : <bdi dir="ltr">{text}</bdi>;
}

function Weak({ text, words }: { text: string; words: string }) {
  return (
    <span title={words}>
      <StatusBadge status="warning" variant="inline" label={<bdi dir="ltr">{text}</bdi>} />
      <span className={visuallyHidden}> ({words})</span>
    </span>
  );
}
