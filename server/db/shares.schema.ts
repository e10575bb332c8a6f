/** The shared dashboard links of migration 0020; Database in schema.ts includes them. */
export interface SiteSharesTable {
  id: string;
  companyId: string;
  siteId: string;
  /** SHA-256 of the token: the token itself is shown once, inside the create answer's URL. */
  tokenHash: string;
  /** Null once the account that made it is gone; the link lives on until it expires or is revoked. */
  createdBy: string | null;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export interface ShareTables {
  siteShares: SiteSharesTable;
}
