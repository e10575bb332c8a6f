import type { Db } from './database';

export const insertHubApiKey = async (db: Db, key: { id: string; hubId: string; keyHash: string; label: string; createdAt: number }) => {
  await db.insertInto('hubApiKeys').values({ ...key, revokedAt: null }).execute();
};

/** The hub a live (not revoked) key belongs to. */
export const hubOfApiKey = async (db: Db, keyHash: string): Promise<string | undefined> =>
  (await db.selectFrom('hubApiKeys').select('hubId').where('keyHash', '=', keyHash).where('revokedAt', 'is', null).executeTakeFirst())?.hubId;

/** A hub's keys, newest first, without their hashes. */
export const apiKeysOfHub = (db: Db, hubId: string) =>
  db.selectFrom('hubApiKeys').select(['id', 'label', 'createdAt', 'revokedAt']).where('hubId', '=', hubId).orderBy('createdAt', 'desc').orderBy('id').execute();

export const findHubApiKey = (db: Db, hubId: string, keyId: string) =>
  db.selectFrom('hubApiKeys').select(['id', 'label', 'createdAt', 'revokedAt']).where('hubId', '=', hubId).where('id', '=', keyId).executeTakeFirst();

/** Revokes once; a key already revoked keeps its first revocation time. */
export const revokeHubApiKey = async (db: Db, hubId: string, keyId: string, at: number): Promise<void> => {
  await db.updateTable('hubApiKeys').set({ revokedAt: at }).where('hubId', '=', hubId).where('id', '=', keyId).where('revokedAt', 'is', null).execute();
};

/** The hub each of `feedIds` hangs off (through its node); feeds not found are absent. */
export async function hubsOfFeeds(db: Db, feedIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < feedIds.length; i += 5_000) {
    const rows = await db
      .selectFrom('feeds')
      .innerJoin('nodes', 'nodes.id', 'feeds.nodeId')
      .select(['feeds.id', 'nodes.hubId'])
      .where('feeds.id', 'in', feedIds.slice(i, i + 5_000))
      .execute();
    for (const r of rows) out.set(r.id, r.hubId);
  }
  return out;
}
