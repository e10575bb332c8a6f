import { assign, fromPromise, setup } from 'xstate';
import type { Plexus } from '../api/contract/monitoring';
import { companyWatch, type CompanyChanged, type CompanySource } from './company-watch';
import { failureOf, type Failure } from './failure';
import { isWeakBattery, isWeakSignal } from '../api/contract/link-health';
import { apiModules } from '../api/lazy';

const api = apiModules.monitoring;

type PlexusSite = Plexus[number];
type PlexusHub = PlexusSite['hubs'][number];
type PlexusNode = PlexusHub['nodes'][number];

/** What is wrong under a branch of the tree: devices gone quiet, and nodes with a weak battery or signal. */
export interface LinkTrouble {
  offline: number;
  weak: number;
}
/** A node with its link judged by the shared thresholds. */
export type NodeLink = PlexusNode & { weakBattery: boolean; weakSignal: boolean };
export type HubBranch = Omit<PlexusHub, 'nodes'> & {
  nodes: NodeLink[];
  /** The hub's own silence and its nodes' trouble. */
  trouble: LinkTrouble;
  /** Its nodes' trouble alone. */
  nodeTrouble: LinkTrouble;
};
export type SiteBranch = Omit<PlexusSite, 'hubs'> & { hubs: HubBranch[]; trouble: LinkTrouble };

const add = (a: LinkTrouble, b: LinkTrouble): LinkTrouble => ({ offline: a.offline + b.offline, weak: a.weak + b.weak });
const NONE: LinkTrouble = { offline: 0, weak: 0 };

/** The site → hub → node tree with each node's link judged and each branch's trouble counted (the server's order kept). */
export function plexusTree(plexus: Plexus): SiteBranch[] {
  return plexus.map((site) => {
    const hubs = site.hubs.map((hub): HubBranch => {
      const nodes = hub.nodes.map((n): NodeLink => ({ ...n, weakBattery: isWeakBattery(n.batteryPct), weakSignal: isWeakSignal(n.signalDbm) }));
      const nodeTrouble = nodes.reduce((t, n) => add(t, { offline: n.online ? 0 : 1, weak: n.weakBattery || n.weakSignal ? 1 : 0 }), NONE);
      return { ...hub, nodes, nodeTrouble, trouble: add(nodeTrouble, { offline: hub.online ? 0 : 1, weak: 0 }) };
    });
    return { ...site, hubs, trouble: hubs.reduce((t, h) => add(t, h.trouble), NONE) };
  });
}

/** A node worth a look: gone quiet, or its battery or signal weak. */
export const inTrouble = (n: NodeLink): boolean => !n.online || n.weakBattery || n.weakSignal;

/** The whole network's trouble, for the line above the tree. */
export const treeTrouble = (tree: SiteBranch[]): LinkTrouble => tree.reduce((t, s) => add(t, s.trouble), NONE);

/**
 * Whether a site or hub of the tree shows what is under it: as the person last set it, else open where something is
 * wrong, so trouble is in view at once and a healthy network stays short.
 */
export const isOpen = (expanded: Record<string, boolean>, id: string, trouble: LinkTrouble): boolean => expanded[id] ?? trouble.offline + trouble.weak > 0;

/** Every site and hub id of the tree: what "expand all" and "collapse all" set. */
const branchIds = (tree: SiteBranch[]) => tree.flatMap((s) => [s.siteId, ...s.hubs.map((h) => h.id)]);

/** Plexus: each site's hubs and the nodes behind them, for the company in view. */
export const plexusMachine = setup({
  types: {
    context: {} as { plexus: Plexus; /** The same network as a tree with its weak links judged. */ tree: SiteBranch[];
      /** The disclosures the person opened (true) or closed (false), by site or hub id; the rest follow isOpen. */
      expanded: Record<string, boolean>;
      /** Hubs list only their nodes in trouble (the rest are counted); off lists every node. */
      onlyTrouble: boolean;
      error: Failure | null; companyId: string | null; session: CompanySource | null },
    events: {} as
      | { type: 'plexus.refresh' }
      | { type: 'plexus.toggle'; id: string; open: boolean }
      | { type: 'plexus.expandAll' }
      | { type: 'plexus.collapseAll' }
      | { type: 'plexus.onlyTrouble'; on: boolean }
      | CompanyChanged,
    input: {} as { companyId: string | null; session?: CompanySource | null },
  },
  actors: {
    companyWatch,
    fetchPlexus: fromPromise<Plexus, { companyId: string | null }>(async ({ input }) => (await api()).plexus(input.companyId ?? undefined)),
  },
}).createMachine({
  id: 'plexus',
  context: ({ input }) => ({ plexus: [], tree: [], expanded: {}, onlyTrouble: true, error: null, companyId: input.companyId, session: input.session ?? null }),
  invoke: { id: 'company', src: 'companyWatch', input: ({ context }) => ({ session: context.session, page: 'plexus' }) },
  // The network of the company now in view; the previous company's is dropped at once.
  on: {
    'company.changed': { target: '.loading', actions: assign({ companyId: ({ event }) => event.companyId, plexus: [], tree: [], expanded: {}, error: null }) },
    'plexus.toggle': { actions: assign({ expanded: ({ context, event }) => ({ ...context.expanded, [event.id]: event.open }) }) },
    'plexus.expandAll': { actions: assign({ expanded: ({ context }) => Object.fromEntries(branchIds(context.tree).map((id) => [id, true])) }) },
    'plexus.onlyTrouble': { actions: assign({ onlyTrouble: ({ event }) => event.on }) },
    'plexus.collapseAll': { actions: assign({ expanded: ({ context }) => Object.fromEntries(branchIds(context.tree).map((id) => [id, false])) }) },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'plexus',
        src: 'fetchPlexus',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: { target: 'ready', actions: assign({ plexus: ({ event }) => event.output, tree: ({ event }) => plexusTree(event.output), error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
      },
    },
    ready: { after: { 60_000: 'loading' }, on: { 'plexus.refresh': 'loading' } },
    failed: { on: { 'plexus.refresh': 'loading' } },
  },
});
