import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database';
import type { CompaniesTable } from './schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import type { ListAnswer } from '../../src/api/contract/list';
import type { COMPANY_SORTS, Company, CompanyListQuery } from '../../src/api/contract/company-admin';

export type CompanyRow = Selectable<CompaniesTable>;
export type NewCompany = Insertable<CompaniesTable>;
export type CompanyChangeRow = Updateable<CompaniesTable>;

/** Which companies a reader sees: every one (a platform admin), one (a company shadow), or a user's memberships. */
export type CompanyReader = { all: true } | { companyId: string } | { userId: string };

const SORTS: Record<(typeof COMPANY_SORTS)[number], SortColumn> = {
  name: { ref: 'companies.name', text: true },
  customerType: { ref: 'companies.customerType' },
  timezone: { ref: 'companies.timezone', text: true },
  siteCount: { ref: 'siteCount' },
  userCount: { ref: 'userCount' },
};

/** The companies the reader sees, before anything is selected. */
function readable(db: Db, reader: CompanyReader) {
  const q = db.selectFrom('companies');
  if ('companyId' in reader) return q.where('companies.id', '=', reader.companyId);
  if ('userId' in reader) {
    return q.where('companies.id', 'in', (eb) =>
      // A disabled membership, or an invitation not yet accepted, does not offer its company (switching to it is refused too).
      eb.selectFrom('memberships').select('memberships.companyId').where('memberships.userId', '=', reader.userId).where('memberships.disabled', '=', 0).where('memberships.invitedAt', 'is', null),
    );
  }
  return q;
}

function withCounts(db: Db, reader: CompanyReader) {
  return readable(db, reader)
    .select(['companies.id', 'companies.name', 'companies.customerType', 'companies.timezone'])
    .select((eb) => [
      eb.selectFrom('sites').whereRef('sites.companyId', '=', 'companies.id').select(sql<number>`count(*)`.as('n')).as('siteCount'),
      eb.selectFrom('memberships').whereRef('memberships.companyId', '=', 'companies.id').select(sql<number>`count(*)`.as('n')).as('userCount'),
    ]);
}

type CountedRow = Omit<Company, 'siteCount' | 'userCount'> & { siteCount: number | string | null; userCount: number | string | null };
const toApi = (r: CountedRow): Company => ({
  id: r.id, name: r.name, customerType: r.customerType, timezone: r.timezone, siteCount: Number(r.siteCount ?? 0), userCount: Number(r.userCount ?? 0),
});

/** `GET /api/companies` (docs/product.md, Management): one page of the companies the reader sees, filtered by name, and the count of all. */
export async function listCompanies(db: Db, reader: CompanyReader, params: CompanyListQuery): Promise<ListAnswer<Company>> {
  let q = withCounts(db, reader);
  if (params.q) q = q.where(matchesAll([sql.ref('companies.name')], params.q));
  const page = await pageOf(q, params, SORTS, 'name', 'companies.id');
  return { data: page.data.map(toApi), total: page.total };
}

/** The company when the reader sees it; unknown and unseen ids alike are undefined. */
export const findReadableCompany = (db: Db, reader: CompanyReader, id: string): Promise<CompanyRow | undefined> =>
  readable(db, reader).selectAll('companies').where('companies.id', '=', id).executeTakeFirst();

/** The company with this name, ignoring case (names are unique on the platform). */
export const findCompanyByName = (db: Db, name: string): Promise<CompanyRow | undefined> =>
  db.selectFrom('companies').selectAll().where(sql<boolean>`lower(name) = lower(${name})`).executeTakeFirst();

export async function companyView(db: Db, row: CompanyRow): Promise<Company> {
  return toApi(await withCounts(db, { all: true }).where('companies.id', '=', row.id).executeTakeFirstOrThrow());
}

export async function insertCompany(db: Db, row: NewCompany): Promise<void> {
  await db.insertInto('companies').values(row).execute();
}

export async function updateCompany(db: Db, id: string, change: CompanyChangeRow): Promise<void> {
  await db.updateTable('companies').set(change).where('id', '=', id).execute();
}

export async function deleteCompany(db: Db, id: string): Promise<void> {
  await db.deleteFrom('companies').where('id', '=', id).execute();
}

/** The company's sites: how many, and a few names. */
export async function sitesOfCompany(db: Db, companyId: string, sample = 3): Promise<{ count: number; names: string[] }> {
  const [count, names] = await Promise.all([
    db.selectFrom('sites').select(sql<number>`count(*)`.as('n')).where('companyId', '=', companyId).executeTakeFirst(),
    db.selectFrom('sites').select('name').where('companyId', '=', companyId).orderBy('name').limit(sample).execute(),
  ]);
  return { count: Number(count?.n ?? 0), names: names.map((r) => r.name) };
}

/** The company's members (invited and disabled ones too): how many, and a few names. */
export async function membersOfCompany(db: Db, companyId: string, sample = 3): Promise<{ count: number; names: string[] }> {
  const [count, names] = await Promise.all([
    db.selectFrom('memberships').select(sql<number>`count(*)`.as('n')).where('companyId', '=', companyId).executeTakeFirst(),
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.userId')
      .select('users.name')
      .where('memberships.companyId', '=', companyId)
      .orderBy('users.name')
      .limit(sample)
      .execute(),
  ]);
  return { count: Number(count?.n ?? 0), names: names.map((r) => r.name) };
}
