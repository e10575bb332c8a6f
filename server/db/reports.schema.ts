/** The report tables of migration 0015; Database in schema.ts includes them. */
export interface MedicationFridgeReportsTable {
  id: string;
  companyId: string;
  siteId: string;
  nodeId: string;
  /** `YYYY-MM`, one report per fridge and month. */
  period: string;
  status: 'draft' | 'submitted';
  /** What people entered: JSON `{ [date]: { checkedBy, action } }` and `{ [startIso]: { cause, action, stockOutcome } }`. */
  dayEntries: string;
  excursionEntries: string;
  /** The whole report as submitted (JSON, the GET shape): it outlives any retention of raw readings. Null while draft. */
  snapshot: string | null;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
  submittedBy: string | null;
  submittedAt: number | null;
}

export interface ReportTables {
  medicationFridgeReports: MedicationFridgeReportsTable;
}
