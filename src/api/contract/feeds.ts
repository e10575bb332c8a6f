import { z } from 'zod';
import { id } from './common';
import { listQuery } from './list';

/** One end of a feed's safe range, in the unit of its signal type; null for none. */
const rangeEnd = z.number().nullable().optional();

const fields = {
  nodeId: id,
  signalTypeId: id,
  name: z.string().trim().min(1, 'is required').max(200),
  low: rangeEnd,
  high: rangeEnd,
};

/** A range must leave room for a value: low below high whenever both are given. */
const rangeIsOpen = (v: { low?: number | null; high?: number | null }, ctx: z.RefinementCtx) => {
  if (typeof v.low === 'number' && typeof v.high === 'number' && v.low >= v.high) {
    ctx.addIssue({ code: 'custom', path: ['high'], message: 'must be above low' });
  }
};

/**
 * `POST /api/feeds` (docs/product.md, Management): a channel of a node of the token's company, of a built-in signal type or one of the
 * company's, with its own safe range (`low`/`high`, either may be null); without one, the site's (2–8 °C for fridges).
 */
export const feedInput = z.object(fields).strict().superRefine(rangeIsOpen);
export type FeedInput = z.input<typeof feedInput>;
/** `PUT /api/feeds/{id}`: the fields to change; those left out keep their value, null clears an end of the range. */
export const feedChange = z.object(fields).partial().strict().superRefine(rangeIsOpen);
export type FeedChange = z.input<typeof feedChange>;

export const feed = z.object({
  id,
  nodeId: id,
  nodeName: z.string(),
  siteId: id,
  siteName: z.string(),
  signalTypeId: id,
  signalTypeName: z.string(),
  unit: z.string(),
  kind: z.enum(['instant', 'counter']),
  name: z.string(),
  /** The feed's own range as stored; null where it sets none (the site's applies then). */
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type Feed = z.infer<typeof feed>;

export const FEED_SORTS = ['name', 'nodeName', 'siteName', 'signalTypeName', 'kind'] as const;
export const feedListQuery = listQuery(FEED_SORTS).extend({ nodeId: id.optional(), siteId: id.optional(), signalTypeId: id.optional() });
export type FeedListQuery = z.infer<typeof feedListQuery>;
