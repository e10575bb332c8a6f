import type { Db } from './database';

export interface AuditInput {
  actorUserId: string | null;
  subjectUserId: string | null;
  companyId: string | null;
  action: string;
  detail?: string;
}

export async function audit(db: Db, entry: AuditInput): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({ ...entry, detail: entry.detail ?? '', at: Date.now() })
    .execute();
}
