/** The wall display tables of migration 0018; Database in schema.ts includes them. */
export interface DisplaysTable {
  id: string;
  companyId: string;
  name: string;
  /** SHA-256 of the key: the key itself is shown once, in the create answer. */
  keyHash: string;
  everySeconds: number;
  theme: 'dark' | 'light';
  createdAt: number;
  /** When the display last reached the server (its page, its stream); null until it first does. */
  lastSeenAt: number | null;
}

export interface DisplaySitesTable {
  displayId: string;
  siteId: string;
  /** The site's place in the playlist, from 0. */
  position: number;
}

export interface DisplayTables {
  displays: DisplaysTable;
  displaySites: DisplaySitesTable;
}
