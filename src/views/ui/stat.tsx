import type { ReactNode } from 'react';
import { STATUS_SYMBOL, type Status } from './status-badge';
import * as c from './stat.css';

export interface StatProps {
  /** What the number counts ("Devices offline"). */
  label: string;
  value: ReactNode;
  /** Colours the number and puts the status's symbol beside it; none for a plain count. */
  status?: Status | null;
}

/** One key figure: a label and a large number, in a strip of them (a description list, so it reads as pairs). */
export function Stat({ label, value, status }: StatProps) {
  return (
    <div className={c.stat}>
      <dt className={c.label}>{label}</dt>
      <dd className={`${c.value} ${c.tone[status ?? 'none']}`}>
        {status && (
          <span aria-hidden="true" className={c.symbol}>
            {STATUS_SYMBOL[status]}
          </span>
        )}
        {value}
      </dd>
    </div>
  );
}

/** A row of key figures at the top of a screen; named, so it is found as one group. */
export function StatStrip({ label, children }: { /** The group's accessible name. */ label: string; children: ReactNode }) {
  return (
    <dl className={c.strip} aria-label={label}>
      {children}
    </dl>
  );
}
