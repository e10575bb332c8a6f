import type { ReactNode } from 'react';
import type { FieldErrors, FieldMessage } from '../../machines/form';
import type { Choice, ListAndFormActor } from '../../machines/list-and-form.machine';
import type { Column } from '../ui/virtual-table';
import type { ScreenLabels } from './labels';

/** What a resource's form fields are handed: the values, the messages to show, and the events to send. */
export interface FormBinding<V extends object> {
  values: V;
  /** Client checks and the server's field problems together, as they show now. */
  errors: FieldErrors<keyof V & string>;
  change<K extends keyof V & string>(field: K, value: V[K]): void;
  blur(field: keyof V & string): void;
  /** The value, the messages and the handlers of one text field, for spreading onto InputField. */
  text(field: keyof V & string): { value: string; messages?: FieldMessage[]; onChange(v: string): void; onBlur(): void };
  /** The form edits an existing row (some fields are fixed then). */
  editing: boolean;
  /** The pickers' choices (config.lookups), by name; empty while they load. */
  choices(name: string): Choice[];
}

/** A list-and-form actor of any resource whose rows are `Item` and whose form holds `V`, whatever its calls take. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyListActor<Item extends { id: string }, V extends object> = ListAndFormActor<Item, V, any, any, any, any>;

export interface ResourceScreenProps<Item extends { id: string }, V extends object> {
  actor: AnyListActor<Item, V>;
  /** The screen's words: `screenLabels(namespace)` for most. */
  labels: ScreenLabels<Item>;
  /** The row's name: the first column, a button that opens the row's form. */
  name: { header: string; sortKey?: string; text: (item: Item) => string; width?: string };
  /** The other columns. */
  columns: Column<Item>[];
  /** Whether the role may create, change and delete (the server refuses anyway). */
  canWrite: boolean;
  /** Further actions of a row (a hub's API keys, shadowing a user), before Delete. */
  rowActions?: (item: Item) => ReactNode;
  /** The width of the actions column when rowActions adds buttons. */
  actionsWidth?: string;
  /** 2 when the list is a section of a page with its own title (the audit log under Management). */
  level?: 1 | 2;
  /** Single keys acting on the keyboard's row ("s" shadows a company), beside j/k, Enter, n and Delete. */
  rowKeys?: Record<string, (item: Item) => void>;
  /** Those keys in words, shown with the screen's other keyboard hints (and, like them, not on touch screens). */
  rowKeysHint?: string;
  /** Whether one row may be changed and deleted (a built-in signal type may not); every row when absent. */
  canEdit?: (item: Item) => boolean;
  /** What the row's name button (click, or Enter on it) does on a row it does not edit, and its accessible name. */
  open?: { action: (item: Item) => void; label: (item: Item) => string };
  /** The form's primary action, when Save is not what it does ("Invite" for a new user). */
  saveLabel?: (editing: Item | null) => string;
  form: (bind: FormBinding<V>) => ReactNode;
  /** The resource's own filters, beside the name filter. */
  filters?: ReactNode;
  height?: number;
}
