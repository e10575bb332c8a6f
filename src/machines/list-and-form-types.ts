import type { ZodType } from 'zod';
import type { ResourceApi } from '../api/resource.api';
import type { I18nKey } from '../i18n';
import type { CompanyChanged } from './company-watch';
import type { Failure } from './failure';
import type { FieldErrors, FieldKeys, Form } from './form';
import type { PerCompanyConfig, PerCompanyContext, PerCompanyInput } from './list-and-form-company';

/**
 * A list's calls: `list` always; a read-only list (the audit log) has nothing else, and its form never opens. A create
 * may answer more than a row (a hub key's secret, a share link's address): `Created`, kept as `context.created`.
 */
export type ListApi<Item, Input, Update, Created> = Pick<ResourceApi<Item, Input, Update>, 'list'> &
  Partial<Pick<ResourceApi<Item, Input, Update>, 'update' | 'remove'>> & { create?(input: Input): Promise<Created> };

/** What a management screen's machine is made from: its resource's calls and how its form maps to them. */
export interface ListAndFormConfig<Item extends { id: string }, V extends object, Input, Update = Input, Created extends { id: string } = Item, Scope = undefined>
  extends PerCompanyConfig {
  /** The machine's id, e.g. 'nodeTags'. */
  id: string;
  /**
   * The resource's calls; for the rows of one parent (a hub's keys, a site's share links), a function of that parent:
   * the screen's `input.scope`.
   */
  api: ListApi<Item, Input, Update, Created> | ((scope: Scope) => ListApi<Item, Input, Update, Created>);
  /** The contract schema the form's body is checked against (the server's, so the two cannot disagree). */
  schema: ZodType;
  /** The values of a new form. */
  blank: () => V;
  /** The values of the form that edits `item`. */
  valuesOf: (item: Item) => V;
  /** The request body from the form's values (strings become numbers, empty optionals are left out). */
  toInput: (values: V) => Input;
  /** When a change takes another body than a create (a user's role and access, not their email): its schema and body. */
  update?: { schema: ZodType; toInput: (values: V, item: Item) => Update };
  /** A row as the confirmations and notices name it. */
  nameOf: (item: Item | Created) => string;
  /**
   * The form is part of the screen, not a dialog (a hub's new key, a site's new link): open from the start and, after
   * a save, open again and empty for the next row.
   */
  inline?: boolean;
  /** Whether a row may still be removed (a revoked key or an expired link may not); every row when absent. */
  removable?: (item: Item) => boolean;
  /** The notices' words when they are not "created", "updated" and "deleted" (a key is revoked). */
  notices?: Partial<Record<'created' | 'updated' | 'removed', I18nKey>>;
  /** Field-specific messages by issue code. */
  fieldKeys?: FieldKeys<keyof V & string>;
  /** The sort until the user picks one. */
  defaultSort?: string;
  pageSize?: number;
  /**
   * Choices the form's pickers offer (a hub's site, a node's hub and tags), each loaded through its own resource's
   * list call when the screen opens: `{ sites: () => sitesApi.list({ limit: 1000 }).then(…) }`.
   */
  lookups?: Record<string, () => Promise<Choice[]>>;
  /** The lookups list this resource itself (a site's parent picker offers sites): they load again after a save or delete. */
  lookupsFollowList?: boolean;
  /**
   * The resource's own filters the screen offers (`list.where` names: siteId, role …). A machine takes `list.where`
   * only for these, and one without any has no such transition (nor a lookups region without lookups): what a
   * screen cannot do is not in its machine, so its model covers all of it.
   */
  filters?: readonly string[];
}

/** One choice of a picker. */
export interface Choice {
  value: string;
  label: string;
}

export interface Notice {
  key: I18nKey;
  params?: Record<string, string | number>;
}

export interface ListAndFormContext<Item extends { id: string }, V extends object, Created = Item, Scope = unknown> extends PerCompanyContext {
  /** The parent whose rows these are (a hub, a site); undefined for a list of its own. */
  scope: Scope | undefined;
  rows: Item[];
  /** Every row matching the filter, across pages. */
  total: number;
  q: string;
  sort: string | undefined;
  offset: number;
  limit: number;
  /** The resource's own filters (siteId, hubId …), sent with the list query. */
  filters: Record<string, string>;
  /** The row the keyboard is on, an index into rows; -1 when none. */
  active: number;
  listFailure: Failure | null;
  form: Form<V> | null;
  /** The row being edited; null for a new one. */
  editing: Item | null;
  /** Field problems the server named in its last answer; cleared field by field as they are edited. */
  serverErrors: FieldErrors<keyof V & string>;
  formFailure: Failure | null;
  /** The row a delete waits to be confirmed for. */
  confirming: Item | null;
  deleteFailure: Failure | null;
  notice: Notice | null;
  /** The screen was opened to create a row. */
  startNew: boolean;
  /** The pickers' choices by lookup name (empty until loaded). */
  lookups: Record<string, Choice[]>;
  lookupFailure: Failure | null;
  /** The last create's answer: the only time a secret in it (a key, a link's address) is known; gone with its row. */
  created: Created | null;
  /** The user copied that secret (the view says so). */
  copied: boolean;
}

export type ListAndFormEvent<V extends object> =
  | { type: 'list.filter'; q: string }
  | { type: 'list.where'; name: string; value: string }
  | { type: 'list.sort'; sort: string }
  | { type: 'list.page'; offset: number }
  | { type: 'list.reload' }
  | { type: 'list.move'; delta: number }
  | { type: 'list.focus'; index: number }
  | { type: 'form.new'; values?: Partial<V> }
  | { type: 'form.edit'; id?: string }
  // Fields by name: the view's field components are typed; the machine stores what they send.
  | { type: 'form.change'; field: string; value: unknown }
  | { type: 'form.blur'; field: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'delete.ask'; id?: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'lookups.reload' }
  | { type: 'notice.dismiss' }
  | { type: 'created.copied' }
  | { type: 'created.dismiss' }
  | CompanyChanged;

export interface ListAndFormInput<Scope = unknown> extends PerCompanyInput {
  /** The parent whose rows the list shows, for a config whose `api` is a function of it. */
  scope?: Scope;
  /** Filters the screen opens with (from its URL). */
  filters?: Record<string, string>;
  q?: string;
  /** Open the form for a new row at once (the palette's "New site" …). */
  startNew?: boolean;
}
