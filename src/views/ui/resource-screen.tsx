import { useId, useMemo, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { formatNumber, t } from '../../i18n';
import type { FieldErrors, FieldMessage } from '../../machines/form';
import type { Choice, ListAndFormActor, ListAndFormContext } from '../../machines/list-and-form.machine';
import { VirtualTable, type Column } from './virtual-table';
import { DialogActions, Modal } from './dialog';
import { SelectField } from './form-field';
import * as c from './controls.css';
import * as s from './form.css';
import { Callout } from './callout';
import { IconButton } from './button';
import { EmptyState, ErrorState, LoadingState } from './states';
import { ChooseCompany } from './choose-company';
import { Truncated } from './layout';
import * as r from './resource-screen.css';

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

export interface ResourceScreenProps<Item extends { id: string }, V extends object> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  actor: ListAndFormActor<Item, V, any>;
  /** The page's title (its h1). */
  title: string;
  intro?: string;
  /** The table's accessible name. */
  tableLabel: string;
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
  newLabel: string;
  /** The form dialog's title for a new row or for `editing`. */
  formTitle: (editing: Item | null) => string;
  /** The form's primary action, when Save is not what it does ("Invite" for a new user). */
  saveLabel?: (editing: Item | null) => string;
  form: (bind: FormBinding<V>) => ReactNode;
  /** The resource's own filters, beside the name filter. */
  filters?: ReactNode;
  height?: number;
}

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
const onControl = (el: EventTarget | null) => el instanceof HTMLElement && ['BUTTON', 'A'].includes(el.tagName);

const rowButton = (list: HTMLElement | null, index: number) => list?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);

/**
 * The one list-and-form screen: a title, a debounced name filter, a sortable windowed table with a keyboard row
 * (j/k, Enter to edit, n for new, Delete to delete, / to filter), paging, a form dialog and a confirm dialog, all
 * driven by a list-and-form machine. A resource screen gives its columns and its form fields, nothing else.
 */
