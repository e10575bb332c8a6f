import { createMachine, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { LIST_LIMIT } from '../../../src/api/contract/list';
import type { NodeTag } from '../../../src/api/contract/node-tags';
import { FILTER_DEBOUNCE_MS, type ListAndFormContext, type ListAndFormEvent } from '../../../src/machines/list-and-form.machine';
import { nodeTagsMachine, type NodeTagValues } from '../../../src/machines/node-tags.machine';
import type { ActingSource, CompanyChanged } from '../../../src/machines/company-watch';
import type { BrowserAction, BrowserState, BrowserStep } from '../../model/browser-model';
import { inertScope } from '../../model/graph-nodes';

// The Node Tags machine's model as a browser drives it: what a manager does on the screen and what the network does
// with the calls it makes, each with the machine events it causes there. Names are symbolic ('Alpha', 'own'); the
// driver gives each path real ones of its own, so what the server answers for a symbol is the same on every path.

/** The filters the model types: the path's own tags, nothing, the fillers that span two pages, and no filter. */
export type ModelQuery = '' | 'own' | 'none' | 'many';
/** Names the form's name field is given: empty, the in-use tag's (a duplicate unless it is the tag edited), a fresh one. */
export const TYPED_NAMES = ['', 'Beta', 'Gamma'] as const;
/** The colour the colour field is set to; the form's blank colour and the setup's tags have others. */
export const PICKED_COLOUR = '#2a9d8f';
/** How many fillers the paging path makes: one more than a page. */
export const FILLERS = LIST_LIMIT + 1;
/** What the in-use tag's node is called in the model; the driver checks the real node's name. */
export const USING_NODE = 'node';

/** One of the path's own tags on the server. */
export interface WorldTag {
  id: string;
  name: string;
  colour: string;
  used: boolean;
}

/**
 * The company the session acts for: the path's own ('home', where its tags are), the manager's other one, or its own
 * again after a visit to the other ('back').
 */
export type ModelCompany = 'home' | 'other' | 'back';

/**
 * What the browser model carries beside the machine (in BrowserState.memo, its only free slot): the path's tags as
 * the server holds them and the company it acts for, which decide its answers, and the form field with focus, which
 * decides the blur events.
 */
export interface Memo {
  tags: WorldTag[];
  focus: 'name' | 'colour' | '';
  company: ModelCompany;
}

/** The tags every path makes before it opens the screen: one free, one on a node (a delete is refused). */
export const SETUP_TAGS: readonly WorldTag[] = [
  { id: 'alpha', name: 'Alpha', colour: '#c0392b', used: false },
  { id: 'beta', name: 'Beta', colour: '#8e44ad', used: true },
];
const INITIAL: Memo = { tags: [...SETUP_TAGS], focus: '', company: 'home' };
const written = (world: Memo) => JSON.stringify(world.tags) !== JSON.stringify(SETUP_TAGS);
const FILTERS_FROM: Record<ModelQuery, ModelQuery[]> = { '': ['own', 'none', 'many'], none: [''], own: [], many: [] };

export type NodeTagsAction = BrowserAction & {
  readonly type:
    | 'page.open'
    | 'filter' | 'debounce' | 'sort' | 'page.next' | 'page.prev' | 'list.retry' | 'list.answered' | 'list.cut'
    | 'notice.dismiss' | 'key.move' | 'form.new' | 'row.edit' | 'key.edit'
    | 'name.fill' | 'colour.fill' | 'field.blur' | 'form.submit' | 'form.cancel' | 'save.accepted' | 'save.refused' | 'save.cut'
    | 'row.delete' | 'key.delete' | 'delete.confirm' | 'delete.cancel' | 'delete.accepted' | 'delete.refused' | 'delete.cut'
    | 'company.switch' | 'company.choose';
  /** The query typed, the row acted on, the name typed, the key pressed or the company switched to. */
  readonly target?: string;
};

export type NodeTagsContext = ListAndFormContext<NodeTag, NodeTagValues>;
type Ev = ListAndFormEvent<NodeTagValues> | EventObject;

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const fail = (id: string, error: { status: number; code: string; details?: unknown }): EventObject =>
  ({ type: `xstate.error.actor.${id}`, error: { message: error.code, ...error } }) as EventObject;
const cut = { status: 0, code: 'network_error' };
const debounced: EventObject = { type: `xstate.after.${FILTER_DEBOUNCE_MS}.nodeTags.list.debouncing` };

export const ctx = (s: BrowserState) => s.machine.context as NodeTagsContext;
export const memoOf = (s: BrowserState): Memo => (s.memo ? (JSON.parse(s.memo) as Memo) : INITIAL);
const memo = (m: Memo) => JSON.stringify(m);
const is = (m: AnyMachineSnapshot, value: unknown) => m.matches(value as never);
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const rowOf = (t: WorldTag): NodeTag => ({ id: t.id, name: t.name, colour: t.colour, nodeCount: t.used ? 1 : 0 });
const fillerName = (i: number) => String(i).padStart(3, '0');
/** The stand-in for the company's other tags: the unfiltered list is never empty (the demo world has tags). */
export const COMPANY_ROW: NodeTag = { id: 'company', name: '(company)', colour: '#000000', nodeCount: 0 };

function sorted(rows: NodeTag[], sort: string | undefined): NodeTag[] {
  const desc = sort?.startsWith('-') ?? false;
  const by = (a: NodeTag, b: NodeTag) => a.name.toLowerCase().localeCompare(b.name.toLowerCase());
  return [...rows].sort((a, b) => (desc ? by(b, a) : by(a, b)));
}

/** What the server answers the list read the machine makes now, as the path's tags stand. */
export function listAnswer(c: NodeTagsContext, world: Memo): { data: NodeTag[]; total: number } {
  // The path's tags are not the other company's, and it goes there with its own filter typed.
  if (world.company === 'other') return { data: [], total: 0 };
  const q = c.q as ModelQuery;
  if (q === '') return { data: [COMPANY_ROW], total: 1 };
  if (q === 'none') return { data: [], total: 0 };
  const all = q === 'own'
    ? world.tags.map(rowOf)
    : Array.from({ length: FILLERS }, (_, i): NodeTag => ({ id: `f${i}`, name: fillerName(i), colour: '#1f5fbf', nodeCount: 0 }));
  const rows = sorted(all, c.sort);
  return { data: rows.slice(c.offset, c.offset + c.limit), total: rows.length };
}

/** A save the server refuses: the typed name is another tag's. */
const duplicateOf = (c: NodeTagsContext, world: Memo) =>
  world.tags.some((t) => same(t.name, c.form!.values.name) && t.id !== c.editing?.id);

/** The world after a save it accepts, and the row it answers. */
function saved(c: NodeTagsContext, world: Memo): { tags: WorldTag[]; row: NodeTag } {
  const { name, colour } = c.form!.values;
  if (c.editing) {
    const tags = world.tags.map((t) => (t.id === c.editing!.id ? { ...t, name: name.trim(), colour } : t));
    return { tags, row: rowOf(tags.find((t) => t.id === c.editing!.id)!) };
  }
  const tag: WorldTag = { id: `n:${name.trim()}`, name: name.trim(), colour, used: false };
  return { tags: [...world.tags, tag], row: rowOf(tag) };
}

/** Where focus is after a click on Save: the form moves it to the first field with messages, which tells the machine nothing. */
function focusAfterSubmit(c: NodeTagsContext): Memo['focus'] {
  const name = c.form!.values.name.trim();
  return !name || c.serverErrors.name?.length ? 'name' : '';
}

/** What the browser can do in a state, with the machine events each causes. */
export function nodeTagsActions(state: BrowserState): NodeTagsAction[] {
  const m = state.machine;
  const c = ctx(state);
  const world = memoOf(state);
  const out: NodeTagsAction[] = [];
  const add = (type: NodeTagsAction['type'], events: Ev[], extra: { page?: string; memo?: Memo; target?: string } = {}) =>
    out.push({ type, events, page: extra.page, target: extra.target, memo: extra.memo ? memo(extra.memo) : undefined } as NodeTagsAction);

  if (state.page === 'dashboard') {
    add('page.open', [], { page: 'tags', memo: world });
    return out;
  }

  const blurred = (field: 'name' | 'colour' | ''): Ev[] => (world.focus && world.focus !== field ? [{ type: 'form.blur', field: world.focus }] : []);

  // Away from home and back, one thing at a time: the other company's list (the filter typed matches nothing there),
  // a new tag typed there and left unsaved by the switch back, and the path's own list again. More would repeat the
  // screen's every state for another company.
  if (world.company !== 'home') {
    if (is(m, { list: 'loading' })) add('list.answered', [done('page', listAnswer(c, world))]);
    else if (world.company === 'back') return out;
    else if (is(m, { form: 'closed' })) add('form.new', [{ type: 'form.new' }], { memo: { ...world, focus: 'name' } });
    else if (c.form!.values.name === '') add('name.fill', [{ type: 'form.change', field: 'name', value: 'Gamma' }], { target: 'Gamma' });
    // The switch is made in the palette, which takes focus from the field.
    else add('company.switch', [...blurred(''), { type: 'company.changed', companyId: 'home' }], { target: 'home', memo: { ...world, company: 'back', focus: '' } });
    return out;
  }

  // The network first: while a call is held, the model does nothing else (the screen would let a person go on, but
  // that adds no transition the quieter order does not reach).
  if (is(m, { list: 'debouncing' })) {
    add('debounce', [debounced]);
    return out;
  }
  if (is(m, { list: 'loading' })) {
    add('list.answered', [done('page', listAnswer(c, world))]);
    // In place of rows, or above the last answer's rows (the model found that the screen said nothing there).
    add('list.cut', [fail('page', cut)]);
    return out;
  }
  if (is(m, { form: 'saving' })) {
    if (duplicateOf(c, world)) {
      add('save.refused', [fail('save', { status: 409, code: 'duplicate', details: [{ path: 'name', code: 'duplicate', message: 'a tag with this name already exists' }] })]);
    } else {
      const next = saved(c, world);
      add('save.accepted', [done('save', next.row)], { memo: { ...world, tags: next.tags } });
    }
    add('save.cut', [fail('save', cut)]);
    return out;
  }
  if (is(m, { remove: 'deleting' })) {
    const tag = world.tags.find((t) => t.id === c.confirming!.id)!;
    if (tag.used) add('delete.refused', [fail('remove', { status: 409, code: 'in_use', details: { kind: 'nodes', count: 1, names: [USING_NODE] } })]);
    else add('delete.accepted', [done('remove', { deleted: true })], { memo: { ...world, tags: world.tags.filter((t) => t.id !== tag.id) } });
    // The network fails a second try, after the server's refusal: its transition is the refusal's, and a path that
    // drives both keeps the in-use answer, which a greedy choice of paths would otherwise leave out as adding nothing.
    if (c.deleteFailure) add('delete.cut', [fail('remove', cut)]);
    return out;
  }

  if (is(m, { form: 'editing' })) {
    const values = c.form!.values;
    for (const name of TYPED_NAMES) {
      if (name === values.name) continue;
      add('name.fill', [...blurred('name'), { type: 'form.change', field: 'name', value: name }], { target: name, memo: { ...world, focus: 'name' } });
    }
    if (values.colour !== PICKED_COLOUR) add('colour.fill', [...blurred('colour'), { type: 'form.change', field: 'colour', value: PICKED_COLOUR }], { memo: { ...world, focus: 'colour' } });
    // Tab leaves the name for the colour.
    if (world.focus === 'name') add('field.blur', [{ type: 'form.blur', field: 'name' }], { memo: { ...world, focus: 'colour' } });
    // A click on Save leaves the field with focus first.
    const submitted: Ev[] = [...(world.focus ? [{ type: 'form.blur' as const, field: world.focus }] : []), { type: 'form.submit' }];
    add('form.submit', submitted, { memo: { ...world, focus: focusAfterSubmit(c) } });
    add('form.cancel', [{ type: 'form.cancel' }], { memo: { ...world, focus: '' } });
    return out;
  }
  if (is(m, { remove: 'confirming' })) {
    add('delete.confirm', [{ type: 'delete.confirm' }]);
    add('delete.cancel', [{ type: 'delete.cancel' }]);
    // The switch away leaves from a question about one of the path's tags; once is enough (see the detour above).
    if (!c.deleteFailure && !written(world)) add('company.switch', [{ type: 'company.changed', companyId: 'other' }], { target: 'other', memo: { ...world, company: 'other' } });
    return out;
  }

  // The list, with no dialog over it. Filters go from the unfiltered list to each kind of list, and from the empty
  // one back: other orders add no transition and would multiply the model's states.
  const ready = is(m, { list: 'ready' });
  for (const q of FILTERS_FROM[c.q as ModelQuery]) add('filter', [{ type: 'list.filter', q }], { target: q });
  // Try again is offered where the failure shows, in place of the rows or above them.
  if (is(m, { list: 'failed' })) add('list.retry', [{ type: 'list.reload' }]);
  // What a write did ("“Gamma” created.") stays until dismissed or the next form opens.
  if (c.notice) add('notice.dismiss', [{ type: 'notice.dismiss' }]);
  if (ready && c.q === 'many') {
    if (c.offset + c.rows.length < c.total) add('page.next', [{ type: 'list.page', offset: c.offset + c.limit }]);
    if (c.offset > 0) add('page.prev', [{ type: 'list.page', offset: Math.max(0, c.offset - c.limit) }]);
  }
  if (!ready || c.q !== 'own') return out;
  add('sort', [{ type: 'list.sort', sort: c.sort === 'name' ? '-name' : 'name' }]);
  // Rows are acted on in the default order, and until a write is accepted (the list then shows it, and the path has
  // what it came for): more would add no transition and multiply the states.
  if (c.sort !== 'name' || written(world)) return out;
  const opened = { memo: { ...world, focus: 'name' as const } };
  add('form.new', [{ type: 'form.new' }], opened);
  c.rows.forEach((row, index) => {
    // A click on a row's name focuses it first (the keyboard's row follows), then opens it.
    add('row.edit', [{ type: 'list.focus', index }, { type: 'form.edit', id: row.id }], { ...opened, target: row.id });
    add('row.delete', [{ type: 'delete.ask', id: row.id }], { target: row.id });
  });
  for (const key of ['j', 'k'] as const) {
    const to = (c.active < 0 ? -1 : c.active) + (key === 'j' ? 1 : -1);
    // The screen focuses the keyboard's new row, whose focus tells the machine again.
    if (to >= 0 && to < c.rows.length) add('key.move', [{ type: 'list.move', delta: key === 'j' ? 1 : -1 }, { type: 'list.focus', index: to }], { target: key });
  }
  if (c.rows[c.active]) {
    add('key.edit', [{ type: 'form.edit' }], opened);
    add('key.delete', [{ type: 'delete.ask' }]);
  }
  return out;
}

/** What distinguishes states: the value, the page, the path's tags and focus, and all the screen shows. */
export function nodeTagsKey(state: BrowserState): string {
  const c = ctx(state);
  const rows = c.rows.length > 3 ? `${c.rows[0]!.id}+${c.rows.length}` : c.rows.map((r) => `${r.id}:${r.name}:${r.colour}:${r.nodeCount}`).join(',');
  return JSON.stringify({
    v: state.machine.value,
    page: state.page,
    memo: state.memo ?? '',
    q: c.q,
    sort: c.sort,
    offset: c.offset,
    total: c.total,
    rows,
    active: c.active,
    form: c.form && { values: c.form.values, errors: c.form.errors, editing: c.editing?.id ?? null },
    server: c.serverErrors,
    formFailure: c.formFailure?.key ?? null,
    listFailure: c.listFailure?.key ?? null,
    confirming: c.confirming?.id ?? null,
    deleteFailure: c.deleteFailure?.key ?? null,
    notice: c.notice,
  });
}

/** The session a platform admin has after sign-in, as the screen reads it: acting for no company. */
const noCompanyYet: ActingSource = {
  getSnapshot: () => ({ context: { session: { companyId: null } } }),
  on: () => ({ unsubscribe: () => {} }),
};

/**
 * The machine as the admin's screen starts it, with that session as input: the model starts from a machine's initial
 * snapshot, which takes none. Every state node and transition is the machine's own.
 */
function withInput<M extends AnyStateMachine>(machine: M, input: unknown): M {
  const context = machine.config.context as (args: object) => unknown;
  return createMachine({ ...machine.config, context: (args: object) => context({ ...args, input }) } as never).provide(machine.implementations as never) as unknown as M;
}
export const adminNodeTagsMachine = withInput(nodeTagsMachine, { session: noCompanyYet });

/**
 * The admin's model: the screen without a company, which asks nothing, and the company chosen there, whose list it
 * then reads. The rest of the screen is the manager's model, the same with a company.
 */
export function adminActions(state: BrowserState): NodeTagsAction[] {
  const m = state.machine;
  if (state.page === 'dashboard') return [{ type: 'page.open', events: [], page: 'tags' }];
  const chosen: CompanyChanged = { type: 'company.changed', companyId: 'home' };
  if (is(m, { list: 'noCompany' })) return [{ type: 'company.choose', events: [chosen], target: 'home' }];
  if (is(m, { list: 'loading' })) return [{ type: 'list.answered', events: [done('page', listAnswer(ctx(state), memoOf(state)))] }];
  return [];
}

function next(machine: AnyStateMachine, state: BrowserState, action: NodeTagsAction): BrowserState {
  let snap = state.machine;
  for (const event of action.events) snap = machine.transition(snap as never, event as never, inertScope()) as AnyMachineSnapshot;
  return { machine: snap, page: action.page ?? state.page, memo: action.memo ?? state.memo };
}

/**
 * The greedy choice of paths ends one at its first company switch: the switch takes the company.changed transition
 * of all three regions at once, whichever state each is in, so nothing after it adds coverage. A path with a switch
 * goes on as long as the model offers one action a state: to the answer for the new company and, for the manager,
 * the switch back with the form open and the path's own list again.
 */
export function throughSwitches(
  machine: AnyStateMachine,
  actions: (state: BrowserState) => NodeTagsAction[],
  path: BrowserStep<NodeTagsAction>[],
): BrowserStep<NodeTagsAction>[] {
  if (!path.some((s) => s.action.type.startsWith('company.'))) return path;
  const out = [...path];
  for (let offered = actions(out.at(-1)!.state); offered.length === 1; offered = actions(out.at(-1)!.state)) {
    out.push({ action: offered[0]!, state: next(machine, out.at(-1)!.state, offered[0]!) });
  }
  return out;
}

export { nodeTagsMachine };
