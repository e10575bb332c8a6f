import { assertEvent, assign, createMachine, enqueueActions, fromPromise, setup, stateIn, type ActorRefFrom, type AnyStateMachine } from 'xstate';
import type { ListRequest } from '../api/resource.api';
import type { ListAnswer } from '../api/contract/list';
import { LIST_LIMIT } from '../api/contract/list';
import { painted } from './after-paint';
import { companyWatch } from './company-watch';
import { failureOf, refusalOf } from './failure';
import { editField, leaveField, newForm, revealAll, schemaProblems, serverFieldErrors, type Change, type FieldErrors } from './form';
import { afresh, companyContext, withoutCompanyPart, type ConfigPart } from './list-and-form-company';
import type { Choice, ListAndFormConfig, ListAndFormContext, ListAndFormEvent, ListAndFormInput, ListApi } from './list-and-form-types';

// The machine's types live beside it; importers keep reading them from here.
export type { Choice, ListAndFormConfig, ListAndFormContext, ListAndFormEvent, ListAndFormInput, ListApi, Notice } from './list-and-form-types';

/** docs/product.md, Limits: typing settles for 250 ms before a filter goes to the server. */
export const FILTER_DEBOUNCE_MS = 250;

/**
 * The one list-and-form machine every management screen is made from. Three regions: the list (loading, a debounced
 * filter, sort, paging, failed), the form (closed, editing, saving) and deleting (idle, confirming, deleting); the
 * keyboard's active row sits beside them. Failures are kept as codes with their dictionary key (failure.ts); a
 * server 400 or 409 that names fields lands on those fields. A per-company list (`perCompany`) without a company
 * rests in `list.noCompany`, asking nothing, and every company switch starts it afresh. The rows of one parent (a
 * hub's keys) take the parent as `input.scope`; an `inline` form is part of the screen and stays open.
 */
