import { isPlatformAdmin } from '../monitoring/site-access';
import { defineResource, duplicate } from './resource';
import { givenOf } from './checks';
import type { Db } from '../db/database';
import { deleteWhiteLabel, findWhiteLabel, insertWhiteLabel, listWhiteLabels, updateWhiteLabel } from '../db/white-label.repository';
import type { WhiteLabelRow as StoredRow } from '../db/schema';
import {
  hostName, whiteLabelChange, whiteLabelInput, whiteLabelListQuery, whiteLabelRow, type WhiteLabelRow,
} from '../../src/api/contract/white-label';

async function unclaimed(db: Db, domain: string): Promise<void> {
  if (await findWhiteLabel(db, domain)) throw duplicate('domain', 'this host name has settings already');
}

const onlyAdmins = (role: string) => role === 'admin';

const toApi = (r: StoredRow): WhiteLabelRow => ({
  id: r.domain,
  domain: r.domain,
  faviconUrl: r.faviconUrl,
  loginLogoUrl: r.loginLogoUrl,
  siteLogoUrl: r.siteLogoUrl,
  websiteTitle: r.websiteTitle,
  updatedAt: new Date(Number(r.updatedAt)).toISOString(),
});

/**
 * White-label settings (docs/product.md, Roles: admins only), one row per host name; the public `GET /api/white-label?Domain=`
 * reads them (routes/white-label.ts). Platform-wide like companies: no company scope, and only platform admins acting
 * as themselves read or write — a shadow session is refused, whoever is behind it. The host name is the row's id.
 */
export const whiteLabelSettings = defineResource({
  path: 'white-label-settings',
  noun: 'White-label settings',
  plural: 'White-label settings',
  item: whiteLabelRow,
  listQuery: whiteLabelListQuery,
  createInput: whiteLabelInput,
  updateInput: whiteLabelChange,
  idParam: hostName,
  scope: async (db, claims) => ({ companyId: '', role: (await isPlatformAdmin(db, claims)) ? 'admin' : 'viewer' }),
  readers: onlyAdmins,
  writers: onlyAdmins,
  list: async (db, _scope, query) => {
    const page = await listWhiteLabels(db, query);
    return { data: page.data.map(toApi), total: page.total };
  },
  find: (db, _scope, domain) => findWhiteLabel(db, domain),
  view: async (_db, _scope, row) => toApi(row),
  async create(db, scope, input) {
    await unclaimed(db, input.domain);
    const row: StoredRow = { ...input, updatedAt: scope.now };
    await insertWhiteLabel(db, row);
    return row;
  },
  // A typo in the host name is mended by editing it: the settings move to the new name (its id changes with it).
  async update(db, scope, row, input) {
    if (input.domain !== undefined && input.domain !== row.domain) await unclaimed(db, input.domain);
    const change = { ...givenOf(input), updatedAt: scope.now };
    await updateWhiteLabel(db, row.domain, change);
    return { ...row, ...change };
  },
  remove: (db, _scope, row) => deleteWhiteLabel(db, row.domain),
  describe: (row) => row.domain,
});
