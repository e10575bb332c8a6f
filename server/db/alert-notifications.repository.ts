import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db, Dialect } from './database';
import type { AlertNotificationsTable, MessageTemplatesTable } from './alerts.schema';

export type AlertNotificationRow = Selectable<AlertNotificationsTable>;
export type AlertNotificationChange = Updateable<AlertNotificationsTable>;

/**
 * Up to `limit` notifications due now, the longest waiting first. Inside the caller's transaction: SQLite has one
 * writer at a time already; PostgreSQL instances skip what another is claiming.
 */
export async function dueNotificationIds(trx: Db, dialect: Dialect, now: number, limit: number): Promise<string[]> {
  let q = trx.selectFrom('alertNotifications').select('id').where('sentAt', 'is', null).where('nextAt', '<=', now).orderBy('nextAt').limit(limit);
  if (dialect === 'postgres') q = q.forUpdate().skipLocked();
  return (await q.execute()).map((r) => r.id);
}

/** Holds the notifications for this instance until `until`: nobody else finds them due before then. */
export async function leaseNotifications(trx: Db, ids: readonly string[], until: number): Promise<void> {
  await trx.updateTable('alertNotifications').set({ nextAt: until }).where('id', 'in', ids).execute();
}

/** A notification with its reader's address and language and its event's company. */
export const findNotificationToSend = (db: Db, id: string) =>
  db
    .selectFrom('alertNotifications as a')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .innerJoin('alertEvents as e', 'e.id', 'a.eventId')
    .select(['a.id', 'a.eventId', 'a.userId', 'a.kind', 'a.attempts', 'u.email', 'u.locale', 'e.companyId'])
    .where('a.id', '=', id)
    .executeTakeFirst();

export async function updateNotification(db: Db, id: string, change: AlertNotificationChange): Promise<void> {
  await db.updateTable('alertNotifications').set(change).where('id', '=', id).execute();
}

/** What a notification's mail says of its event: the rule, where, the value, and the rule's template if it has one. */
export const eventForMail = (db: Db, eventId: string) =>
  db
    .selectFrom('alertEvents as e')
    .innerJoin('alertRules as r', 'r.id', 'e.ruleId')
    .innerJoin('sites as s', 's.id', 'e.siteId')
    .innerJoin('nodes as n', 'n.id', 'e.nodeId')
    .leftJoin('feeds as f', 'f.id', 'e.feedId')
    .leftJoin('signalTypes as st', 'st.id', 'f.signalTypeId')
    .leftJoin('messageTemplates as t', 't.id', 'r.templateId')
    .select([
      'r.name as rule', 'r.companyId', 's.name as site', 's.timezone', 'n.name as node', 'f.name as feed', 'st.unit', 'e.peak', 'e.severity', 'e.startedAt',
      'r.condition', 'r.low', 'r.high', 'r.forMinutes', 't.name as templateName', 't.locale as templateLocale', 't.subject as templateSubject', 't.body as templateBody',
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst();

/** The company's template of this name in `locale`, else its English one. */
export const templateWordsIn = (db: Db, companyId: string, name: string, locale: NonNullable<MessageTemplatesTable['locale']>) =>
  db
    .selectFrom('messageTemplates')
    .select(['subject', 'body'])
    .where('companyId', '=', companyId)
    .where('name', '=', name)
    .where('locale', 'in', [locale, 'en'])
    .orderBy(sql`case when locale = ${locale} then 0 else 1 end`)
    .executeTakeFirst();
