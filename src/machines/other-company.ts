import { fromPromise } from 'xstate';
import type { ObjectHome } from '../api/contract/common';
import { apiModules } from '../api/lazy';

const api = apiModules.monitoring;

const statusOf = (e: unknown) => (e as { status?: unknown } | null)?.status;

/** A failure that says the thing asked for is not there for this token: another company may have it. */
export const isNotFound = (error: unknown) => statusOf(error) === 404;

/**
 * Where a site or report the token's company does not have lives among the person's own companies:
 * a link to the manager's other company's report offers to switch there. Null when it is none of theirs — then, and
 * only then, the page says "not found".
 */
export const locateHome = fromPromise<ObjectHome | null, { kind: 'site' | 'report'; id: string }>(async ({ input }) => {
  try {
    return await (await api()).locate(input.kind, input.id);
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
});
