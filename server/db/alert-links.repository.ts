import type { Db } from './database';

/** A mailed acknowledge link, with what its page needs: the recipient's language and the event's company. */
export interface AlertLinkRow {
  tokenHash: string;
  eventId: string;
  userId: string;
  expiresAt: number | string;
  usedAt: number | string | null;
  locale: string | null;
  companyId: string;
}

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
