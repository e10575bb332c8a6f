import type { I18nKey } from '../i18n';
import type { ErrorCode } from '../api/contract/errors';

/**
 * A failed call as machines keep it: the status and code the api layer reported and the dictionary key the view
 * shows for it. Codes become keys here and nowhere else, so no English text from the server reaches the screen.
 */
export interface Failure {
  status: number;
  code: string;
  key: I18nKey;
  params?: Record<string, string | number>;
}

/**
 * Every code of the contract, and the client's own, with its message; null reads as the status class's message
 * (an error status without the contract's body, a failure the client cannot name). A record over ErrorCode: a code
 * added to the contract does not compile until it has its words here, and the dictionaries type-check every key.
 */
const BY_CODE: Record<ErrorCode, I18nKey | null> = {
  network_error: 'failure.network',
  timeout: 'failure.timeout',
  invalid_response: 'failure.invalidResponse',
  http_error: null,
  unknown_error: null,
  // A call its caller cancelled is shown nowhere; should one be, it says nothing more precise.
  aborted: 'failure.unknown',
  bad_request: 'failure.badRequest',
  payload_too_large: 'failure.tooLarge',
  forbidden: 'failure.forbidden',
  not_found: 'failure.notFound',
  conflict: 'failure.conflict',
  rate_limited: 'failure.rateLimited',
  internal_error: 'failure.server',
  idempotency_in_progress: 'failure.inProgress',
  // The same key sent again with other values: the form's state is stale, so reloading is what helps.
  idempotency_mismatch: 'failure.staleRequest',
  duplicate: 'failure.duplicate',
  in_use: 'failure.inUse.unnamed',
  last_manager: 'failure.lastManager',
  own_membership: 'failure.ownMembership',
  // Reports: one per fridge and month, and none changes once submitted.
  exists: 'failure.reportExists',
  submitted: 'failure.reportSubmitted',
  already_acknowledged: 'failure.alreadyAcknowledged',
  resolved: 'failure.alreadyResolved',
  // Sign-in, the one-time code and external sign-in: the server's texts name providers and addresses, the keys do not.
  invalid_credentials: 'failure.invalidCredentials',
  email_unverified: 'failure.emailUnverified',
  invalid_password: 'failure.wrongPassword',
  account_disabled: 'failure.accountDisabled',
  mfa_invalid: 'failure.signInExpired',
  invalid_state: 'failure.signInExpired',
  invalid_code: 'failure.invalidCode',
  code_expired: 'failure.codeExpired',
  too_many_attempts: 'failure.tooManyAttempts',
  provider_unavailable: 'failure.providerUnavailable',
  external_login_failed: 'failure.externalFailed',
  email_missing: 'failure.emailMissing',
  email_not_verified: 'failure.emailNotVerified',
  unknown_account: 'failure.unknownAccount',
  // A hub's or a wall display's key that is not (or no longer) valid.
  invalid_api_key: 'failure.keyInvalid',
  invalid_display_key: 'failure.keyInvalid',
  // A session the server no longer honours, however it found out.
  unauthorized: 'failure.sessionEnded',
  invalid_token: 'failure.sessionEnded',
  invalid_refresh_token: 'failure.sessionEnded',
  refresh_token_reused: 'failure.sessionEnded',
  session_revoked: 'failure.sessionEnded',
  session_expired: 'failure.sessionExpired',
};
const isKnown = (code: string): code is ErrorCode => Object.hasOwn(BY_CODE, code);

/** What a 409 in_use names, by the kind of thing that uses the row. */
const IN_USE: Record<string, I18nKey> = {
  nodes: 'failure.inUse.nodes',
  feeds: 'failure.inUse.feeds',
  hubs: 'failure.inUse.hubs',
  'sub-sites': 'failure.inUse.subSites',
  sites: 'failure.inUse.sites',
  members: 'failure.inUse.members',
  readings: 'failure.inUse.readings',
};

interface Reported {
  status?: unknown;
  code?: unknown;
  details?: unknown;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function byStatus(status: number): I18nKey {
  if (status === 0) return 'failure.unknown';
  if (status === 401) return 'failure.sessionEnded';
  if (status === 403) return 'failure.forbidden';
  if (status === 404) return 'failure.notFound';
  if (status === 429) return 'failure.rateLimited';
  if (status >= 500) return 'failure.server';
  return 'failure.unknown';
}

/** A failure from anything an api call threw (ApiError, or something unexpected). */
/** What was thrown, read as a refusal: its status (0 when none) and its details (a 400's field problems). */
export function refusalOf(e: unknown): { status: number; details: unknown } {
  const x = (e ?? {}) as Reported;
  return { status: typeof x.status === 'number' ? x.status : 0, details: x.details };
}

export function failureOf(e: unknown): Failure {
  const x = (e ?? {}) as Reported;
  const status = typeof x.status === 'number' ? x.status : 0;
  const code = typeof x.code === 'string' ? x.code : 'unknown_error';
  if (code === 'in_use') {
    const d = (x.details ?? {}) as { kind?: unknown; count?: unknown; names?: unknown };
    const kind = typeof d.kind === 'string' ? d.kind : '';
    const names = Array.isArray(d.names) ? d.names.filter((n): n is string => typeof n === 'string') : [];
    // Reported without its details (a notice from the session, which hears only status and code): nothing to name.
    if (!kind && !names.length) return { status, code, key: 'failure.inUse.unnamed' };
    return {
      status, code, key: IN_USE[kind] ?? 'failure.inUse',
      params: { count: num(d.count) ?? 0, names: names.join(', ') },
    };
  }
  if (code === 'invalid_code') {
    const triesLeft = num((x.details as { triesLeft?: unknown } | null | undefined)?.triesLeft);
    return triesLeft === null ? { status, code, key: 'failure.invalidCode' } : { status, code, key: 'failure.invalidCode.tries', params: { count: triesLeft } };
  }
  return { status, code, key: (isKnown(code) ? BY_CODE[code] : null) ?? byStatus(status) };
}
