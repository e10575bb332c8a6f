/** The table of migrations 0017 and 0026 (docs/decisions.md, Idempotency-Key); Database in schema.ts includes it. */
export interface IdempotencyKeysTable {
  userId: string;
  /** The company the token acted for, '' for none: the same key for another company is another request. */
  companyId: string;
  /** The admin acting while shadowing, '' otherwise, so a shadow session and its subject never share a key. */
  actorId: string;
  /** The client's Idempotency-Key header, 1..255 characters. */
  key: string;
  /** SHA-256 of what the request asked (method, URL, body), so a reused key with another request is told apart. */
  requestHash: string;
  /** 'running' from the claim until the answer is stored; a failed request deletes its claim instead. */
  state: 'running' | 'done';
  statusCode: number | null;
  contentType: string | null;
  /** The answer as sent, replayed byte for byte. */
  body: string | null;
  /** When the key was claimed; the 7 days of keeping count from here. */
  createdAt: number;
}

export interface IdempotencyTables {
  idempotencyKeys: IdempotencyKeysTable;
}
