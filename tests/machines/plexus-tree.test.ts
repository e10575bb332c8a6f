import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { inTrouble, isOpen, plexusMachine, plexusTree, treeTrouble } from '../../src/machines/plexus.machine';
import type { Plexus } from '../../src/api/contract/monitoring';
import { WEAK_BATTERY_PCT, WEAK_SIGNAL_DBM } from '../../src/api/contract/link-health';

type Node = Plexus[number]['hubs'][number]['nodes'][number];
const node = (id: string, over: Partial<Node> = {}): Node => ({
  id, name: id, hubId: 'h1', siteId: 's1', serial: id, deviceType: 'Fridge Probe', batteryPct: 80, signalDbm: -70, lastSeenAt: '2026-11-28T10:00:00.000Z', online: true, ...over,
});
const hub = (id: string, online: boolean, nodes: Node[]) => ({ id, siteId: 's1', name: id, serial: id, firmware: '1', lastSeenAt: null, online, nodeCount: nodes.length, nodes });

describe('Plexus tree', () => {
  const plexus: Plexus = [
    {
      siteId: 's1',
      siteName: 'Elmhurst',
      hubs: [
        hub('h1', true, [
          node('battery-5', { batteryPct: 5 }),
          node('battery-edge', { batteryPct: WEAK_BATTERY_PCT }),
          node('signal-weak', { signalDbm: WEAK_SIGNAL_DBM }),
          node('quiet', { online: false, batteryPct: WEAK_BATTERY_PCT + 1 }),
          node('fine'),
          node('no-battery', { batteryPct: null, signalDbm: null }),
        ]),
        hub('h2', false, [node('behind-quiet-hub', { online: false })]),
      ],
    },
    { siteId: 's2', siteName: 'Fine', hubs: [hub('h3', true, [node('ok')])] },
  ];

  it('judges each node by the shared thresholds and counts the trouble of each hub, site and the network', () => {
    const tree = plexusTree(plexus);
    const nodes = tree[0]!.hubs[0]!.nodes;
    const weak = (id: string) => nodes.find((n) => n.id === id)!;
    expect(weak('battery-5')).toMatchObject({ weakBattery: true, weakSignal: false });
    expect(weak('battery-edge')).toMatchObject({ weakBattery: true });
    expect(weak('signal-weak')).toMatchObject({ weakBattery: false, weakSignal: true });
    expect(weak('quiet')).toMatchObject({ weakBattery: false, online: false });
    expect(weak('no-battery')).toMatchObject({ weakBattery: false, weakSignal: false });
    expect(tree[0]!.hubs[0]!.trouble).toEqual({ offline: 1, weak: 3 });
    // The quiet hub counts itself and its quiet node.
    expect(tree[0]!.hubs[1]!.trouble).toEqual({ offline: 2, weak: 0 });
    expect(tree[0]!.hubs[1]!.nodeTrouble).toEqual({ offline: 1, weak: 0 });
    expect(tree[0]!.trouble).toEqual({ offline: 3, weak: 3 });
    expect(tree[1]!.trouble).toEqual({ offline: 0, weak: 0 });
    expect(treeTrouble(tree)).toEqual({ offline: 3, weak: 3 });
    expect(nodes.filter(inTrouble).map((n) => n.id)).toEqual(['battery-5', 'battery-edge', 'signal-weak', 'quiet']);
    // The server's order (quiet first) is kept.
    expect(tree.map((s) => s.siteId)).toEqual(['s1', 's2']);
  });
});

describe('Plexus disclosures', () => {
  const trouble = { offline: 1, weak: 0 };
  const calm = { offline: 0, weak: 0 };
  it('open where something is wrong until the person says otherwise', () => {
    expect(isOpen({}, 's1', trouble)).toBe(true);
    expect(isOpen({}, 's2', calm)).toBe(false);
    expect(isOpen({ s1: false, s2: true }, 's1', trouble)).toBe(false);
    expect(isOpen({ s1: false, s2: true }, 's2', calm)).toBe(true);
  });

  it('toggle, expand all and collapse all in the machine, and forget it all for another company', async () => {
    const plexus: Plexus = [{ siteId: 's1', siteName: 'A', hubs: [hub('h1', true, [node('n1')])] }];
    const a = createActor(plexusMachine.provide({ actors: { fetchPlexus: fromPromise<Plexus, { companyId: string | null }>(async () => plexus) } }), { input: { companyId: 'c1' } }).start();
    await waitFor(a, (st) => st.matches('ready'));
    a.send({ type: 'plexus.toggle', id: 's1', open: true });
    expect(a.getSnapshot().context.expanded).toEqual({ s1: true });
    a.send({ type: 'plexus.collapseAll' });
    expect(a.getSnapshot().context.expanded).toEqual({ s1: false, h1: false });
    a.send({ type: 'plexus.expandAll' });
    expect(a.getSnapshot().context.expanded).toEqual({ s1: true, h1: true });
    expect(a.getSnapshot().context.onlyTrouble).toBe(true);
    a.send({ type: 'plexus.onlyTrouble', on: false });
    expect(a.getSnapshot().context.onlyTrouble).toBe(false);
    a.send({ type: 'company.changed', companyId: 'c2' });
    expect(a.getSnapshot().context.expanded).toEqual({});
  });
});
