import { z } from 'zod';
import { id } from './common';
import { listQuery } from './list';

const fields = {
  siteId: id,
  /** The serial printed on the hub; unique platform-wide, since a hub is one physical box. */
  serial: z.string().trim().min(1, 'is required').max(64),
  name: z.string().trim().min(1, 'is required').max(200),
  firmware: z.string().trim().max(32).optional(),
};

/** `POST /api/hubs` (docs/product.md, Management): a hub at a site of the token's company. */
export const hubInput = z.object(fields).strict();
export type HubInput = z.input<typeof hubInput>;
/** `PUT /api/hubs/{id}`: the fields to change; those left out keep their value. */
export const hubChange = z.object(fields).partial().strict();
export type HubChange = z.input<typeof hubChange>;

/** Online when seen within 3 reporting periods (docs/product.md, Data model); never when it has not reported yet. */
export const HUB_STATUSES = ['online', 'offline', 'never'] as const;
export type HubStatus = (typeof HUB_STATUSES)[number];

export const hub = z.object({
  id,
  siteId: id,
  siteName: z.string(),
  serial: z.string(),
  name: z.string(),
  firmware: z.string(),
  lastSeenAt: z.string().nullable(),
  status: z.enum(HUB_STATUSES),
  nodeCount: z.number().int().min(0),
  /** Live API keys (revoked ones are not counted). */
  keyCount: z.number().int().min(0),
});
export type Hub = z.infer<typeof hub>;

export const HUB_SORTS = ['name', 'serial', 'siteName', 'firmware', 'lastSeenAt', 'nodeCount'] as const;
export const hubListQuery = listQuery(HUB_SORTS).extend({ siteId: id.optional() });
export type HubListQuery = z.infer<typeof hubListQuery>;
