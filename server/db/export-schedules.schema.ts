/** The export schedule table of migration 0021; Database in schema.ts includes it. */
export interface ExportSchedulesTable {
  id: string;
  companyId: string;
  siteId: string;
  name: string;
  kind: 'readings' | 'readings-minmax';
  /** The readings request as given (JSON); each run exports the period that just ended with it. */
  query: string;
  every: 'week' | 'month';
  /** Member ids (JSON array), each mailed the link. */
  recipients: string;
  /** Who made it: the owner of the jobs it queues (their exports list shows them). */
  createdBy: string;
  /** Runs are counted from here: weekly every 7 days, monthly the same day of the month (in the site's zone). */
  anchorAt: number;
  nextRunAt: number;
  lastRunAt: number | null;
  createdAt: number;
}