export function ResourceScreen<Item extends { id: string }, V extends object>(props: ResourceScreenProps<Item, V>) {
  const { actor, title, intro, tableLabel, name, columns, canWrite, canEdit, rowActions, actionsWidth, newLabel, filters, open, height = 520 } = props;
  const editable = useMemo(() => (item: Item | undefined) => canWrite && item !== undefined && (canEdit?.(item) ?? true), [canWrite, canEdit]);
  const rows = useSelector(actor, (st) => st.context.rows);
  const total = useSelector(actor, (st) => st.context.total);
  const q = useSelector(actor, (st) => st.context.q);
  const sort = useSelector(actor, (st) => st.context.sort);
  const offset = useSelector(actor, (st) => st.context.offset);
  const limit = useSelector(actor, (st) => st.context.limit);
  const active = useSelector(actor, (st) => st.context.active);
  const loading = useSelector(actor, (st) => st.matches({ list: 'loading' }) || st.matches({ list: 'debouncing' }));
  const listFailure = useSelector(actor, (st) => (st.matches({ list: 'failed' }) ? st.context.listFailure : null));
  const notice = useSelector(actor, (st) => st.context.notice);
  const lookupFailure = useSelector(actor, (st) => (st.matches({ lookups: 'failed' } as never) ? st.context.lookupFailure : null));
  const formOpen = useSelector(actor, (st) => !st.matches({ form: 'closed' }));
  const confirming = useSelector(actor, (st) => st.context.confirming);
  const noCompany = useSelector(actor, (st) => st.matches({ list: 'noCompany' } as never));
  const tableId = useId();
  const sectionTitleId = useId();
  const titleId = props.level === 2 ? sectionTitleId : 'page-title';
  const Heading = props.level === 2 ? 'h2' : 'h1';

  const send = actor.send;
  const columnsWithName: Column<Item>[] = useMemo(() => [
    {
      id: 'name',
      header: name.header,
      sortKey: name.sortKey,
      width: name.width ?? '2fr',
      cell: (item, at) => (
        <button
          type="button"
          className={c.linkButton}
          data-row-index={at.index}
          tabIndex={at.active ? 0 : -1}
          onFocus={() => send({ type: 'list.focus', index: at.index })}
          onClick={() => (editable(item) ? send({ type: 'form.edit', id: item.id }) : open?.action(item))}
          aria-label={editable(item) ? t('manage.edit', { name: name.text(item) }) : open?.label(item)}
        >
          <Truncated text={name.text(item)} />
        </button>
      ),
    },
    ...columns,
    ...(canWrite || rowActions
      ? [
          {
            id: 'actions',
            header: t('manage.actions'),
            width: actionsWidth ?? '7rem',
            cell: (item: Item) => (
              <span className={r.rowActions} data-row-actions="">
                {rowActions?.(item)}
                {editable(item) && (
                  <button type="button" className={`${c.dangerQuiet} ${c.size.sm}`} tabIndex={-1} onClick={() => send({ type: 'delete.ask', id: item.id })} aria-label={t('manage.delete', { name: name.text(item) })}>
                    {t('manage.confirm')}
                  </button>
                )}
              </span>
            ),
          },
        ]
      : []),
  ], [name, columns, canWrite, editable, rowActions, actionsWidth, send, open]);

  const focusActive = () => {
    const at = actor.getSnapshot().context.active;
    // After the table scrolled the row into view and rendered it.
    requestAnimationFrame(() => rowButton(document.getElementById(tableId), at)?.focus());
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || formOpen || confirming) return;
    if (e.key === 'j' || e.key === 'ArrowDown' || e.key === 'k' || e.key === 'ArrowUp') {
      if (e.key.startsWith('Arrow') && !(e.target as HTMLElement).closest?.('[data-row-index]')) return;
      e.preventDefault();
      send({ type: 'list.move', delta: e.key === 'j' || e.key === 'ArrowDown' ? 1 : -1 });
      focusActive();
    } else if (e.key === 'Enter' && editable(rows[active]) && !onControl(e.target)) {
      e.preventDefault();
      send({ type: 'form.edit' });
    } else if (props.rowKeys?.[e.key]) {
      const ctx = actor.getSnapshot().context;
      const item = ctx.rows[ctx.active];
      if (item) {
        e.preventDefault();
        props.rowKeys[e.key]!(item);
      }
    } else if (e.key === 'n' && canWrite) {
      e.preventDefault();
      send({ type: 'form.new' });
    } else if (e.key === 'Delete' && editable(rows[active])) {
      e.preventDefault();
      send({ type: 'delete.ask' });
    }
  };

  const failure = listFailure && (
    <ErrorState
      compact
      message={t(listFailure.key, listFailure.params)}
      action={
        <button type="button" className={c.secondary} onClick={() => send({ type: 'list.reload' })}>
          {t('manage.retry')}
        </button>
      }
    />
  );
  const status = failure ? (
    failure
  ) : loading ? (
    <LoadingState label={t('manage.loading')} />
  ) : q.trim() ? (
    <EmptyState compact title={t('manage.emptyFiltered', { q: q.trim() })} />
  ) : (
    <EmptyState title={t('manage.empty')} />
  );

  const header = (
    <header className={r.header}>
      <div>
        <Heading id={titleId} className={props.level === 2 ? r.sectionTitle : r.title} tabIndex={-1}>
          {title}
        </Heading>
        {intro && <p className={r.intro}>{intro}</p>}
      </div>
      {canWrite && !noCompany && (
        <button type="button" className={c.primary} onClick={() => send({ type: 'form.new' })} aria-keyshortcuts="n">
          {newLabel}
        </button>
      )}
    </header>
  );

  // A per-company list while the session acts for none: no list, no filter, no keys, only the way to a company.
  if (noCompany) {
    return (
      <section aria-labelledby={titleId} className={r.screen}>
        {header}
        <ChooseCompany />
      </section>
    );
  }

  return (
    // The screen's keys act on its list wherever focus is inside it; fields and dialogs keep their own keys.
    <section aria-labelledby={titleId} className={r.screen} onKeyDown={onKeyDown}>
      {header}
      <div className={r.toolbar}>
        <FilterField
          value={q}
          onChange={(value) => send({ type: 'list.filter', q: value })}
          onDown={() => {
            send({ type: 'list.focus', index: 0 });
            focusActive();
          }}
        />
        {filters}
      </div>
      {notice && (
        <Callout
          tone="success"
          role="status"
          action={
            <IconButton size="sm" label={t('notice.dismiss')} icon="✕" onClick={() => send({ type: 'notice.dismiss' })} />
          }
        >
          {t(notice.key, notice.params)}
        </Callout>
      )}
      {/* The pickers' choices (sites, hubs, tags) failed: the filters and the form would offer nothing, so say so. */}
      {lookupFailure && (
        <Callout
          tone="error"
          role="alert"
          action={
            <button type="button" className={c.secondary} onClick={() => send({ type: 'lookups.reload' })}>
              {t('manage.retry')}
            </button>
          }
        >
          {t('manage.lookupsFailed', { message: t(lookupFailure.key, lookupFailure.params) })}
        </Callout>
      )}
      {/* A read that failed over rows already shown: they are the last answer's, so the failure is said above them
          (the table says it only in place of rows). */}
      {failure && rows.length > 0 && failure}
      <div id={tableId} className={r.tableCard} aria-busy={loading}>
        <VirtualTable
          label={tableLabel}
          columns={columnsWithName}
          rows={rows}
          rowId={(row) => row.id}
          height={height}
          sort={sort}
          onSort={(next) => send({ type: 'list.sort', sort: next })}
          sortLabel={(header) => t('manage.sortBy', { column: header })}
          active={active}
          status={status}
        />
      </div>
      <Pager offset={offset} limit={limit} total={total} shown={rows.length} onPage={(o) => send({ type: 'list.page', offset: o })} />
      <p className={r.keys}>{[canWrite ? t('manage.keys') : null, props.rowKeysHint].filter(Boolean).join(' · ')}</p>
      {formOpen && <FormDialog {...props} />}
      {confirming && <ConfirmDelete actor={actor} nameOf={name.text} />}
    </section>
  );
}

