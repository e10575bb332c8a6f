import { z } from 'zod';
import { id } from './common';
import { listQuery } from './list';

export const SIGNAL_KINDS = ['instant', 'counter'] as const;

const fields = {
  /** What integrations and alert rules name the signal by: lower-case, starting with a letter. */
  key: z.string().trim().regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be a lower-case letter then letters, digits or _, at most 64 in all'),
  name: z.string().trim().min(1, 'is required').max(200),
  /** Empty for a dimensionless signal (a count of events). */
  unit: z.string().trim().max(32),
  /** Counters feed the consumption views. */
  kind: z.enum(SIGNAL_KINDS),
};

/** `POST /api/signal-types` (docs/product.md, Management): a type of the token's company, beside the platform's built-in ones. */
export const signalTypeInput = z.object(fields).strict();
export type SignalTypeInput = z.input<typeof signalTypeInput>;
/** `PUT /api/signal-types/{id}`: the fields to change; those left out keep their value. */
export const signalTypeChange = z.object(fields).partial().strict();
export type SignalTypeChange = z.input<typeof signalTypeChange>;

export const signalType = z.object({
  id,
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  kind: z.enum(SIGNAL_KINDS),
  /** The platform's own type: every company reads it, only platform admins change it. */
  builtIn: z.boolean(),
  /** Feeds of the caller's company of this type. */
  feedCount: z.number().int().min(0),
});
export type SignalType = z.infer<typeof signalType>;

export const SIGNAL_TYPE_SORTS = ['key', 'name', 'unit', 'kind', 'feedCount'] as const;
export const signalTypeListQuery = listQuery(SIGNAL_TYPE_SORTS);
