import type { ReactNode } from 'react';
import * as c from './plain-list.css';

export interface PlainListProps {
  /** The list's accessible name, when it needs one. */
  label?: string;
  /** `stack` (default): one item under another; `inline`: side by side, wrapping. */
  layout?: 'stack' | 'inline';
  /** The small type of secondary content. */
  small?: boolean;
  /** Secondary text colour (a quiet line of facts). */
  muted?: boolean;
  /** PlainListItem elements. */
  children: ReactNode;
}

/** A short list without markers or indent: a card's few devices, a line of facts about who is signed in. */
export function PlainList({ label, layout = 'stack', small, muted, children }: PlainListProps) {
  return (
    <ul className={[c.list[layout], small ? c.small : '', muted ? c.muted : ''].join(' ')} aria-label={label}>
      {children}
    </ul>
  );
}

/** One item of a PlainList: an optional name in a stronger weight, then what follows it on the same line. */
export function PlainListItem({ title, children }: { title?: ReactNode; children?: ReactNode }) {
  return (
    <li className={c.item}>
      {title !== undefined && <span className={c.itemTitle}>{title}</span>}
      {children}
    </li>
  );
}