/**
 * One of a resource's own filters (a site, a node, enabled or not): a picker in the toolbar whose choice goes to the
 * machine as `list.where`; the list's lookups or fixed options feed it.
 */
export function WhereField<Item extends { id: string }, V extends object>({ actor, name, label, all, options, lookup }: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  actor: ListAndFormActor<Item, V, any>;
  name: string;
  label: string;
  /** The empty choice: no filter. */
  all: string;
  /** Fixed options (enabled or not)… */
  options?: Choice[];
  /** …or the machine's lookup of that name (its sites, its nodes). */
  lookup?: string;
}) {
  const value = useSelector(actor, (st: { context: ListAndFormContext<Item, V> }) => st.context.filters[name] ?? '');
  const looked = useSelector(actor, (st: { context: ListAndFormContext<Item, V> }) => (lookup ? st.context.lookups[lookup] : undefined));
  return (
    <div className={r.where}>
      <SelectField label={label} value={value} options={options ?? looked ?? NO_CHOICES} placeholder={all} onChange={(v) => actor.send({ type: 'list.where', name, value: v })} onBlur={() => undefined} />
    </div>
  );
}

const NO_CHOICES: Choice[] = [];

/** The name filter: debounced by the machine (list-and-form.machine.ts), and `/` from anywhere on the page focuses it. */
export function FilterField({ value, onChange, onDown }: { value: string; onChange: (value: string) => void; /** ArrowDown: to the list. */ onDown?: () => void }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={r.filter}>
      <label htmlFor={id} className={r.filterLabel}>
        {t('manage.filter')}
      </label>
      <input
        id={id}
        type="search"
        className={s.input}
        value={value}
        data-list-filter
        aria-describedby={hintId}
        aria-keyshortcuts="/"
        autoComplete="off"
        maxLength={200}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          // Down from the filter goes to the list, as in a combobox: type, then walk the matches.
          if (e.key === 'ArrowDown' && onDown) {
            e.preventDefault();
            onDown();
          }
        }}
      />
      <span id={hintId} className={r.hint}>
        {t('manage.filterHint')}
      </span>
    </div>
  );
}

