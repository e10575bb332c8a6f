import { createRoot } from 'react-dom/client';
import { createActor, fromPromise } from 'xstate';
import { bindApi } from '../../src/api/bindings';
import type { ListRequest } from '../../src/api/resource.api';
import type { ListAnswer } from '../../src/api/contract/list';
import type { NodeItem } from '../../src/api/contract/nodes';
import { formatDate } from '../../src/i18n';
import { nodesMachine, type NodeValues } from '../../src/machines/nodes.machine';
import { ResourceScreen } from '../../src/views/list-and-form/resource-screen';
import type { Column } from '../../src/views/ui/virtual-table';
import { MANAGE_NODES, nodeItem } from './manage-data';
import { paintedAfter, stage } from './frames';

/**
 * The Nodes list of 50,000 nodes: the product's ResourceScreen and nodes machine (listAndFormMachine), fed either by
 * the real `/api/nodes` of a server in the bench's process ('server') or by an in-memory list call over the same
 * 50,000 rows held in the page ('memory', the baseline: the same machine with its fetchPage actor provided anew).
 * The page is served by that server, so the real client's calls go to it as the app's do.
 */

export type ManageKind = 'server' | 'memory';

let kind: ManageKind = 'server';
/** The in-memory rows by their index in the bench's world. */
let all: NodeItem[] = [];
/** Each sort's order of indexes into `all`, made on first use (as the server's copy holds its orders). */
const orders = new Map<string, Int32Array>();
/**
 * Every row's `lower(name) + '\n' + lower(serial)` joined by '\n', and where each row's part starts: a word is found
 * with one `indexOf` scan of the whole text, as the server's copy does (server/resources/node-search.ts). The baseline
 * is the fastest list this bench knows how to make in the page, so the ratio measures the round trip and not a slow
 * filter.
 */
let text = '';
let starts = new Int32Array(1);

const cmp = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
const keyOf: Record<string, (n: NodeItem) => string | null> = {
  name: (n) => n.name.toLowerCase(),
  deviceType: (n) => n.deviceType,
  hubName: (n) => n.hubName.toLowerCase(),
  siteName: (n) => n.siteName.toLowerCase(),
  lastSeenAt: (n) => n.lastSeenAt,
};

function orderOf(sort: string): Int32Array {
  let order = orders.get(sort);
  if (!order) {
    const key = keyOf[sort.replace(/^-/, '')] ?? keyOf.name!;
    const dir = sort.startsWith('-') ? -1 : 1;
    const keys = all.map(key);
    order = Int32Array.from(all.keys()).sort((a, b) => dir * (cmp(keys[a]!, keys[b]!) || cmp(all[a]!.id, all[b]!.id)));
    orders.set(sort, order);
  }
  return order;
}

/** 1 for each row whose name or serial holds every word. */
function wordMatches(terms: string[]): Uint8Array {
  const n = all.length;
  let match: Uint8Array | null = null;
  for (const term of terms) {
    const next = new Uint8Array(n);
    let r = 0;
    for (let at = text.indexOf(term); at >= 0; ) {
      while (starts[r + 1]! <= at) r++;
      if (!match || match[r]) next[r] = 1;
      at = r + 1 < n ? text.indexOf(term, starts[r + 1]!) : -1;
    }
    match = next;
  }
  return match!;
}

