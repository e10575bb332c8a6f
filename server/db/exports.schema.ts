import type { ColumnType } from 'kysely';

/** The export tables of migration 0016; Database in schema.ts includes them. */
export interface ExportJobsTable {
  id: string;
  companyId: string;
  siteId: string;
  /** Who asked, and whom the link is mailed to. */
  userId: string;
  kind: 'readings' | 'readings-minmax';
  /** The readings request as given (JSON). */
  query: string;
  status: 'Pending' | 'Sent' | 'Error';
  progress: number;
  rowCount: number | null;
  error: string | null;
  /** The CSV under DATA_DIR/exports once written. */
  fileName: string | null;
  attempts: number;
  /** A worker holds the job until then; a crashed worker's job is taken up again after it. */
  leaseUntil: number | null;
  /** Earliest next try after a failure. */
  notBefore: number;
  tokenHash: string | null;
  tokenExpiresAt: number | null;
  createdAt: number;
  sentAt: number | null;
  /** Whom the link is mailed to (JSON array of user ids); null means the owner, as before migration 0021. */
  recipients: ColumnType<string | null, string | null | undefined, string | null>;
  /** The schedule that queued it, if any (migration 0021). */
  scheduleId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ExportTables {
  exportJobs: ExportJobsTable;
}
