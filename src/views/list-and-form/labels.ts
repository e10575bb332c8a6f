import { t, type I18nKey } from '../../i18n';

type Prefix<K> = K extends `${infer N}.table` ? N : never;

/**
 * A screen's namespace in the dictionaries: one that has its title, intro, table name, New and Edit words
 * (`sites.title`, `sites.intro`, `sites.table`, `sites.new`, `sites.edit`). Checked by the compiler, so a screen named
 * by its namespace cannot miss one of its words in English, and the dictionaries' parity test does the rest.
 */
export type ScreenNamespace = {
  [N in Prefix<I18nKey>]: (`${N}.title` | `${N}.intro` | `${N}.new` | `${N}.edit`) extends I18nKey ? N : never;
}[Prefix<I18nKey>];

/** The words of a list-and-form screen. */
export interface ScreenLabels<Item> {
  /** The page's title (its h1). */
  title: string;
  intro?: string;
  /** The table's accessible name. */
  table: string;
  /** The New button's words; a list without New (read only) has none. */
  new?: string;
  /** The form dialog's title, for a new row or for `editing`. */
  form?: (editing: Item | null) => string;
}

/** A screen's words from its namespace: what most screens need say no more than `screenLabels('sites')`. */
export function screenLabels<Item>(ns: ScreenNamespace): ScreenLabels<Item> {
  return {
    title: t(`${ns}.title`),
    intro: t(`${ns}.intro`),
    table: t(`${ns}.table`),
    new: t(`${ns}.new`),
    form: (editing) => t(editing ? `${ns}.edit` : `${ns}.new`),
  };
}
