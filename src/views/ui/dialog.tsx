import { useEffect, useId, useRef, type ReactNode } from 'react';
import * as d from './dialog.css';

export interface ModalProps {
  /** The dialog's title, its accessible name. */
  title: string;
  /** `alertdialog` for a question that interrupts (a confirmation); `dialog` otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** Escape, or the caller's own close control. */
  onClose: () => void;
  /** Id of the text that describes the dialog (a confirmation's question). */
  describedBy?: string;
  children: ReactNode;
}

const FIELDS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * A native modal dialog: the focus trap, Escape and the inert page behind come from the platform. Closing gives focus
 * back to the control that had it when the dialog opened, unless something else has taken it.
 */
export function Modal({ title, role = 'dialog', onClose, describedBy, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (el && !el.open) el.showModal();
    // showModal focuses the first control, which may be a Close far from where the work starts: a dialog may name its
    // control ([data-autofocus]: a confirmation's answer); else its first field; else its title, so the dialog opens
    // read from the top rather than scrolled to a button.
    const first = el?.querySelector<HTMLElement>('[data-autofocus]') ?? el?.querySelector<HTMLElement>(FIELDS) ?? el?.querySelector<HTMLElement>(`.${d.title}`);
    first?.focus();
    if (el && !el.querySelector('[data-autofocus]')) el.scrollTop = 0;
    return () => {
      el?.close();
      // React has already removed the dialog, so the platform's own return of focus does not happen: focus is on the body.
      const lost = !document.activeElement || document.activeElement === document.body || Boolean(el?.contains(document.activeElement));
      if (lost && before?.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      className={d.dialog}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className={d.title} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/**
 * The row of buttons at the foot of a dialog, at its inline end (mirrored in Arabic): Cancel or Close first, the one
 * primary action last.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={d.actions}>{children}</div>;
}
