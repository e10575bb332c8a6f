import { z } from 'zod';
import { id } from './common';
import { listQuery } from './list';

/** The kinds of node the platform knows how to read (the demo world's devices: server/seed/patterns.ts). */
export const DEVICE_TYPES = ['Pulse Logger', 'Fridge Probe', 'Temperature & Humidity', 'Emergency Light'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** A node carries at most this many tags: enough for any grouping, small enough for one insert. */
export const NODE_TAGS_MAX = 50;

const fields = {
  hubId: id,
  name: z.string().trim().min(1, 'is required').max(200),
  serial: z.string().trim().min(1, 'is required').max(64),
  deviceType: z.enum(DEVICE_TYPES),
  /** The node's tags, all of the same company; on a change they replace the node's tags. */
  tagIds: z.array(id).max(NODE_TAGS_MAX).optional(),
};

/** `POST /api/nodes` (docs/product.md, Management): a node behind a hub of the token's company; its site is the hub's. */
export const nodeInput = z.object(fields).strict();
export type NodeInput = z.input<typeof nodeInput>;
/** `PUT /api/nodes/{id}`: the fields to change; those left out keep their value. A new hub moves the node to its site. */
export const nodeChange = z.object(fields).partial().strict();
export type NodeChange = z.input<typeof nodeChange>;

export const nodeTagRef = z.object({ id, name: z.string(), colour: z.string() });

export const node = z.object({
  id,
  name: z.string(),
  serial: z.string(),
  deviceType: z.string(),
  hubId: id,
  hubName: z.string(),
  siteId: id,
  siteName: z.string(),
  tags: z.array(nodeTagRef),
  batteryPct: z.number().nullable(),
  signalDbm: z.number().nullable(),
  lastSeenAt: z.string().nullable(),
  feedCount: z.number().int().min(0),
});
/** Not `Node`: that name is the DOM's, which the client's files use too. */
export type NodeItem = z.infer<typeof node>;

export const NODE_SORTS = ['name', 'deviceType', 'hubName', 'siteName', 'lastSeenAt'] as const;
export const nodeListQuery = listQuery(NODE_SORTS).extend({ siteId: id.optional(), hubId: id.optional(), tagId: id.optional() });
export type NodeListQuery = z.infer<typeof nodeListQuery>;
