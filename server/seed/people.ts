/**
 * Each company's own team (the catalogue's `team`), so every company has colleagues to acknowledge, comment on and be
 * assigned its alert events, and managers for its alert rules to mail.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/database';
import { NO_PASSWORD } from '../db/users.repository';
import { DAY, HOUR } from '../monitoring/time';
import { DEMO_ACCOUNTS } from './accounts';
import type { WorldPlan } from './plan';

/** A UUID-shaped id derived from the address: the same seed gives the same people. */
function personId(email: string): string {
  const h = crypto.createHash('sha256').update(`person/${email}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Writes plan.people as accounts and memberships, before the alert rules (a company's managers are their recipients).
 * They sign in with the demo password, like every seeded person, when the demo accounts exist (copied from the demo
 * manager: one scrypt hash costs as much as the rest of this); otherwise they have none yet. An address already taken is
 * left as it is, and only given the membership.
 */
export async function seedPeople(db: Db, plan: WorldPlan): Promise<void> {
  if (plan.people.length === 0) return;
  const demo = await db.selectFrom('users').select('passwordHash').where('email', '=', DEMO_ACCOUNTS[1].email).executeTakeFirst();
  const known = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', plan.people.map((p) => p.email)).execute();
  const ids = new Map(known.map((u) => [u.email, u.id]));
  const now = plan.options.now ?? plan.end;
  await db.transaction().execute(async (trx) => {
    for (const [i, p] of plan.people.entries()) {
      let id = ids.get(p.email);
      if (!id) {
        id = personId(p.email);
        await trx
          .insertInto('users')
          .values({
            id, email: p.email, name: p.name, passwordHash: demo?.passwordHash ?? NO_PASSWORD, mfaEnabled: 0, locale: p.locale, platformRole: null,
            disabled: 0, lastLoginAt: now - (1 + (i % 4)) * DAY - (2 + (i % 7)) * HOUR, createdAt: plan.end - plan.options.historyDays * DAY,
          })
          .execute();
      }
      await trx
        .insertInto('memberships')
        .values({ userId: id, companyId: p.companyId, role: p.role, disabled: 0, invitedAt: null })
        .onConflict((oc) => oc.columns(['userId', 'companyId']).doNothing())
        .execute();
    }
  });
}
