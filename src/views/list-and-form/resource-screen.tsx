import { useId, useMemo, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { t } from '../../i18n';
import { VirtualTable, type Column } from '../ui/virtual-table';
import * as c from '../ui/controls.css';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { ChooseCompany } from '../ui/choose-company';
import { Truncated } from '../ui/layout';
import { FilterField } from '../ui/filter-field';
import { Pager } from '../ui/pager';
import { Callout } from '../ui/callout';
import { FormDialog } from './form-dialog';
import { ConfirmDelete } from './confirm-delete';
import { ListNotice } from './list-notice';
import type { ResourceScreenProps } from './types';
import * as r from './screen.css';

export type { AnyListActor, FormBinding, ResourceScreenProps } from './types';
export { InlineForm } from './inline-form';
export { ListNotice } from './list-notice';
export { ConfirmDelete, type RemovalWords } from './confirm-delete';
export { WhereField } from './where-field';
export { freshPerSearch } from './fresh-per-search';
export { screenLabels, type ScreenLabels } from './labels';

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
  const { actor, labels, name, columns, canEdit, rowActions, actionsWidth, filters, open, height = 520 } = props;
  // A read-only list (no New) writes nothing, whoever looks.
  const canWrite = props.canWrite && labels.new !== undefined;
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
          {labels.title}
        </Heading>
        {labels.intro && <p className={r.intro}>{labels.intro}</p>}
      </div>
      {canWrite && !noCompany && (
        <button type="button" className={c.primary} onClick={() => send({ type: 'form.new' })} aria-keyshortcuts="n">
          {labels.new}
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
      <ListNotice actor={actor} />
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
          label={labels.table}
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
