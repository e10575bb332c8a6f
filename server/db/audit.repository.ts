import type { Insertable } from 'kysely';
import type { Db } from './database';
import type { AuditLogTable } from './schema';
import type { AccessClaims } from '../auth/tokens';

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
 * The one way anything is audited (DESIGN §2: shadow start and exit, and every write made while shadowing, with both
 * identities). The actor is the person at the keyboard (the admin, while shadowing); the subject is the identity a
 * user shadow acts as, else the user the action is about; `shadow` marks entries made in a shadow session.
 */
export async function audit(db: Db, who: AuditWho, what: AuditWhat, at = Date.now()): Promise<void> {
  const identities = isClaims(who)
    ? { actorUserId: who.act?.sub ?? who.sub, subjectUserId: who.shd === 'user' ? who.sub : (what.subjectUserId ?? null), shadow: who.shd ?? null }
    : { actorUserId: who.actorUserId, subjectUserId: who.subjectUserId ?? what.subjectUserId ?? null, shadow: who.shadow ?? null };
  const row: AuditRow = { ...identities, companyId: what.companyId, action: what.action, detail: what.detail ?? '', at };
  await db.insertInto('auditLog').values(row).execute();
}
