import type { ZodType } from 'zod';
import type { TestApp } from '../helpers';

/** What a resource's case is handed: the app and tokens for each role. */
export interface Ctx {
  t: TestApp;
  /** Tokens acting for Northwind. */
  tok: { manager: string; user: string; viewer: string; admin: string };
  /** A manager-rights token for Harbour (a company none of the demo members belong to). */
  foreign: string;
  unique(prefix?: string): string;
}

export interface ResourceCase {
  item: ZodType;
  /**
   * A valid create body; `name` is used for the list filter. `token` is the session that sends it when known
   * (`ctx.foreign` for a row of the other company), for bodies that name rows of the sender's company (a hub's site).
   */
  create(ctx: Ctx, name: string, token?: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** A valid change of a created row, and what the answer then shows. */
  update(ctx: Ctx, created: Record<string, unknown>): Record<string, unknown>;
  /** Bodies refused with 400, each naming the field. */
  bad: { body: (ctx: Ctx) => Record<string, unknown> | Promise<Record<string, unknown>>; field: string }[];
  /** Makes the created row used by something, so deleting it must answer 409 in_use; absent while nothing can use one. */
  use?(ctx: Ctx, created: { id: string }): Promise<void>;
  /** A field to sort by whose order the check can verify. */
  sortField: string;
  /**
   * Who reads: every member (the default), or only managers and admins, so users and viewers get 403 on reads too, or
   * (with adminOnly) only platform admins acting as themselves (white-label settings): everyone else, a company shadow
   * included, gets 403 on reads as on writes.
   */
  readers?: 'members' | 'managers' | 'admins';
  /**
   * A platform-wide resource only platform admins write (companies): the admin is the writer, managers, users and
   * viewers read only what they belong to and are refused every write, and a company shadow (`foreign`) neither sees
   * another company nor writes.
   */
  adminOnly?: boolean;
}

