import { badRequest, type AppError } from '../errors';
import type { Db } from '../db/database';
import { findSite } from '../db/sites.repository';

/**
 * A 400 for a field whose value has the right shape but names something the request may not use (a site of another
 * company, a tag that is not the company's), in the same details shape as a schema failure.
 */
export function invalidField(field: string, message: string): AppError {
  return badRequest(`${field}: ${message}`, [{ path: field, message, code: 'invalid' }]);
}

/** The fields of a partial change that were given; a PUT leaves the others as they are. */
export function givenOf<T extends object>(change: T): Partial<T> {
  return Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A site of the company, else a 400 naming siteId: unknown and foreign ids alike, so ids reveal nothing. */
export async function siteOfCompany(db: Db, companyId: string, siteId: string): Promise<void> {
  const site = await findSite(db, siteId);
  if (site?.companyId !== companyId) throw invalidField('siteId', 'is not a site of this company');
}
