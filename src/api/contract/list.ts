import { z } from 'zod';

/** docs/product.md, API conventions: lists answer 100 rows unless asked for more, and never more than 1,000. */
export const LIST_LIMIT = 100;
export const LIST_LIMIT_MAX = 1000;

/** A sort: a field of the resource, descending with a leading "-". */
export type Sort<F extends string> = F | `-${F}`;

/**
 * The one list query of every management resource (docs/product.md, Management): `q` filters by name, `sort` names a field of the
 * resource (`-field` descending), `offset`/`limit` page. A resource adds its own filters with `.extend`. Unknown
 * parameters are refused, so a misspelt filter is a 400 naming it rather than a silently unfiltered list.
 */
export function listQuery<const F extends readonly [string, ...string[]]>(sortable: F) {
  const sorts = sortable.flatMap((f) => [f, `-${f}`]) as [Sort<F[number]>, ...Sort<F[number]>[]];
  return z
    .object({
      q: z.string().trim().max(200).optional(),
      sort: z.enum(sorts).optional(),
      offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
      limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT),
    })
    .strict();
}

/** What a list query holds once parsed (the fields every resource has). */
export interface ListParams<F extends string = string> {
  q?: string;
  sort?: Sort<F>;
  offset: number;
  limit: number;
}

/** The answer of every list: one page of rows and the number of all rows matching the filter. */
export const listAnswer = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item), total: z.number().int().min(0) });
export interface ListAnswer<T> {
  data: T[];
  total: number;
}

/** `sort` split into the field and the direction. */
export function sortOf<F extends string>(sort: Sort<F> | undefined, fallback: F): { field: F; desc: boolean } {
  if (!sort) return { field: fallback, desc: false };
  return sort.startsWith('-') ? { field: sort.slice(1) as F, desc: true } : { field: sort as F, desc: false };
}

/** The answer of a DELETE. */
export const deletedAnswer = z.object({ deleted: z.literal(true) });

/** The query string of a list call: only the set values, as strings. */
export function listSearchParams(params: Partial<ListParams> & Record<string, string | number | boolean | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== false) out[k] = String(v);
  return out;
}
