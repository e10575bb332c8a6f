import { sql, type Insertable } from 'kysely';
import type { Db } from './database';
import type { AuditLogTable } from './schema';
import type { AccessClaims } from '../auth/tokens';
import { now as clockNow } from '../clock';
import { matchesAll, pageOf } from './list';
import type { ListAnswer } from '../../src/api/contract/list';
import type { AuditEntry, AuditListQuery } from '../../src/api/contract/audit';

export type AuditRow = Insertable<AuditLogTable>;

/** Who did it: a session's claims, or the people named outright (sign-in, shadow start, a hub key). */
export type AuditWho = AccessClaims | { actorUserId: string | null; subjectUserId?: string | null; shadow?: 'company' | 'user' | null };

export interface AuditWhat {
  companyId: string | null;
  /** `resource.verb`: node-tags.create, users.invite, shadow.start … */
  action: string;
  detail?: string;
  /** The user the action is about (an invite, a role change), when it is not the shadowed identity. */
  subjectUserId?: string | null;
}

const isClaims = (who: AuditWho): who is AccessClaims => 'fam' in who;

/**
 * The one way anything is audited (docs/product.md, Roles: shadow start and exit, and every write made while shadowing, with both
 * identities). The actor is the person at the keyboard (the admin, while shadowing); the subject is the identity a
 * user shadow acts as, else the user the action is about; `shadow` marks entries made in a shadow session.
 */
export async function audit(db: Db, who: AuditWho, what: AuditWhat, at = clockNow()): Promise<void> {
  const identities = isClaims(who)
    ? { actorUserId: who.act?.sub ?? who.sub, subjectUserId: who.shd === 'user' ? who.sub : (what.subjectUserId ?? null), shadow: who.shd ?? null }
    : { actorUserId: who.actorUserId, subjectUserId: who.subjectUserId ?? what.subjectUserId ?? null, shadow: who.shadow ?? null };
  const row: AuditRow = { ...identities, companyId: what.companyId, action: what.action, detail: what.detail ?? '', at };
  await db.insertInto('auditLog').values(row).execute();
}

const person = (id: string | null, name: string | null, email: string | null) => (id && name != null && email != null ? { id, name, email } : null);

/**
 * Audit entries, newest first unless asked otherwise: every company's (`companyId` null, for a platform admin) or one
 * company's. The actor and subject are named as their accounts are now; a deleted account reads as nobody.
 */
export async function listAudit(db: Db, companyId: string | null, params: AuditListQuery): Promise<ListAnswer<AuditEntry>> {
  let q = db
    .selectFrom('auditLog')
    .leftJoin('users as actor', 'actor.id', 'auditLog.actorUserId')
    .leftJoin('users as subject', 'subject.id', 'auditLog.subjectUserId')
    .leftJoin('companies', 'companies.id', 'auditLog.companyId')
    .select([
      'auditLog.id', 'auditLog.at', 'auditLog.action', 'auditLog.detail', 'auditLog.companyId', 'auditLog.shadow', 'companies.name as companyName',
      'auditLog.actorUserId', 'actor.name as actorName', 'actor.email as actorEmail',
      'auditLog.subjectUserId', 'subject.name as subjectName', 'subject.email as subjectEmail',
    ]);
  if (companyId !== null) q = q.where('auditLog.companyId', '=', companyId);
  if (params.q) q = q.where(matchesAll([sql.ref('auditLog.action'), sql.ref('auditLog.detail'), sql.ref('actor.name'), sql.ref('actor.email')], params.q));
  if (params.actor) q = q.where('auditLog.actorUserId', '=', params.actor);
  if (params.from) q = q.where('auditLog.at', '>=', Date.parse(params.from));
  if (params.to) q = q.where('auditLog.at', '<', Date.parse(params.to));
  const shadow = params.shadow;
  if (shadow === '1' || shadow === 'true') q = q.where('auditLog.shadow', 'is not', null);
  else if (shadow === '0' || shadow === 'false') q = q.where('auditLog.shadow', 'is', null);
  else if (shadow) q = q.where('auditLog.shadow', '=', shadow);
  const page = await pageOf(q, { ...params, sort: params.sort ?? '-at' }, { at: { ref: 'auditLog.at' } }, 'at', 'auditLog.id');
  return {
    data: page.data.map((r) => ({
      id: String(r.id),
      at: new Date(Number(r.at)).toISOString(),
      action: r.action,
      detail: r.detail,
      // Platform-wide writes (companies) are recorded with an empty company.
      companyId: r.companyId || null,
      companyName: r.companyName ?? null,
      actor: person(r.actorUserId, r.actorName, r.actorEmail),
      subject: person(r.subjectUserId, r.subjectName, r.subjectEmail),
      shadow: r.shadow,
    })),
    total: page.total,
  };
}