function Pager({ offset, limit, total, shown, onPage }: { offset: number; limit: number; total: number; shown: number; onPage: (offset: number) => void }) {
  if (total === 0) return null;
  return (
    <nav className={r.pager} aria-label={t('manage.rows', { count: formatNumber(total) })}>
      <span aria-live="polite" className={r.pagerRange}>
        {t('manage.range', { from: formatNumber(offset + 1), to: formatNumber(offset + shown), total: formatNumber(total) })}
      </span>
      <button type="button" className={`${c.button} ${c.size.sm}`} disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - limit))}>
        {t('manage.previous')}
      </button>
      <button type="button" className={`${c.button} ${c.size.sm}`} disabled={offset + shown >= total} onClick={() => onPage(offset + limit)}>
        {t('manage.next')}
      </button>
    </nav>
  );
}

function FormDialog<Item extends { id: string }, V extends object>({ actor, formTitle, saveLabel, form }: ResourceScreenProps<Item, V>) {
  const values = useSelector(actor, (st) => st.context.form?.values);
  const shown = useSelector(actor, (st) => st.context.form?.errors);
  const serverErrors = useSelector(actor, (st) => st.context.serverErrors);
  const editing = useSelector(actor, (st) => st.context.editing);
  const failure = useSelector(actor, (st) => st.context.formFailure);
  const saving = useSelector(actor, (st) => st.matches({ form: 'saving' }));
  const lookups = useSelector(actor, (st) => st.context.lookups);
  const failureId = useId();
  if (!values) return null;
  type F = keyof V & string;
  const errors = { ...shown, ...serverErrors } as FieldErrors<F>;
  const bind: FormBinding<V> = {
    values,
    errors,
    editing: editing !== null,
    choices: (name) => lookups[name] ?? [],
    change: (field, value) => actor.send({ type: 'form.change', field, value }),
    blur: (field) => actor.send({ type: 'form.blur', field }),
    text: (field) => ({
      value: String(values[field as keyof V] ?? ''),
      messages: errors[field],
      onChange: (v: string) => actor.send({ type: 'form.change', field, value: v }),
      onBlur: () => actor.send({ type: 'form.blur', field }),
    }),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
    // A refused submit marks its fields; the first of them takes focus once they render.
    requestAnimationFrame(() => (e.target as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };
  return (
    <Modal title={formTitle(editing as Item | null)} onClose={() => actor.send({ type: 'form.cancel' })}>
      <form onSubmit={submit} noValidate aria-describedby={failure ? failureId : undefined} className={r.form}>
        {failure && (
          <Callout id={failureId} role="alert" tone="error">
            {t(failure.key, failure.params)}
          </Callout>
        )}
        {form(bind)}
        <DialogActions>
          <button type="button" className={c.button} onClick={() => actor.send({ type: 'form.cancel' })}>
            {t('manage.cancel')}
          </button>
          <button type="submit" className={c.primary} disabled={saving}>
            {saving ? t('manage.saving') : (saveLabel?.(editing as Item | null) ?? t('manage.save'))}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}

/** Asks before a delete; a refusal (409 in use) is shown here, naming what still uses the row. */
function ConfirmDelete<Item extends { id: string }, V extends object>({ actor, nameOf }: { actor: ListAndFormActor<Item, V, unknown>; nameOf: (item: Item) => string }) {
  const item = useSelector(actor, (st: { context: ListAndFormContext<Item, V> }) => st.context.confirming);
  const failure = useSelector(actor, (st: { context: ListAndFormContext<Item, V> }) => st.context.deleteFailure);
  const deleting = useSelector(actor, (st) => st.matches({ remove: 'deleting' }));
  const bodyId = useId();
  if (!item) return null;
  return (
    <Modal title={t('manage.confirmTitle', { name: nameOf(item) })} role="alertdialog" describedBy={bodyId} onClose={() => actor.send({ type: 'delete.cancel' })}>
      <p id={bodyId}>{t('manage.confirmBody')}</p>
      {failure && (
        <Callout role="alert" tone="error">
          {t(failure.key, failure.params)}
        </Callout>
      )}
      <DialogActions>
        <button type="button" className={c.button} onClick={() => actor.send({ type: 'delete.cancel' })}>
          {t('manage.cancel')}
        </button>
        {/* Focused first: Delete then Enter deletes, Escape keeps (the dialog names what would go). */}
        <button type="button" className={c.danger} disabled={deleting} data-autofocus onClick={() => actor.send({ type: 'delete.confirm' })}>
          {deleting ? t('manage.deleting') : t('manage.confirm')}
        </button>
      </DialogActions>
    </Modal>
  );
}
