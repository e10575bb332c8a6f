import { newId } from '../auth/secrets';
import { tokenCompany } from '../auth/site-scope';
import { siteAndDescendants } from '../monitoring/site-access';
import { badRequest } from '../errors';
import { defineResource, type Scope } from './resource';
import { invalidField } from './checks';
import {
  deleteSite, findCompanySite, hubsAt, insertSite, listSites, siteView, subSitesOf, updateSite, type SiteChangeRow, type SiteRow,
} from '../db/sites.repository';
import type { Db } from '../db/database';
import { site, siteChange, siteCoordinates, siteInput, siteListQuery } from '../../src/api/contract/sites';

/** Writes need a company to write into; a session acting for none (an admin outside any) only lists nothing. */
function companyOf(scope: Scope): string {
  if (!scope.companyId) throw badRequest('Choose a company first: this session acts for none');
  return scope.companyId;
}

/** The text as entered, and the position it gives (the contract has refused text it cannot read). */
function position(coordinates: string): Pick<SiteRow, 'coordinates' | 'latitude' | 'longitude'> {
  const at = coordinates ? siteCoordinates(coordinates) : null;
  return { coordinates, latitude: at?.latitude ?? null, longitude: at?.longitude ?? null };
}

/**
 * The parent a site may be put under: a site of the same company (unknown and foreign ids are the same 400, so the
 * answer tells nothing of other companies), and never the site itself or one of its sub-sites, which would cut the
 * branch off the tree.
 */
async function parentFor(db: Db, companyId: string, parentSiteId: string | null, self?: SiteRow): Promise<string | null> {
  if (parentSiteId === null) return null;
  const parent = await findCompanySite(db, companyId, parentSiteId);
  if (!parent) throw invalidField('parentSiteId', 'is not a site of this company');
  if (self && (await siteAndDescendants(db, self)).has(parent.id)) {
    throw invalidField('parentSiteId', 'a site cannot be put under itself or one of its sub-sites');
  }
  return parent.id;
}

/** The contract checks low < high when both come in one body; a change of one is checked against the other kept. */
function checkRange(low: number | null, high: number | null): void {
  if (low !== null && high !== null && low >= high) throw invalidField('high', 'must be above low');
}

/** Sites (docs/product.md, Management), with sub-sites under a parent. */
export const sites = defineResource({
  path: 'sites',
  noun: 'Site',
  plural: 'Sites',
  item: site,
  listQuery: siteListQuery,
  createInput: siteInput,
  updateInput: siteChange,
  // GET /api/sites answered an empty list to a session acting for no company before it was a resource; it still does.
  scope: async (db, claims) => (await tokenCompany(db, claims)) ?? { companyId: '', role: claims.role },
  list: (db, scope, query) => listSites(db, scope.companyId, query, scope.now),
  find: (db, scope, id) => findCompanySite(db, scope.companyId, id),
  view: (db, scope, row) => siteView(db, row, scope.now),
  async create(db, scope, input) {
    const companyId = companyOf(scope);
    const row: SiteRow = {
      id: newId(), companyId, parentSiteId: await parentFor(db, companyId, input.parentSiteId ?? null), name: input.name,
      address: input.address ?? '', ...position(input.coordinates ?? ''), timezone: input.timezone,
      safeMin: input.low ?? null, safeMax: input.high ?? null, mutedUntil: null, checkAm: '09:00', checkPm: '16:00', createdAt: scope.now,
    };
    await insertSite(db, row);
    return row;
  },
  async update(db, _scope, row, input) {
    const change: SiteChangeRow = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.parentSiteId !== undefined ? { parentSiteId: await parentFor(db, row.companyId, input.parentSiteId, row) } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.coordinates !== undefined ? position(input.coordinates) : {}),
      ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
      ...(input.low !== undefined ? { safeMin: input.low } : {}),
      ...(input.high !== undefined ? { safeMax: input.high } : {}),
    };
    const next: SiteRow = { ...row, ...change };
    checkRange(next.safeMin, next.safeMax);
    if (Object.keys(change).length) await updateSite(db, row.id, change);
    return next;
  },
  // Sub-sites would go with their parent (the foreign key cascades), and hubs would lose the site their readings are
  // bucketed and alerted by: both are moved or deleted first.
  async usage(db, _scope, row) {
    const subSites = await subSitesOf(db, row.id);
    if (subSites.count) return { kind: 'sub-sites', ...subSites };
    return { kind: 'hubs', ...(await hubsAt(db, row.id)) };
  },
  remove: (db, _scope, row) => deleteSite(db, row.id),
  describe: (row) => row.name,
});
