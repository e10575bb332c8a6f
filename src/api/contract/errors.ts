/**
 * Every `code` an error answer of the API may carry, and the ones the client makes up when no usable answer arrived.
 * The server may throw no other (AppError takes a ServerErrorCode), and the client's code → message map is a record
 * over all of them (src/machines/failure.ts): a new code cannot ship without its words in every language.
 */
export const SERVER_ERROR_CODES = [
  // Any request.
  'bad_request', 'payload_too_large', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited', 'internal_error',
  // Idempotent writes (the Idempotency-Key header).
  'idempotency_mismatch', 'idempotency_in_progress',
  // Sessions and tokens.
  'invalid_token', 'invalid_refresh_token', 'refresh_token_reused', 'session_expired', 'session_revoked',
  // Sign-in, the one-time code, passwords and sign-up.
  'invalid_credentials', 'email_unverified', 'account_disabled', 'invalid_password', 'mfa_invalid', 'invalid_code', 'code_expired',
  'too_many_attempts',
  // External sign-in.
  'invalid_state', 'provider_unavailable', 'external_login_failed', 'email_missing', 'email_not_verified', 'unknown_account',
  // Machines' keys: a hub's ingest key and a wall display's key.
  'invalid_api_key', 'invalid_display_key',
  // Management writes.
  'duplicate', 'in_use', 'last_manager', 'own_membership',
  // Reports: one per fridge and month, none changed once submitted.
  'exists', 'submitted',
  // Alert events.
  'already_acknowledged', 'resolved',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** The client's own: no answer (network_error is the only one that means "offline"), or none it could read. */
export const CLIENT_ERROR_CODES = ['network_error', 'timeout', 'invalid_response', 'http_error', 'aborted', 'unknown_error'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export type ErrorCode = ServerErrorCode | ClientErrorCode;
