import type { NodeItem } from '../../src/api/contract/nodes';
import { DEVICE_TYPES } from '../../src/api/contract/nodes';

/**
 * The Nodes list's world for `npm run bench -- manage`: 50,000 nodes of one company behind 1,000 hubs at 200 sites,
 * one node in ten tagged, half with a feed. The server's seed (bench/manage.ts) and the in-memory baseline (the page)
 * are built from these same functions, so both lists hold the same rows.
 */

export const MANAGE_NODES = 50_000;
export const MANAGE_SITES = 200;
export const MANAGE_HUBS = 1_000;
/** A fixed clock: the rows are the same in every run. */
export const MANAGE_NOW = Date.parse('2026-11-01T12:00:00Z');

const ROOMS = ['Kitchen', 'Cold Room', 'Ward', 'Pharmacy Store', 'Plant Room', 'Laundry', 'North Wing', 'South Wing', 'Office', 'Stairwell', 'Lobby', 'Basement'];
const TOWNS = ['Elmhurst', 'Ashford', 'Bramley', 'Carlton', 'Dunmore', 'Eastleigh', 'Fairview', 'Glenwood', 'Hartley', 'Ivybridge'];

export const siteId = (s: number) => `bench-site-${s}`;
export const siteName = (s: number) => `${TOWNS[s % TOWNS.length]} Care Home ${Math.floor(s / TOWNS.length) + 1}`;
export const hubId = (h: number) => `bench-hub-${h}`;
export const hubName = (h: number) => `Hub ${String(h).padStart(4, '0')}`;
/** A hub's site. */
export const siteOfHub = (h: number) => h % MANAGE_SITES;
export const TAG = { id: 'bench-tag', name: 'Audit', colour: '#d97706' };

export interface NodeSpec {
  id: string;
  name: string;
  serial: string;
  deviceType: string;
  hub: number;
  batteryPct: number;
  signalDbm: number;
  lastSeenAt: number | null;
  tagged: boolean;
  feed: boolean;
}

export function nodeSpec(i: number): NodeSpec {
  const hub = i % MANAGE_HUBS;
  const deviceType = DEVICE_TYPES[i % DEVICE_TYPES.length]!;
  return {
    id: `bench-node-${i}`,
    // Names repeat their words across nodes as real estates do: "Kitchen Fridge Probe 1234".
    name: `${ROOMS[(i * 7) % ROOMS.length]} ${deviceType} ${(i * 7919) % MANAGE_NODES}`,
    serial: `SN${String(i).padStart(6, '0')}`,
    deviceType,
    hub,
    batteryPct: 20 + (i % 80),
    signalDbm: -50 - (i % 40),
    lastSeenAt: i % 17 ? MANAGE_NOW - i * 1000 : null,
    tagged: i % 10 === 0,
    feed: i % 2 === 0,
  };
}

/** The node as the API answers it. */
export function nodeItem(i: number): NodeItem {
  const n = nodeSpec(i);
  const site = siteOfHub(n.hub);
  return {
    id: n.id, name: n.name, serial: n.serial, deviceType: n.deviceType, hubId: hubId(n.hub), hubName: hubName(n.hub), siteId: siteId(site),
    siteName: siteName(site), tags: n.tagged ? [TAG] : [], batteryPct: n.batteryPct, signalDbm: n.signalDbm,
    lastSeenAt: n.lastSeenAt === null ? null : new Date(n.lastSeenAt).toISOString(), feedCount: n.feed ? 1 : 0,
  };
}
