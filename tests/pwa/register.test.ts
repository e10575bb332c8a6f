import { describe, expect, it, vi } from 'vitest';
import {
  APP_OFFLINE_EVENT,
  checkServiceWorkerScript,
  isLocalHost,
  isServiceWorkerScript,
  registerServiceWorker,
  type PwaEnvironment,
} from '../../src/pwa/register';

const script = (contentType: string | null, status = 200) =>
  new Response('', { status, headers: contentType ? { 'content-type': contentType } : {} });

/** A browser made of fakes; `loaded: false` holds registration until the test fires `load`. */
function fakeBrowser({ hostname = '127.0.0.1', response, loaded = true, registered = false, serviceWorker = true }: {
  hostname?: string;
  response?: () => Promise<Response>;
  loaded?: boolean;
  registered?: boolean;
  serviceWorker?: boolean;
}) {
  const unregister = vi.fn(async () => true);
  const container = {
    register: vi.fn(async () => ({}) as ServiceWorkerRegistration),
    getRegistration: vi.fn(async () => (registered ? ({ unregister } as unknown as ServiceWorkerRegistration) : undefined)),
  };
  const win = Object.assign(new EventTarget(), { document: { readyState: (loaded ? 'complete' : 'interactive') as DocumentReadyState } });
  const offlineEvents: Event[] = [];
  win.addEventListener(APP_OFFLINE_EVENT, (e) => offlineEvents.push(e));
  const fetch = vi.fn(response ?? (async () => script('text/javascript; charset=utf-8')));
  const reload = vi.fn();
  const env: PwaEnvironment = {
    navigator: serviceWorker ? { serviceWorker: container } : {},
    fetch: fetch as unknown as typeof globalThis.fetch,
    location: { hostname, reload },
    window: win,
  };
  return { env, container, unregister, fetch, reload, win, offlineEvents };
}

describe('isLocalHost', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '[::1]'])('%s is local', (h) => expect(isLocalHost(h)).toBe(true));
  it.each(['sitewatch.example', '128.0.0.1', '127.0.0.256', '10.0.0.1', 'localhost.example', '::1x', ''])('%s is not local', (h) =>
    expect(isLocalHost(h)).toBe(false));
});

describe('isServiceWorkerScript', () => {
  it.each(['application/javascript', 'text/javascript; charset=utf-8', 'Application/JavaScript'])('accepts %s', (type) =>
    expect(isServiceWorkerScript(script(type))).toBe(true));
  it.each(['text/html; charset=utf-8', 'application/json', null])('refuses %s', (type) =>
    expect(isServiceWorkerScript(script(type))).toBe(false));
  it('refuses a 404 whatever its type', () => expect(isServiceWorkerScript(script('application/javascript', 404))).toBe(false));
});

describe('checkServiceWorkerScript', () => {
  it('tells a missing script from a missing network', async () => {
    expect(await checkServiceWorkerScript('/sw.js', async () => script('application/javascript'))).toBe('valid');
    expect(await checkServiceWorkerScript('/sw.js', async () => script('text/html'))).toBe('invalid');
    expect(await checkServiceWorkerScript('/sw.js', () => Promise.reject(new TypeError('Failed to fetch')))).toBe('offline');
  });
});

describe('registerServiceWorker', () => {
  it('does nothing where service workers are not supported', async () => {
    const b = fakeBrowser({ serviceWorker: false });
    expect(await registerServiceWorker({}, b.env)).toBe('unsupported');
    expect(b.fetch).not.toHaveBeenCalled();
  });

  it('registers directly on a non-local host, without fetching the script', async () => {
    const b = fakeBrowser({ hostname: 'sitewatch.example' });
    expect(await registerServiceWorker({}, b.env)).toBe('registered');
    expect(b.fetch).not.toHaveBeenCalled();
    expect(b.container.register).toHaveBeenCalledWith('/sw.js');
  });

  it('on a local host checks the script first, then registers', async () => {
    const b = fakeBrowser({});
    expect(await registerServiceWorker({ swUrl: '/app/sw.js' }, b.env)).toBe('registered');
    expect(b.fetch).toHaveBeenCalledWith('/app/sw.js', expect.anything());
    expect(b.container.register).toHaveBeenCalledWith('/app/sw.js');
  });

  it('unregisters the worker and reloads when a local host serves no script', async () => {
    const b = fakeBrowser({ registered: true, response: async () => script('text/html') });
    expect(await registerServiceWorker({}, b.env)).toBe('unregistered');
    expect(b.unregister).toHaveBeenCalledOnce();
    expect(b.reload).toHaveBeenCalledOnce();
    expect(b.container.register).not.toHaveBeenCalled();
  });

  it('treats a 404 as no script', async () => {
    const b = fakeBrowser({ registered: true, response: async () => script('application/javascript', 404) });
    expect(await registerServiceWorker({}, b.env)).toBe('unregistered');
    expect(b.reload).toHaveBeenCalledOnce();
  });

  it('does not reload when there is no worker to remove, so a dev server cannot loop', async () => {
    const b = fakeBrowser({ response: async () => script('text/html') });
    expect(await registerServiceWorker({}, b.env)).toBe('not-served');
    expect(b.reload).not.toHaveBeenCalled();
    expect(b.container.register).not.toHaveBeenCalled();
  });

  it('fires app-offline and calls onOffline when the check finds no network', async () => {
    const b = fakeBrowser({ registered: true, response: () => Promise.reject(new TypeError('Failed to fetch')) });
    const onOffline = vi.fn();
    expect(await registerServiceWorker({ onOffline }, b.env)).toBe('offline');
    expect(b.offlineEvents).toHaveLength(1);
    expect(b.offlineEvents[0]).toBeInstanceOf(CustomEvent);
    expect(onOffline).toHaveBeenCalledOnce();
    expect(b.unregister).not.toHaveBeenCalled();
    expect(b.reload).not.toHaveBeenCalled();
    expect(b.container.register).not.toHaveBeenCalled();
  });

  it('waits for the window load event', async () => {
    const b = fakeBrowser({ hostname: 'sitewatch.example', loaded: false });
    const outcome = registerServiceWorker({}, b.env);
    await new Promise((r) => setTimeout(r, 0));
    expect(b.container.register).not.toHaveBeenCalled();
    b.win.dispatchEvent(new Event('load'));
    expect(await outcome).toBe('registered');
    expect(b.container.register).toHaveBeenCalledOnce();
  });

  it('logs a refused registration instead of rejecting', async () => {
    const b = fakeBrowser({ hostname: 'sitewatch.example' });
    b.container.register.mockRejectedValueOnce(new DOMException('insecure', 'SecurityError'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await registerServiceWorker({}, b.env)).toBe('failed');
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
