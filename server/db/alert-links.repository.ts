import type { Selectable } from 'kysely';
import type { Db } from './database';
import type { AlertEventRow, AlertLinksTable } from './alerts.schema';
import type { User } from './schema';

/** A mailed acknowledge link, with what its page needs: the recipient's language and the event's company. */
export type AlertLinkRow = Selectable<AlertLinksTable> & Pick<User, 'locale'> & Pick<AlertEventRow, 'companyId'>;

/** Keeps a mailed link by its token's hash (never the token): the link acts for `userId` on one event until `expiresAt`. */
export const saveAlertLink = (db: Db, link: { tokenHash: string; eventId: string; userId: string; expiresAt: number }) =>
  db.insertInto('alertLinks').values({ ...link, usedAt: null }).execute();

export const findAlertLink = (db: Db, tokenHash: string): Promise<AlertLinkRow | undefined> =>
  db
    .selectFrom('alertLinks as l')
    .innerJoin('users as u', 'u.id', 'l.userId')
    .innerJoin('alertEvents as e', 'e.id', 'l.eventId')
    .select(['l.tokenHash', 'l.eventId', 'l.userId', 'l.expiresAt', 'l.usedAt', 'u.locale', 'e.companyId'])
    .where('l.tokenHash', '=', tokenHash)
    .executeTakeFirst();

/** Spends a link once: false when another request spent it first. */
export async function spendAlertLink(trx: Db, tokenHash: string, at: number): Promise<boolean> {
  const used = await trx.updateTable('alertLinks').set({ usedAt: at }).where('tokenHash', '=', tokenHash).where('usedAt', 'is', null).executeTakeFirst();
  return Number(used.numUpdatedRows) > 0;
}