/** The list call over the rows, with the server's semantics: every word in the name or serial, a sort with the id as tiebreak, a page. */
async function memoryList(params: ListRequest): Promise<ListAnswer<NodeItem>> {
  const order = orderOf(String(params.sort ?? 'name'));
  const terms = String(params.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const offset = Number(params.offset ?? 0);
  const limit = Number(params.limit ?? 100);
  if (!terms.length) return { data: Array.from(order.subarray(offset, offset + limit), (i) => all[i]!), total: all.length };
  const match = wordMatches(terms);
  const data: NodeItem[] = [];
  let total = 0;
  for (const i of order) {
    if (!match[i]) continue;
    if (total >= offset && total < offset + limit) data.push(all[i]!);
    total++;
  }
  return { data, total };
}

/** Sets the case up before anything is timed: the session's token, and for the baseline its 50,000 rows in hand. */
export async function manageSetup(k: ManageKind, token: string): Promise<number> {
  kind = k;
  bindApi({ getAccessToken: async () => token });
  if (k === 'memory') {
    all = Array.from({ length: MANAGE_NODES }, (_, i) => nodeItem(i));
    const parts = all.map((n) => `${n.name.toLowerCase()}\n${n.serial.toLowerCase()}`);
    text = parts.join('\n');
    starts = new Int32Array(all.length + 1);
    for (let i = 0, at = 0; i < all.length; i++) {
      starts[i] = at;
      at += parts[i]!.length + 1;
    }
    starts[all.length] = text.length + 1;
    orders.clear();
    orderOf('name');
    return all.length;
  }
  return 0;
}

// As nodes-view.tsx shows them (with the nodes machine's default 100-row page).
const NAME = { header: 'Name', sortKey: 'name', text: (node: NodeItem) => node.name };
const COLUMNS: Column<NodeItem>[] = [
  { id: 'deviceType', header: 'Device type', sortKey: 'deviceType', width: '1.3fr', cell: (node) => node.deviceType },
  { id: 'hub', header: 'Hub', sortKey: 'hubName', width: '1.3fr', cell: (node) => node.hubName },
  { id: 'site', header: 'Site', sortKey: 'siteName', width: '1.3fr', cell: (node) => node.siteName },
  {
    id: 'tags',
    header: 'Tags',
    width: '1.5fr',
    cell: (node) => (
      <span>
        {node.tags.map((tag) => (
          <span key={tag.id}>
            <span style={{ background: tag.colour, display: 'inline-block', width: 8, height: 8 }} aria-hidden="true" />
            {tag.name}
          </span>
        ))}
      </span>
    ),
  },
  { id: 'lastSeen', header: 'Last seen', sortKey: 'lastSeenAt', width: '11rem', cell: (node) => (node.lastSeenAt ? formatDate(new Date(node.lastSeenAt)) : 'never') },
];

type Actor = ReturnType<typeof createActor<typeof nodesMachine>>;
let actor: Actor | undefined;
let root: HTMLElement | undefined;

/**
 * Whether the rows in the DOM are `rows`: every rendered row's name is that of its index in `rows` (the window sits
 * wherever the keyboard's row is, kept across answers), or the status row when there are none.
 */
function shows(rows: NodeItem[]): boolean {
  const buttons = root?.querySelectorAll<HTMLElement>('[data-row-index]') ?? [];
  if (!rows.length) return buttons.length === 0 && root?.querySelector('[role="row"][aria-rowindex="2"]') !== null;
  if (!buttons.length) return false;
  for (const b of buttons) if (b.textContent !== rows[Number(b.dataset.rowIndex)]?.name) return false;
  return true;
}

/** Mounts the Nodes list; resolves with ms from the mount to the painted first rows (the first page's answer included). */
export async function manageMount(): Promise<number> {
  const el = stage();
  root = el;
  const t0 = performance.now();
  mountedAt = t0;
  const machine =
    kind === 'server'
      ? nodesMachine
      : nodesMachine.provide({ actors: { fetchPage: fromPromise<ListAnswer<NodeItem>, ListRequest>(({ input }) => memoryList(input)) } as never });
  actor = createActor(machine as typeof nodesMachine, {
    input: {},
    // The debounce's timer event as it reaches the machine, before the transition that starts the page's call: the
    // server's request and the baseline's filter are both timed from here.
    inspect: (ev) => {
      if (ev.type === '@xstate.event' && ev.event.type.startsWith('xstate.after.') && ev.event.type.endsWith('.debouncing')) debounceEnded = performance.now();
    },
  }).start();
  const a = actor;
  createRoot(el).render(
    <ResourceScreen<NodeItem, NodeValues>
      actor={a}
      labels={{ title: 'Nodes', table: 'Nodes', new: 'New node', form: () => 'Node' }}
      name={NAME}
      columns={COLUMNS}
      canWrite
      form={() => null}
    />,
  );
  const ms = await paintedAfter(t0, () => el.querySelector('[data-row-index]') !== null);
  if (a.getSnapshot().context.listFailure) throw new Error(`the list failed: ${JSON.stringify(a.getSnapshot().context.listFailure)}`);
  return ms;
}

let mountedAt = 0;
let debounceEnded = 0;

/** The API calls since the mount, ms from the mount to each one's start, first byte and end: where first rows wait. */
export async function manageRequests(): Promise<{ url: string; start: number; firstByte: number; end: number }[]> {
  return performance
    .getEntriesByType('resource')
    .filter((e): e is PerformanceResourceTiming => e.name.includes('/api/') && e.startTime >= mountedAt)
    .map((e) => ({ url: e.name.replace(/^https?:\/\/[^/]+/, ''), start: e.startTime - mountedAt, firstByte: e.responseStart - mountedAt, end: e.responseEnd - mountedAt }));
}

let samples: number[] = [];
/** Where each timed keystroke's time went (ms from the end of its debounce), for BENCH_VERBOSE. */
let phases: { request: number; firstByte: number; answered: number; ready: number; painted: number }[] = [];
let superseded = 0;
let failures: string[] = [];
let pending: Promise<unknown>[] = [];

/**
 * Starts timing filter keystrokes: each from the end of its debounce (the timer's event reaching the machine, which
 * then leaves `debouncing` for `loading` and starts the page's call) to the frame after the one that painted its rows. A keystroke whose answer a later
 * keystroke cancelled is counted apart.
 */
export async function manageArm(): Promise<void> {
  samples = [];
  phases = [];
  superseded = 0;
  failures = [];
  pending = [];
  let prev = String((actor!.getSnapshot().value as { list: string }).list);
  let t0 = 0;
  actor!.subscribe((snap) => {
    const list = String((snap.value as { list: string }).list);
    if (list === prev) return;
    if (prev === 'debouncing' && list === 'loading') {
      t0 = debounceEnded;
      debounceEnded = 0;
      if (!t0) failures.push('the debounce ended unseen: no timer event reached the machine');
    }
    else if (prev === 'loading' && t0) {
      const start = t0;
      t0 = 0;
      if (list === 'ready') {
        const rows = snap.context.rows;
        const ready = performance.now() - start;
        const call = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/nodes') && e.startTime >= start).pop() as PerformanceResourceTiming | undefined;
        let timer = 0;
        pending.push(
          Promise.race([
            paintedAfter(start, () => shows(rows)).then((ms) => {
              clearTimeout(timer);
              samples.push(ms);
              phases.push({ request: call ? call.startTime - start : 0, firstByte: call ? call.responseStart - start : 0, answered: call ? call.responseEnd - start : 0, ready, painted: ms });
            }),
            new Promise<void>((resolve) => {
              timer = window.setTimeout(() => {
                failures.push(`rows not painted within 5 s: want "${rows[0]?.name}" (${rows.length} rows)`);
                resolve();
              }, 5000);
            }),
          ]),
        );
      } else if (list === 'debouncing') superseded++;
      else failures.push(`${list}: ${JSON.stringify(snap.context.listFailure)}`);
    }
    prev = list;
  });
}

export async function manageCollect(): Promise<{ samples: number[]; phases: typeof phases; superseded: number; failures: string[] }> {
  await Promise.all(pending);
  return { samples, phases, superseded, failures };
}
