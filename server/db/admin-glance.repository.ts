import { sql } from 'kysely';
import type { Db } from './database';

/** Every open (active or acknowledged) critical alert event of the platform, newest first, with its company's name. */
export const openCriticalEvents = (db: Db) =>
  db
    .selectFrom('alertEvents as e')
    .innerJoin('companies as c', 'c.id', 'e.companyId')
    .select(['e.id', 'e.companyId', 'c.name as companyName', 'e.startedAt'])
    .where('e.severity', '=', 'critical')
    .where('e.state', '!=', 'resolved')
    .orderBy('e.startedAt', 'desc')
    .orderBy('e.id')
    .execute();

/** Nodes at or below `maxPct` battery across the platform: how many, and the `limit` lowest with where they are. */
export async function weakBatteryNodes(db: Db, maxPct: number, limit: number) {
  const weak = db.selectFrom('nodes as n').where('n.batteryPct', 'is not', null).where('n.batteryPct', '<=', maxPct);
  const [total, nodes] = [
    await weak.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    await weak
      .innerJoin('sites as s', 's.id', 'n.siteId')
      .innerJoin('companies as c', 'c.id', 'n.companyId')
      .select(['n.id as nodeId', 'n.name as nodeName', 'n.batteryPct', 's.id as siteId', 's.name as siteName', 'c.id as companyId', 'c.name as companyName'])
      .orderBy('n.batteryPct')
      .orderBy('n.name')
      .orderBy('n.id')
      .limit(limit)
      .execute(),
  ];
  return { total: Number(total.n), nodes: nodes.map((r) => ({ ...r, batteryPct: Number(r.batteryPct) })) };
}

/**
 * Shadow sessions still open at `now` (neither exited nor revoked, before their absolute expiry), with the admin,
 * the shadowed user or company, and when a token of the session was last issued.
 */
export const openShadowSessions = (db: Db, now: number) =>
  db
    .selectFrom('refreshFamilies as f')
    .innerJoin('users as actor', 'actor.id', 'f.actorUserId')
    .innerJoin('users as subject', 'subject.id', 'f.userId')
    .leftJoin(
      (eb) => eb.selectFrom('refreshTokens').select(['familyId', sql<number>`MAX(created_at)`.as('lastUsedAt')]).groupBy('familyId').as('t'),
      (join) => join.onRef('t.familyId', '=', 'f.id'),
    )
    // A user shadow's company is the one its newest token acts for; a company shadow's is fixed.
    .leftJoin('refreshTokens as newest', (join) => join.onRef('newest.familyId', '=', 'f.id').onRef('newest.createdAt', '=', 't.lastUsedAt'))
    .leftJoin('companies as c', (join) => join.on((eb) => eb('c.id', '=', eb.fn.coalesce('f.shadowCompanyId', 'newest.companyId'))))
    .select([
      'f.id', 'f.shadowKind', 'f.createdAt', 't.lastUsedAt', 'actor.name as actorName', 'actor.email as actorEmail',
      'subject.name as subjectName', 'subject.email as subjectEmail', 'c.id as companyId', 'c.name as companyName',
    ])
    .where('f.shadowKind', 'is not', null)
    .where('f.revokedAt', 'is', null)
    .where('f.absoluteExpiresAt', '>', now)
    .orderBy(sql`COALESCE(t.last_used_at, f.created_at)`, 'desc')
    .orderBy('f.id')
    .execute();

/** Accounts signed in at or after `since`: how many, and the `limit` newest. */
export async function signInsSince(db: Db, since: number, limit: number) {
  const recent = db.selectFrom('users').where('lastLoginAt', '>=', since);
  const [total, users] = [
    await recent.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    await recent.select(['id', 'name', 'email', 'lastLoginAt', 'platformRole']).orderBy('lastLoginAt', 'desc').orderBy('id').limit(limit).execute(),
  ];
  return { total: Number(total.n), users };
}
