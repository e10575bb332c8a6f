import { bindings, NETWORK_ERROR, type ReportedFailure } from './bindings';

/**
 * An api module that could not be fetched. Offline, a page whose code is loaded can still ask for a module of
 * src/api it has not used yet (the dashboard left before its first call); the browser then rejects the import with
 * a bare TypeError, which would read as "something went wrong". No answer arrived, as with a fetch that fails: it is
 * the network failure, status 0, so the page says it is offline and its retry works once the connection is back.
 * It is reported as a failed call is, so the session's offline notice (or its maintenance page) follows as for one.
 */
export class ModuleUnavailableError extends Error implements ReportedFailure {
  readonly status = 0;
  readonly code = NETWORK_ERROR;
  constructor(cause: unknown) {
    super('Network Error', { cause });
    this.name = 'ModuleUnavailableError';
  }
}

/** A module loader whose failure is the network failure above; what it resolves to is the module itself. */
export function lazyModule<T>(load: () => Promise<T>, name: string): () => Promise<T> {
  return () =>
    load().catch((e: unknown) => {
      const err = new ModuleUnavailableError(e);
      bindings.onFailure(err, { method: 'GET', path: `module:${name}`, ignoreLoading: true, isPublic: false });
      throw err;
    });
}

/**
 * The api modules machines call, each loaded with its first call and not with the start-up bundle (ky and the zod
 * contract come with them). One place, so every machine gets the same failure and no module is named twice.
 */
export const apiModules = {
  adminGlance: lazyModule(() => import('./admin-glance.api'), 'admin-glance'),
  alertEvents: lazyModule(() => import('./alert-events.api'), 'alert-events'),
  alertRules: lazyModule(() => import('./alert-rules.api'), 'alert-rules'),
  auth: lazyModule(() => import('./auth.api'), 'auth'),
  branding: lazyModule(() => import('./branding.api'), 'branding'),
  exportSchedules: lazyModule(() => import('./export-schedules.api'), 'export-schedules'),
  exports: lazyModule(() => import('./exports.api'), 'exports'),
  externalLogin: lazyModule(() => import('./external-login.api'), 'external-login'),
  monitoring: lazyModule(() => import('./monitoring.api'), 'monitoring'),
  reports: lazyModule(() => import('./reports.api'), 'reports'),
  search: lazyModule(() => import('./search.api'), 'search'),
  shares: lazyModule(() => import('./shares.api'), 'shares'),
  wall: lazyModule(() => import('./wall.api'), 'wall'),
  sites: lazyModule(() => import('./sites.api'), 'sites'),
  stream: lazyModule(() => import('./stream.api'), 'stream'),
  users: lazyModule(() => import('./users.api'), 'users'),
};
