import type { ZodError, ZodType } from 'zod';
import type { ServerErrorCode } from '../src/api/contract/errors';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /** One of the contract's codes: the client has words for each in every language. */
    readonly code: ServerErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError(400, 'bad_request', message, details);
export const unauthorized = (message = 'Authentication required', code: ServerErrorCode = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);

function describe(error: ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Invalid input';
  const field = first.path.join('.');
  if (first.code === 'unrecognized_keys') return `Unknown field: ${first.keys.join(', ')}`;
  return field ? `${field}: ${first.message}` : first.message;
}

/** The path of the first string holding a NUL character, or null when there is none. */
function nulAt(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = nulAt(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * One field's problem in a 400's details: the path, an English message, and the zod issue code with its limit, so a
 * client can show the problem in its own language (the form module maps codes to dictionary keys).
 */
function fieldIssue(i: ZodError['issues'][number]): { path: string; message: string; code: string; limit?: number; reason?: string } {
  const limit = 'maximum' in i ? Number(i.maximum) : 'minimum' in i ? Number(i.minimum) : undefined;
  const path = i.code === 'unrecognized_keys' && i.keys.length ? [...i.path, i.keys[0]!].join('.') : i.path.join('.');
  // A custom rule's reason (a threshold a condition needs, a band too narrow) lets a client word each one.
  const reason = i.code === 'custom' && typeof i.params?.reason === 'string' ? i.params.reason : undefined;
  return { path, message: i.message, code: i.code, ...(limit !== undefined && Number.isFinite(limit) ? { limit } : {}), ...(reason ? { reason } : {}) };
}

/** Parses input with a shared contract schema; a failure is a 400 naming the field. */
export function parse<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    throw badRequest(
      describe(result.error),
      result.error.issues.map((i) => fieldIssue(i)),
    );
  }
  // PostgreSQL text cannot hold NUL (it would fail as a 500), and no field of ours needs one.
  const nul = nulAt(result.data);
  if (nul) {
    const field = nul.join('.') || 'input';
    throw badRequest(`${field}: must not contain a NUL character`, [{ path: nul.join('.'), message: 'must not contain a NUL character' }]);
  }
  return result.data;
}
