import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { Callout } from './callout';
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
        // React hands a dialog's cancel on to the dialogs it sits in: Escape in a confirmation inside another dialog
        // closes that confirmation only.
        e.stopPropagation();
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

export interface ConfirmDialogProps {
  /** The question, naming what the answer acts on ("Delete Elmhurst Care Home?"). */
  title: string;
  /** What follows from the answer; it describes the dialog. */
  body: ReactNode;
  /** The answer's label ("Delete", "Revoke", "Submit"), and its label while the answer is being carried out. */
  confirm: string;
  working?: string;
  cancel: string;
  /** `danger` for what cannot be taken back (a delete, a revoke); `primary` for a step forward (submitting a log). */
  tone?: 'danger' | 'primary';
  busy?: boolean;
  /** A refusal to show in the dialog (a 409 naming what still uses the row): the answer can be tried again. */
  failure?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The one confirmation of the product: an alert dialog whose answer is focused first, so Enter confirms and Escape
 * keeps; Cancel before the answer at the dialog's foot, as every dialog's actions are.
 */
export function ConfirmDialog({ title, body, confirm, working, cancel, tone = 'danger', busy = false, failure, onConfirm, onCancel }: ConfirmDialogProps) {
  const bodyId = useId();
  return (
    <Modal title={title} role="alertdialog" describedBy={bodyId} onClose={onCancel}>
      <p id={bodyId}>{body}</p>
      {failure && (
        <Callout role="alert" tone="error">
          {failure}
        </Callout>
      )}
      <DialogActions>
        <Button onClick={onCancel}>{cancel}</Button>
        <Button variant={tone} busy={busy} data-autofocus onClick={onConfirm}>
          {busy && working ? working : confirm}
        </Button>
      </DialogActions>
    </Modal>
  );
}
