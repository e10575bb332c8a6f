import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import * as l from './layout.css';

// The error pages share the start-up chunk with the sign-in form, so a state's picture arrives a moment later with the
// icon chunk rather than growing it; the disc it sits in keeps its size meanwhile. A failed load (the very failure an
// error page may be showing) leaves the disc empty.
const LazyIcon = lazy<ComponentType<{ name: 'empty' | 'error' }>>(() => import('./icons').then(({ Icon }) => ({ default: Icon })).catch(() => ({ default: () => null })));
const StateIcon = ({ name }: { name: 'empty' | 'error' }) => (
  <Suspense fallback={null}>
    <LazyIcon name={name} />
  </Suspense>
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
 * (`skeleton`), or one quiet line (`inline`). Always a status with a label, so it is announced, not just drawn.
 */
export function LoadingState({ label, variant = 'spinner', lines = 4 }: { label: string; variant?: 'spinner' | 'skeleton' | 'inline'; /** Skeleton lines. */ lines?: number }) {
  if (variant === 'inline') {
    return (
      <span role="status" className={l.inlineLoading}>
        <span aria-hidden="true" className={l.inlineSpinner} />
        {label}
      </span>
    );
  }
  if (variant === 'skeleton') {
    return (
      <div role="status" aria-label={label} className={l.skeleton}>
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} aria-hidden="true" className={l.skeletonLine} style={{ width: `${92 - ((i * 17) % 40)}%` }} />
        ))}
      </div>
    );
  }
  return (
    <div role="status" className={l.state}>
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