export function listAndFormMachine<Item extends { id: string }, V extends object, Input, Update = Input, Created extends { id: string } = Item, Scope = undefined>(
  config: ListAndFormConfig<Item, V, Input, Update, Created, Scope>,
) {
  type Ctx = ListAndFormContext<Item, V, Item | Created, Scope>;
  type Ev = ListAndFormEvent<V>;
  type F = keyof V & string;
  const pageSize = config.pageSize ?? LIST_LIMIT;
  const bodyOf = (values: V, editing: Item | null): Input | Update =>
    editing && config.update ? config.update.toInput(values, editing) : config.toInput(values);
  /** The form's checks: the create schema for a new row, the update schema (if any) for a change. */
  const validatorFor = (editing: Item | null) => (values: V): FieldErrors<F> =>
    schemaProblems<F>(editing && config.update ? config.update.schema : config.schema, bodyOf(values, editing), config.fieldKeys);
  const fields = Object.keys(config.blank()) as F[];
  const activeRow = (c: Ctx): Item | undefined => c.rows[c.active];
  /** The event names a row of this page (a row gone from the list meanwhile opens nothing). */
  const pageTaken = (context: Ctx, page: ListAnswer<Item>) => {
    const keep = context.rows[context.active]?.id;
    const at = keep ? page.data.findIndex((r) => r.id === keep) : -1;
    return { rows: page.data, total: page.total, listFailure: null, active: at >= 0 ? at : page.data.length ? Math.min(Math.max(context.active, 0), page.data.length - 1) : -1 };
  };
  /** A refusal's field problems: a 400's or 409's details that name this form's fields; none for any other failure. */
  const fieldProblems = (error: unknown): FieldErrors<F> => {
    const { status, details } = refusalOf(error);
    return status === 400 || status === 409 ? serverFieldErrors<F>(details, fields, config.fieldKeys) : {};
  };
  const namesRow = (c: Ctx, event: { id?: string }) => event.id !== undefined && c.rows.some((r) => r.id === event.id);
  const apiOf = (scope: Scope | undefined): ListApi<Item, Input, Update, Created> => {
    if (typeof config.api !== 'function') return config.api;
    // The view that opens a parent's rows always has the parent; without it there is nothing to ask.
    if (scope === undefined) throw new Error(`${config.id}: the rows of a parent need input.scope`);
    return config.api(scope);
  };
  const can = (c: Ctx, call: 'create' | 'update' | 'remove') => Boolean(apiOf(c.scope)[call]);
  /** The row a `delete.ask` names (or the keyboard's row), if it may be removed. */
  const removableRow = (c: Ctx, event: { id?: string }) => {
    const item = event.id !== undefined ? c.rows.find((r) => r.id === event.id) : activeRow(c);
    return item !== undefined && (config.removable?.(item) ?? true);
  };
  const blankForm = () => ({ form: newForm<V>(config.blank()), editing: null, serverErrors: {}, formFailure: null });

  const machine = setup({
    types: { context: {} as Ctx, events: {} as Ev, input: {} as ListAndFormInput<Scope>, emitted: {} as { type: 'rows.changed' } },
    actors: {
      companyWatch,
      fetchPage: fromPromise<ListAnswer<Item>, { request: ListRequest; scope: Scope | undefined }>(({ input, signal }) => apiOf(input.scope).list(input.request, signal)),
      saveRow: fromPromise<Item | Created, { id: string | null; input: Input | Update; scope: Scope | undefined }>(({ input }) =>
        input.id === null ? apiOf(input.scope).create!(input.input as Input) : apiOf(input.scope).update!(input.id, input.input as Update),
      ),
      removeRow: fromPromise<unknown, { id: string; scope: Scope | undefined }>(({ input }) => apiOf(input.scope).remove!(input.id)),
      fetchLookups: fromPromise<Record<string, Choice[]>>(async () => {
        // Asked for once the list's first rows are on screen: answers arriving while those are drawn would hold them up.
        await painted();
        const entries = Object.entries(config.lookups ?? {});
        const lists = await Promise.all(entries.map(([, load]) => load()));
        return Object.fromEntries(entries.map(([name], i) => [name, lists[i]!]));
      }),
    },
    guards: {
      withoutCompany: ({ context }) => !context.acting,
      formValid: ({ context }) => context.form !== null && Object.keys(validatorFor(context.editing)(context.form.values)).length === 0,
    },
    actions: {
      setQuery: assign({
        q: ({ event }) => {
          assertEvent(event, 'list.filter');
          return event.q;
        },
        offset: 0,
        // Another query is another list: the keyboard starts again at its first row.
        active: -1,
      }),
      setWhere: assign({
        filters: ({ context, event }) => {
          assertEvent(event, 'list.where');
          const next = { ...context.filters };
          if (event.value) next[event.name] = event.value;
          else delete next[event.name];
          return next;
        },
        offset: 0,
        active: -1,
      }),
      setSort: assign({
        sort: ({ event }) => {
          assertEvent(event, 'list.sort');
          return event.sort;
        },
        offset: 0,
        active: -1,
      }),
      setPage: assign({
        offset: ({ context, event }) => {
          assertEvent(event, 'list.page');
          return Math.max(0, Math.min(event.offset, Math.max(0, context.total - 1)));
        },
      }),
      move: assign({
        active: ({ context, event }) => {
          assertEvent(event, 'list.move');
          if (!context.rows.length) return -1;
          return Math.max(0, Math.min(context.rows.length - 1, (context.active < 0 ? -1 : context.active) + event.delta));
        },
      }),
      focusRow: assign({
        active: ({ context, event }) => {
          assertEvent(event, 'list.focus');
          return event.index >= 0 && event.index < context.rows.length ? event.index : context.active;
        },
      }),
      openNew: assign(({ event }) => {
        assertEvent(event, 'form.new');
        return { form: newForm<V>({ ...config.blank(), ...event.values }), editing: null, serverErrors: {}, formFailure: null, notice: null };
      }),
      openEdit: assign(({ context, event }) => {
        assertEvent(event, 'form.edit');
        const item = event.id ? context.rows.find((r) => r.id === event.id)! : activeRow(context)!;
        return { form: newForm<V>(config.valuesOf(item)), editing: item, serverErrors: {}, formFailure: null, notice: null };
      }),
      change: assign(({ context, event }) => {
        assertEvent(event, 'form.change');
        const { type: _t, ...change } = event;
        const { [change.field]: _gone, ...rest } = context.serverErrors as Record<string, unknown>;
        return { form: editField(context.form!, change as unknown as Change<V>, validatorFor(context.editing)), serverErrors: rest as FieldErrors<F>, formFailure: null };
      }),
      blur: assign({
        form: ({ context, event }) => {
          assertEvent(event, 'form.blur');
          return leaveField(context.form!, event.field as F, validatorFor(context.editing));
        },
      }),
      reveal: assign({ form: ({ context }) => revealAll(context.form!, validatorFor(context.editing)) }),
      closeForm: assign({ form: null, editing: null, serverErrors: {}, formFailure: null }),
      askDelete: assign(({ context, event }) => {
        assertEvent(event, 'delete.ask');
        const item = (event.id ? context.rows.find((r) => r.id === event.id) : activeRow(context)) ?? null;
        return { confirming: item, deleteFailure: null, notice: null };
      }),
      deleted: assign(({ context }) => ({
        notice: { key: config.notices?.removed ?? 'manage.deleted', params: { name: context.confirming ? config.nameOf(context.confirming) : '' } },
        // A secret shown is of no use once its row is gone (a revoked key).
        created: context.created && context.created.id === context.confirming?.id ? null : context.created,
        confirming: null,
        deleteFailure: null,
      })),
      cancelDelete: assign({ confirming: null, deleteFailure: null }),
      reloadList: enqueueActions(({ enqueue }) => {
        // Others who hold copies of these rows (the company switcher holds the companies) hear of every write.
        enqueue.emit({ type: 'rows.changed' });
        enqueue.raise({ type: 'list.reload' });
        if (config.lookupsFollowList) enqueue.raise({ type: 'lookups.reload' });
      }),
      dismissNotice: assign({ notice: null }),
      changeCompany: assign(({ event }) => {
        assertEvent(event, 'company.changed');
        return afresh(event);
      }),
    },
  }).createMachine({
    id: config.id,
    context: ({ input }) => ({
      rows: [], total: 0, q: input?.q ?? '', sort: config.defaultSort, offset: 0, limit: pageSize, filters: { ...input?.filters }, active: -1,
      listFailure: null, form: null, editing: null, serverErrors: {}, formFailure: null, confirming: null, deleteFailure: null, notice: null, startNew: input?.startNew === true, lookups: {}, lookupFailure: null,
      scope: input?.scope, created: null, copied: false,
      ...companyContext(config.perCompany, input?.session),
    }),
    type: 'parallel',
    // Only a per-company list keeps this, its `noCompany` state and its `company.changed` transitions (see `trimmed`).
    invoke: { id: 'company', src: 'companyWatch', input: ({ context }) => ({ session: context.session, page: config.perCompany ?? '' }) },
    on: {
      'list.move': { actions: 'move' },
      'list.focus': { actions: 'focusRow' },
      'notice.dismiss': { actions: 'dismissNotice' },
      'created.copied': { guard: ({ context }) => context.created !== null, actions: assign({ copied: true }) },
      // The secret was taken (or given up on): it is forgotten here too.
      'created.dismiss': { guard: ({ context }) => context.created !== null, actions: assign({ created: null, copied: false }) },
    },
    states: {
      list: {
        initial: 'loading',
        // Every change of the query re-enters loading, cancelling a request in flight: an older answer never lands.
        on: {
          'list.filter': { target: '.debouncing', actions: 'setQuery' },
          // Only the filters the screen offers (see `trimmed` for a screen without any).
          'list.where': { guard: ({ event }) => config.filters?.includes(event.name) === true, target: '.loading', actions: 'setWhere' },
          'list.sort': { target: '.loading', actions: 'setSort' },
          'list.page': { target: '.loading', actions: 'setPage' },
          'list.reload': { target: '.loading' },
          'company.changed': { target: '.loading', actions: 'changeCompany' },
        },
        states: {
          debouncing: { after: { [FILTER_DEBOUNCE_MS]: 'loading' } },
          loading: {
            // Without a company there is nothing to read: the list leaves before its call starts (it never does).
            always: { guard: 'withoutCompany', target: 'noCompany' },
            invoke: {
              id: 'page',
              src: 'fetchPage',
              input: ({ context }) => ({
                request: { ...context.filters, q: context.q.trim() || undefined, sort: context.sort, offset: context.offset, limit: context.limit },
                scope: context.scope,
              }),
              onDone: { target: 'ready', actions: assign(({ context, event }) => pageTaken(context, event.output)) },
              onError: { target: 'failed', actions: assign(({ event }) => ({ listFailure: failureOf(event.error) })) },
            },
          },
          ready: {},
          failed: {},
          noCompany: {},
        },
      },
      form: {
        initial: 'starting',
        // A row or a new one of the old company is not saved under the new one.
        on: { 'company.changed': { target: '.closed', actions: 'closeForm' } },
        states: {
          starting: {
            always: [
              { guard: ({ context }) => context.startNew && context.acting, target: 'editing', actions: assign({ form: () => newForm<V>(config.blank()), startNew: false }) },
              { target: 'closed' },
            ],
          },
          closed: {
            // An inline form is never closed for long: after a save or a cancel it is there again, empty.
            always: { guard: ({ context }) => config.inline === true && context.acting && can(context, 'create'), target: 'editing', actions: assign(blankForm) },
            on: {
              'form.new': { guard: ({ context }) => can(context, 'create') && context.acting, target: 'editing', actions: 'openNew' },
              'form.edit': [
                { guard: ({ context, event }) => can(context, 'update') && namesRow(context, event), target: 'editing', actions: 'openEdit' },
                { guard: ({ context, event }) => can(context, 'update') && !event.id && activeRow(context) !== undefined, target: 'editing', actions: 'openEdit' },
              ],
            },
          },
          editing: {
            on: {
              'form.change': { actions: 'change' },
              'form.blur': { actions: 'blur' },
              'form.submit': [{ guard: 'formValid', target: 'saving' }, { actions: 'reveal' }],
              'form.cancel': { target: 'closed', actions: 'closeForm' },
            },
          },
          saving: {
            invoke: {
              id: 'save',
              src: 'saveRow',
              input: ({ context }) => ({ id: context.editing?.id ?? null, input: bodyOf(context.form!.values, context.editing), scope: context.scope }),
              onDone: {
                target: 'closed',
                actions: [
                  assign(({ context, event }) => ({
                    notice: {
                      key: context.editing ? (config.notices?.updated ?? 'manage.updated') : (config.notices?.created ?? 'manage.created'),
                      params: { name: config.nameOf(event.output) },
                    },
                    // What a create answered, its secret with it, stays until the next create or until its row goes.
                    ...(context.editing ? {} : { created: event.output, copied: false }),
                    form: null, editing: null, serverErrors: {}, formFailure: null,
                  })),
                  'reloadList',
                ],
              },
              onError: [
                {
                  // A 400 or 409 that names fields lands on those fields.
                  guard: ({ event }) => Object.keys(fieldProblems(event.error)).length > 0,
                  target: 'editing',
                  actions: assign(({ context, event }) => ({ serverErrors: fieldProblems(event.error), form: revealAll(context.form!, validatorFor(context.editing)), formFailure: null })),
                },
                { target: 'editing', actions: assign(({ event }) => ({ formFailure: failureOf(event.error) })) },
              ],
            },
          },
        },
      },
      // Only a resource whose pickers need other resources' rows keeps this region (see `trimmed`).
      lookups: {
        initial: 'waiting',
        on: {
          'lookups.reload': '.loading',
          // The pickers offer the new company's sites and hubs, once its first page is in.
          'company.changed': { target: '.waiting', actions: assign({ lookups: {}, lookupFailure: null }) },
        },
        states: {
          // The list's first page comes first: its rows are what the screen opens for, and the choices (hundreds of
          // sites and hubs) arriving while they are drawn would delay them. Asked for once the first page is in and
          // painted (the actor waits for the paint).
          waiting: { always: { guard: stateIn({ list: 'ready' }), target: 'loading' } },
          loading: {
            invoke: {
              id: 'lookups',
              src: 'fetchLookups',
              onDone: { target: 'ready', actions: assign(({ event }) => ({ lookups: event.output, lookupFailure: null })) },
              onError: { target: 'failed', actions: assign(({ event }) => ({ lookupFailure: failureOf(event.error) })) },
            },
          },
          ready: {},
          failed: {},
        },
      },
      remove: {
        initial: 'idle',
        on: { 'company.changed': { target: '.idle', actions: 'cancelDelete' } },
        states: {
          idle: {
            on: {
              'delete.ask': { guard: ({ context, event }) => can(context, 'remove') && removableRow(context, event), target: 'confirming', actions: 'askDelete' },
            },
          },
          confirming: {
            on: {
              'delete.confirm': 'deleting',
              'delete.cancel': { target: 'idle', actions: 'cancelDelete' },
            },
          },
          deleting: {
            invoke: {
              id: 'remove',
              src: 'removeRow',
              input: ({ context }) => ({ id: context.confirming!.id, scope: context.scope }),
              onDone: { target: 'idle', actions: ['deleted', 'reloadList'] },
              // A 409 in_use (or any failure) stays in the dialog, saying what still uses the row.
              onError: { target: 'confirming', actions: assign(({ event }) => ({ deleteFailure: failureOf(event.error) })) },
            },
          },
        },
      },
    },
  });
  return trimmed(machine, { lookups: Boolean(config.lookups), filters: Boolean(config.filters?.length), perCompany: Boolean(config.perCompany) });
}

