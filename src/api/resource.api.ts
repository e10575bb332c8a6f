import type { ZodType } from 'zod';
import { request, requestList } from './client';
import { deletedAnswer, listAnswer, listSearchParams, type ListAnswer, type ListParams } from './contract/list';

/** A list call's parameters: the list query and a resource's own filters. */
export type ListRequest = Partial<ListParams> & Record<string, string | number | boolean | undefined>;

/** The five calls of a management resource (docs/product.md, Management), typed by its contract schemas. */
export interface ResourceApi<Item, Input, Update = Input> {
  list(params: ListRequest, signal?: AbortSignal): Promise<ListAnswer<Item>>;
  get(id: string): Promise<Item>;
  create(input: Input): Promise<Item>;
  update(id: string, input: Update): Promise<Item>;
  remove(id: string): Promise<{ deleted: true }>;
}

export function resourceApi<Item, Input, Update = Input>(path: string, item: ZodType<Item>): ResourceApi<Item, Input, Update> {
  const base = `/api/${path}`;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  const page = listAnswer(item) as unknown as ZodType<ListAnswer<Item>>;
  return {
    list: (params, signal) => requestList(page, base, { searchParams: listSearchParams(params), signal }),
    get: (id) => request(item, 'GET', one(id)),
    create: (input) => request(item, 'POST', base, { json: input }),
    update: (id, input) => request(item, 'PUT', one(id), { json: input }),
    remove: (id) => request(deletedAnswer, 'DELETE', one(id)),
  };
}
