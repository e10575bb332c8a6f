import { forwardRef, type ReactNode, type SyntheticEvent } from 'react';
import { Keys } from './keys';
import * as c from './search-dialog.css';

/**
 * The classes for a search library's own elements inside a SearchDialog (cmdk renders them, so they cannot be wrapped):
 * `input` the field, `list` the scrolling results, `rows` the virtual list's full height, `item` one result row.
 */
export const searchDialogParts = { input: c.input, list: c.list, rows: c.rows, item: c.item } as const;

export interface SearchDialogProps {
  /** The dialog's heading, its accessible name. */
  title: string;
  /** The heading's id (the dialog is labelled by it). */
  titleId: string;
  /** One line under the title: where the search looks, how to go back. */
  scope?: ReactNode;
  /** Escape: the caller closes the dialog (the native close is prevented). */
  onCancel(): void;
  /** The field, the results and the status. */
  children: ReactNode;
}

/**
 * A native modal dialog for finding something (the command palette): near the top of the screen, a small title and its
 * scope, then the search field, the results and a status line, edge to edge. The caller opens it with showModal (ref).
 */
export const SearchDialog = forwardRef<HTMLDialogElement, SearchDialogProps>(function SearchDialog({ title, titleId, scope, onCancel, children }, ref) {
  const cancel = (e: SyntheticEvent) => {
    e.preventDefault();
    onCancel();
  };
  return (
    <dialog ref={ref} className={c.dialog} aria-labelledby={titleId} onCancel={cancel}>
      <div className={c.titleBar}>
        <h2 id={titleId} className={c.title}>
          {title}
        </h2>
        {scope !== undefined && <span className={c.scope}>{scope}</span>}
      </div>
      {children}
    </dialog>
  );
});

/** The band that holds a SearchDialog's field, ruled off from the results. */
export function SearchField({ children }: { children: ReactNode }) {
  return <div className={c.head}>{children}</div>;
}

/** A SearchDialog's status line under the results (how many, loading, failed), announced as it changes. */
export function SearchStatus({ children }: { children: ReactNode }) {
  return (
    <div className={c.status} role="status" aria-live="polite">
      {children}
    </div>
  );
}

/** A result row's content: its label (and a quieter detail), what kind of thing it is, and its shortcut if any. */
export function SearchResult({ label, detail, kind, shortcut }: { label: ReactNode; detail?: ReactNode; kind: ReactNode; /** Keys as "g d". */ shortcut?: string | null }) {
  return (
    <>
      <span className={c.label}>
        {label}
        {detail && <span className={c.detail}>{detail}</span>}
      </span>
      <span className={c.kind}>{kind}</span>
      {shortcut ? <Keys keys={shortcut} /> : <span />}
    </>
  );
}
