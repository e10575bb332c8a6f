import type { ReactNode } from 'react';
import * as s from './status.css';

/** The product's statuses; each has one colour and one symbol everywhere (tiles, tables, the sidebar's counts). */
export type Status = 'ok' | 'warning' | 'error' | 'offline' | 'info';

/** ✓ ok, ▲ warning, ✕ error or out of range, ● offline or no data, ℹ information. */
export const STATUS_SYMBOL: Record<Status, string> = { ok: '✓', warning: '▲', error: '✕', offline: '●', info: 'ℹ' };

export interface StatusBadgeProps {
  status: Status;
  /** The words for the status ("Online", "Out of range"): the symbol is decoration, these are what is read. */
  label: ReactNode;
  /** `pill` (default) for a badge; `inline` for running text and dense cells. */
  variant?: 'pill' | 'inline';
}

/** A status shown by colour and symbol together, never by colour alone. */
export function StatusBadge({ status, label, variant = 'pill' }: StatusBadgeProps) {
  return (
    <span className={variant === 'pill' ? s.badge[status] : `${s.inlineBase} ${s.inline[status]}`} data-status={status}>
      <span aria-hidden="true" className={s.symbol}>
        {STATUS_SYMBOL[status]}
      </span>
      <span>{label}</span>
    </span>
  );
}
