import { z } from 'zod';
import { id } from './common';
import { listQuery } from './list';

/** A tag colour: a six-digit hex colour, as the colour picker gives it. */
export const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #3366cc')
  .transform((v) => v.toLowerCase());

/** `POST /api/node-tags` and `PUT /api/node-tags/{id}` (docs/product.md, Management): a name unique in the company and a colour. */
export const nodeTagInput = z.object({ name: z.string().trim().min(1, 'is required').max(100), colour }).strict();
export type NodeTagInput = z.input<typeof nodeTagInput>;

export const nodeTag = z.object({ id, name: z.string(), colour: z.string(), nodeCount: z.number().int().min(0) });
export type NodeTag = z.infer<typeof nodeTag>;

export const NODE_TAG_SORTS = ['name', 'colour', 'nodeCount'] as const;
export const nodeTagListQuery = listQuery(NODE_TAG_SORTS);
