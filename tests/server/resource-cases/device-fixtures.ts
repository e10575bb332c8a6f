import { demoIds } from '../helpers';
import type { Ctx } from './case';

/** Rows of the demo world the device cases build on: the sender's company's, so a body is valid for whoever sends it. */

/** Northwind for the case's own sessions, Harbour for `ctx.foreign`. */
export async function companyOf(c: Ctx, token?: string): Promise<string> {
  const ids = await demoIds(c.t.deps);
  return token !== undefined && token === c.foreign ? ids.harbour : ids.northwind;
}

/** The other company of the two, for ids a session must not be able to use. */
export async function otherCompany(c: Ctx): Promise<string> {
  return (await demoIds(c.t.deps)).harbour;
}

export async function siteOf(c: Ctx, companyId: string): Promise<string> {
  return (await c.t.deps.db.selectFrom('sites').select('id').where('companyId', '=', companyId).orderBy('id').executeTakeFirstOrThrow()).id;
}

export async function hubOf(c: Ctx, companyId: string): Promise<string> {
  return (await c.t.deps.db.selectFrom('hubs').select('id').where('companyId', '=', companyId).orderBy('id').executeTakeFirstOrThrow()).id;
}

export async function nodeOf(c: Ctx, companyId: string): Promise<string> {
  return (await c.t.deps.db.selectFrom('nodes').select('id').where('companyId', '=', companyId).orderBy('id').executeTakeFirstOrThrow()).id;
}

export async function tagOf(c: Ctx, companyId: string): Promise<string> {
  return (await c.t.deps.db.selectFrom('nodeTags').select('id').where('companyId', '=', companyId).orderBy('id').executeTakeFirstOrThrow()).id;
}

/** A built-in signal type (the seed's temperature). */
export async function builtInType(c: Ctx, key = 'temperature'): Promise<string> {
  return (await c.t.deps.db.selectFrom('signalTypes').select('id').where('key', '=', key).where('companyId', 'is', null).executeTakeFirstOrThrow()).id;
}

/** A signal type owned by `companyId`, made here. */
export async function ownedType(c: Ctx, companyId: string): Promise<string> {
  const id = `own-type-${Math.random().toString(36).slice(2, 10)}`;
  await c.t.deps.db.insertInto('signalTypes').values({ id, companyId, key: id.replace(/-/g, '_'), name: id, unit: 'x', kind: 'instant' }).execute();
  return id;
}

export const rand = () => Math.random().toString(36).slice(2, 10);

export async function feedOf(c: Ctx, companyId: string): Promise<string> {
  return (await c.t.deps.db.selectFrom('feeds').select('id').where('companyId', '=', companyId).orderBy('id').executeTakeFirstOrThrow()).id;
}
