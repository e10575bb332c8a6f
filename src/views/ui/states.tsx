import type { ReactNode } from 'react';
import * as l from './layout.css';
import { iconClass } from './icons.css';

// The error pages share the start-up chunk with the sign-in form, so the states draw their two pictures (lucide's
// "inbox" and "circle-alert", ISC) inline instead of importing the icon library there: a few hundred bytes, and the
// picture is there with the state's first paint (a picture loaded later made screenshots differ run to run).
const SHAPES = {
  empty: (
    <>
      <polyline points="22 12 16 12 14 15 10 15 8 12 2 12" />
      <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="10" />
      <line x1="12" x2="12" y1="8" y2="12" />
      <line x1="12" x2="12.01" y1="16" y2="16" />
    </>
  ),
};
const StateIcon = ({ name }: { name: 'empty' | 'error' }) => (
  <svg xmlns="http://www.w3.org/2000/svg" width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={iconClass.base}>
    {SHAPES[name]}
  </svg>
);

/** Nothing to show yet: what is missing and, when there is one, the way to fill it. */
export function EmptyState({ title, body, action, symbol, compact, heading }: {
  title: string;
  body?: ReactNode;
  action?: ReactNode;
  /** Decoration above the title, in place of the empty tray (an `<Icon>` fitting the content). */
  symbol?: ReactNode;
  compact?: boolean;
  /** The title as an h2 with this id, for a state that stands for the whole page (and names a control in it). */
  heading?: { id: string };
}) {
  return (
    <div className={compact ? `${l.state} ${l.stateCompact}` : l.state}>
      {!compact && (
        <span aria-hidden="true" className={l.stateSymbol}>
          {symbol ?? <StateIcon name="empty" />}
        </span>
      )}
      {heading ? (
        <h2 id={heading.id} className={l.stateTitle}>
          {title}
        </h2>
      ) : (
        <p className={l.stateTitle}>{title}</p>
      )}
      {body && <p className={l.stateBody}>{body}</p>}
      {action && <div className={l.stateAction}>{action}</div>}
    </div>
  );
}

/**
 * Something is on its way: a spinner (drawn by CSS, so it turns from the very first paint) with its words (`spinner`), placeholder lines shaped like the content
 * (`skeleton`), or one quiet line (`inline`). Always a status with a label, so it is announced, not just drawn;
 * marked `data-loading` so a screenshot or a check can wait for the page to settle.
 */
export function LoadingState({ label, variant = 'spinner', lines = 4 }: { label: string; variant?: 'spinner' | 'skeleton' | 'inline'; /** Skeleton lines. */ lines?: number }) {
  if (variant === 'inline') {
    return (
      <span role="status" className={l.inlineLoading} data-loading="">
        <span aria-hidden="true" className={l.inlineSpinner} />
        {label}
      </span>
    );
  }
  if (variant === 'skeleton') {
    return (
      <div role="status" aria-label={label} className={l.skeleton} data-loading="">
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} aria-hidden="true" className={l.skeletonLine} style={{ width: `${92 - ((i * 17) % 40)}%` }} />
        ))}
      </div>
    );
  }
  return (
    <div role="status" className={l.state} data-loading="">
      <span aria-hidden="true" className={l.spinner} />
      <p className={l.stateBody}>{label}</p>
    </div>
  );
}

/** A failure where the content would be: what went wrong (announced) and, when it can help, Retry. */
export function ErrorState({ title, message, action, compact }: { title?: string; message: ReactNode; /** Usually a Retry button. */ action?: ReactNode; compact?: boolean }) {
  return (
    <div className={compact ? `${l.state} ${l.stateCompact}` : l.state}>
      {!compact && (
        <span aria-hidden="true" className={`${l.stateSymbol} ${l.stateSymbolError}`}>
          <StateIcon name="error" />
        </span>
      )}
      {title && <p className={l.stateTitle}>{title}</p>}
      <p role="alert" className={l.stateBody}>
        {message}
      </p>
      {action && <div className={l.stateAction}>{action}</div>}
    </div>
  );
}
