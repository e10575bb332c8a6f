import type { Insertable, Selectable } from 'kysely';
import type { Db } from './database';
import type { SiteSharesTable } from './shares.schema';
import type { Share } from '../../src/api/contract/shares';

export type ShareRow = Selectable<SiteSharesTable>;

const iso = (ms: number | string | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

export async function insertShare(db: Db, row: Insertable<SiteSharesTable>): Promise<void> {
  await db.insertInto('siteShares').values(row).execute();
}

/** A site's shares, newest first, with the name of who made each; never the token's hash. */
export async function sharesOfSite(db: Db, companyId: string, siteId: string): Promise<Share[]> {
  const rows = await db
    .selectFrom('siteShares')
    .leftJoin('users', 'users.id', 'siteShares.createdBy')
    .select(['siteShares.id', 'siteShares.siteId', 'siteShares.createdAt', 'siteShares.expiresAt', 'siteShares.createdBy', 'siteShares.revokedAt', 'users.name as createdByName'])
    .where('siteShares.companyId', '=', companyId)
    .where('siteShares.siteId', '=', siteId)
    .orderBy('siteShares.createdAt', 'desc')
    .orderBy('siteShares.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    siteId: r.siteId,
    createdAt: iso(r.createdAt)!,
    expiresAt: iso(r.expiresAt)!,
    createdBy: r.createdBy,
    createdByName: r.createdByName ?? null,
    revokedAt: iso(r.revokedAt),
  }));
}

/** A share of this site (another site's id is as unknown as a made-up one). */
export const findShare = (db: Db, siteId: string, shareId: string): Promise<ShareRow | undefined> =>
  db.selectFrom('siteShares').selectAll().where('id', '=', shareId).where('siteId', '=', siteId).executeTakeFirst();

/** The share a token opens now: not revoked and not yet expired; anything else opens nothing. */
export const liveShareByTokenHash = (db: Db, tokenHash: string, now: number): Promise<ShareRow | undefined> =>
  db
    .selectFrom('siteShares')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();

/** Revokes once; a share already revoked keeps its first revocation time. */
export async function revokeShare(db: Db, shareId: string, at: number): Promise<void> {
  await db.updateTable('siteShares').set({ revokedAt: at }).where('id', '=', shareId).where('revokedAt', 'is', null).execute();
}