/**
 * What a screen cannot do is not in its machine: without lookups no lookups region, without filters no `list.where`,
 * and without a company no company part (list-and-form-company.ts). The machine is written whole (so its types are
 * one), then rebuilt from its own config without those parts: its model then covers all of it, and a stray event finds
 * no transition.
 */
function trimmed<M extends AnyStateMachine>(machine: M, has: { lookups: boolean; filters: boolean; perCompany: boolean }): M {
  if (has.lookups && has.filters && has.perCompany) return machine;
  const config = has.perCompany ? (machine.config as ConfigPart) : withoutCompanyPart(machine.config as ConfigPart);
  const states = Object.entries(config.states ?? {})
    .filter(([name]) => has.lookups || name !== 'lookups')
    .map(([name, region]): [string, ConfigPart] => {
      if (name !== 'list' || has.filters) return [name, region];
      const { 'list.where': _where, ...on } = region.on ?? {};
      return [name, { ...region, on }];
    });
  return createMachine({ ...config, states: Object.fromEntries(states) } as never, machine.implementations as never) as unknown as M;
}

export type ListAndFormMachine<Item extends { id: string }, V extends object, Input, Update = Input, Created extends { id: string } = Item, Scope = undefined> = ReturnType<
  typeof listAndFormMachine<Item, V, Input, Update, Created, Scope>
>;
export type ListAndFormActor<Item extends { id: string }, V extends object, Input, Update = Input, Created extends { id: string } = Item, Scope = undefined> = ActorRefFrom<
  ListAndFormMachine<Item, V, Input, Update, Created, Scope>
>;
