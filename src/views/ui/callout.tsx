import type { ReactNode } from 'react';
import * as c from './callout.css';

const SYMBOL = { error: '✕', warning: '▲', success: '✓', info: 'ℹ' } as const;

export interface CalloutProps {
  tone: keyof typeof SYMBOL;
  /** `alert` for a failure the user must hear now, `status` for news, none for a standing note. */
  role?: 'alert' | 'status' | 'note';
  /** For aria-describedby from the field the message is about. */
  id?: string;
  /** A control at the end of the line (dismiss, try again), outside the announced words. */
  action?: ReactNode;
  /** Directly in a page, whose grid spaces its children: no margin of its own. */
  flush?: boolean;
  children: ReactNode;
}

/** A message in a form or on a page: tinted by tone, with the tone's symbol beside the words. */
export function Callout({ tone, role, id, action, flush, children }: CalloutProps) {
  return (
    // The role and id sit on the words alone: what is announced, and what a field's aria-describedby reads, is the
    // message without its symbol.
    <div className={flush ? `${c.callout[tone]} ${c.flush}` : c.callout[tone]}>
      <span aria-hidden="true" className={c.symbol}>
        {SYMBOL[tone]}
      </span>
      <div id={id} role={role} className={c.body}>
        {children}
      </div>
      {action && <div className={c.action}>{action}</div>}
    </div>
  );
}
