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
    // showModal focuses the first control; a dialog may name another ([data-autofocus]: a confirmation's answer).
    el?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
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
      <h2 id={titleId} className={d.title}>{title}</h2>
      {children}
    </dialog>
  );
}

/** The row of buttons at the foot of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={d.actions}>{children}</div>;
}
