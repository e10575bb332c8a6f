/**
 * Service worker registration as docs/product.md, Loading and offline describes it. Framework-free: main.tsx calls it once after mounting.
 * Every browser object it touches arrives through `PwaEnvironment`, so tests run it with fakes and no DOM.
 */

/** The browser objects registration touches; the defaults are the real globals. */
export interface PwaEnvironment {
  navigator: object & { serviceWorker?: Pick<ServiceWorkerContainer, 'register' | 'getRegistration'> };
  fetch: typeof fetch;
  location: { hostname: string; reload(): void };
  window: {
    document: { readyState: DocumentReadyState };
    addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
    dispatchEvent(event: Event): boolean;
  };
}

export interface RegisterOptions {
  /** Called when the script check on a local host finds no network; the `app-offline` event fires as well. */
  onOffline?: () => void;
  /** URL of the worker script; the build writes it to the root of the base path. */
  swUrl?: string;
}

/**
 * What happened, for callers and tests: `unsupported` (no service worker API), `registered`, `unregistered` (a
 * stale worker was removed and the page reloads), `not-served` (no script and nothing to remove), `offline`,
 * `failed` (the browser refused; logged).
 */
export type RegisterOutcome = 'unsupported' | 'registered' | 'unregistered' | 'not-served' | 'offline' | 'failed';

/** The window event fired when the worker check on a local host finds the network down. */
export const APP_OFFLINE_EVENT = 'app-offline';

const LOOPBACK_V4 = /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** Local hosts get the script check; the whole 127.0.0.0/8 block is loopback, not only 127.0.0.1. */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || LOOPBACK_V4.test(hostname);
}

/**
 * Whether a response is a worker script. Locally the same port often serves another project, or a dev server that
 * answers every path with index.html, so a 404 or a non-script type means our worker is not there.
 */
export function isServiceWorkerScript(response: Pick<Response, 'status' | 'headers'>): boolean {
  if (response.status === 404) return false;
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('javascript');
}

/** Fetches the worker script; a rejected fetch means no network rather than no script. */
export async function checkServiceWorkerScript(swUrl: string, fetchFn: typeof fetch): Promise<'valid' | 'invalid' | 'offline'> {
  let response: Response;
  try {
    response = await fetchFn(swUrl, { cache: 'no-store' });
  } catch {
    return 'offline';
  }
  return isServiceWorkerScript(response) ? 'valid' : 'invalid';
}

type Container = NonNullable<PwaEnvironment['navigator']['serviceWorker']>;

/** Each global is read only when no fake replaces it: Node, where the tests run, has no `window` or `location`. */
function withDefaults(environment: Partial<PwaEnvironment> = {}): PwaEnvironment {
  return {
    navigator: environment.navigator ?? navigator,
    fetch: environment.fetch ?? ((...args) => fetch(...args)),
    location: environment.location ?? location,
    window: environment.window ?? window,
  };
}

async function registerAfterCheck(container: Container, options: RegisterOptions, env: PwaEnvironment, swUrl: string): Promise<RegisterOutcome> {
  if (!isLocalHost(env.location.hostname)) {
    await container.register(swUrl);
    return 'registered';
  }
  const script = await checkServiceWorkerScript(swUrl, env.fetch);
  if (script === 'valid') {
    await container.register(swUrl);
    return 'registered';
  }
  if (script === 'offline') {
    env.window.dispatchEvent(new CustomEvent(APP_OFFLINE_EVENT));
    options.onOffline?.();
    return 'offline';
  }
  // Reload only after removing a worker: reloading without one to remove would loop on every visit.
  const existing = await container.getRegistration();
  if (!existing) return 'not-served';
  await existing.unregister();
  env.location.reload();
  return 'unregistered';
}

async function registerNow(container: Container, options: RegisterOptions, env: PwaEnvironment, swUrl: string): Promise<RegisterOutcome> {
  try {
    return await registerAfterCheck(container, options, env, swUrl);
  } catch (error) {
    // Registration is an enhancement: the app works without it, so a refusal is logged, never thrown.
    console.error('Service worker registration failed', error);
    return 'failed';
  }
}

/**
 * Registers the service worker when the browser supports one, after the window `load` event so that precaching
 * never competes with the first paint for bandwidth. Resolves with what happened; it never rejects.
 */
export function registerServiceWorker(options: RegisterOptions = {}, environment?: Partial<PwaEnvironment>): Promise<RegisterOutcome> {
  const env = withDefaults(environment);
  const container = 'serviceWorker' in env.navigator ? env.navigator.serviceWorker : undefined;
  if (!container) return Promise.resolve('unsupported');
  const swUrl = options.swUrl ?? `${import.meta.env.BASE_URL}sw.js`;
  if (env.window.document.readyState === 'complete') return registerNow(container, options, env, swUrl);
  return new Promise((resolve) => {
    env.window.addEventListener('load', () => resolve(registerNow(container, options, env, swUrl)), { once: true });
  });
}
