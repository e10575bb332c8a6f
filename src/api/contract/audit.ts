import { z } from 'zod';
import { id } from './common';
import { listQuery } from './list';

const isoTime = z.iso.datetime({ offset: true });

/** A person named by an audit entry; null when the entry names nobody (or the account is gone). */
export const auditPerson = z.object({ id, name: z.string(), email: z.string() }).nullable();

/**
 * One audit entry (docs/product.md, Roles): the actor is the person at the keyboard (the admin, while shadowing); the subject is
 * the identity a user shadow acted as, else the user the action was about; `shadow` marks entries made in a shadow
 * session.
 */
export const auditEntry = z.object({
  id,
  /** ISO 8601. */
  at: z.string(),
  action: z.string(),
  detail: z.string(),
  companyId: id.nullable(),
  companyName: z.string().nullable(),
  actor: auditPerson,
  subject: auditPerson,
  shadow: z.enum(['company', 'user']).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const AUDIT_SORTS = ['at'] as const;

/**
 * `GET /api/audit` (docs/product.md, Management): `q` matches the action, the detail and the actor's name or email; `from` is inclusive
 * and `to` exclusive; `shadow` keeps only shadow entries (`1`, `true`, or the kind) or none of them (`0`, `false`).
 * Newest first unless `sort=at`.
 */
export const auditListQuery = listQuery(AUDIT_SORTS)
  .extend({
    actor: id.optional(),
    from: isoTime.optional(),
    to: isoTime.optional(),
    shadow: z.enum(['0', '1', 'true', 'false', 'company', 'user']).optional(),
  })
  .refine((v) => !v.from || !v.to || Date.parse(v.from) < Date.parse(v.to), { message: 'from must be before to', path: ['from'] });
export type AuditListQuery = z.infer<typeof auditListQuery>;
