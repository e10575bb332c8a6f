import { newId } from '../auth/secrets';
import { isPlatformAdmin } from '../monitoring/site-access';
import { defineResource, duplicate, type Scope } from './resource';
import { givenOf } from './checks';
import {
  companyView, deleteCompany, findCompanyByName, findReadableCompany, insertCompany, listCompanies, membersOfCompany, sitesOfCompany,
  updateCompany, type CompanyReader, type CompanyRow,
} from '../db/company-admin.repository';
import type { Db } from '../db/database';
import { company, companyChange, companyInput, companyListQuery } from '../../src/api/contract/company-admin';

async function uniqueName(db: Db, name: string, self?: string): Promise<void> {
  const other = await findCompanyByName(db, name);
  if (other && other.id !== self) throw duplicate('name', 'a company with this name already exists');
}

/**
 * What a session reads: a platform admin acting as themselves every company; a company shadow only the company it
 * shadows (never the platform's list, though an admin is behind it); anyone else, a user shadow included, the
 * companies of their memberships (My Companies).
 */
function readerOf(scope: Scope): CompanyReader {
  if (scope.role === 'admin') return { all: true };
  if (scope.claims.shd === 'company') return { companyId: scope.claims.cid ?? '' };
  return { userId: scope.claims.sub };
}

/**
 * Companies (docs/product.md, Management). Platform-wide: there is no company
 * scope, and only platform admins acting as themselves write. The list is also `GET /api/companies`, which every
 * signed-in user reads for their own companies, so every session reads, each what readerOf allows.
 */
export const companies = defineResource({
  path: 'companies',
  noun: 'Company',
  plural: 'Companies',
  item: company,
  listQuery: companyListQuery,
  createInput: companyInput,
  updateInput: companyChange,
  // No company: the audit entries of platform-wide writes belong to no company, so no company's managers read them
  // in their audit log. Everyone but a platform admin is a reader here, whatever their role in a company.
  scope: async (db, claims) => ({ companyId: '', role: (await isPlatformAdmin(db, claims)) ? 'admin' : 'viewer' }),
  writers: (role) => role === 'admin',
  list: (db, scope, query) => listCompanies(db, readerOf(scope), query),
  find: (db, scope, id) => findReadableCompany(db, readerOf(scope), id),
  view: (db, _scope, row) => companyView(db, row),
  async create(db, scope, input) {
    await uniqueName(db, input.name);
    const row: CompanyRow = { id: newId(), name: input.name, customerType: input.customerType, timezone: input.timezone, createdAt: scope.now };
    await insertCompany(db, row);
    return row;
  },
  async update(db, _scope, row, input) {
    if (input.name !== undefined) await uniqueName(db, input.name, row.id);
    const change = givenOf(input);
    if (Object.keys(change).length) await updateCompany(db, row.id, change);
    return { ...row, ...change };
  },
  // Deleting a company would cascade to its sites (with their hubs, nodes and readings) and end its members' access:
  // those are removed deliberately first.
  async usage(db, _scope, row) {
    const sites = await sitesOfCompany(db, row.id);
    if (sites.count) return { kind: 'sites', ...sites };
    return { kind: 'members', ...(await membersOfCompany(db, row.id)) };
  },
  remove: (db, _scope, row) => deleteCompany(db, row.id),
  describe: (row) => row.name,
});
