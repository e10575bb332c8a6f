import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindApi, bindings } from '../../src/api/bindings';
import { lazyModule, ModuleUnavailableError } from '../../src/api/lazy';
import { failureOf } from '../../src/machines/failure';

const original = { ...bindings };
afterEach(() => bindApi(original));

describe('api modules loaded on first call', () => {
  it('resolves to the module itself', async () => {
    const mod = { answer: () => 42 };
    await expect(lazyModule(() => Promise.resolve(mod), 'answer')()).resolves.toBe(mod);
  });

  it('reads a module that could not be fetched (offline) as the network failure, not an unknown error', async () => {
    // What Chromium throws when a dynamic import's fetch fails.
    const offline = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/monitoring.api-x.js');
    const onFailure = vi.fn();
    bindApi({ onFailure });
    const error = await lazyModule(() => Promise.reject(offline), 'monitoring')().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModuleUnavailableError);
    expect((error as Error).cause).toBe(offline);
    expect(failureOf(error)).toEqual({ status: 0, code: 'network_error', key: 'failure.network' });
    // Reported as a failed call is, so the session can say the app is offline.
    expect(onFailure).toHaveBeenCalledWith(error, { method: 'GET', path: 'module:monitoring', ignoreLoading: true, isPublic: false });
  });

  it('tries again on the next call: a failed load is not remembered', async () => {
    let calls = 0;
    const load = lazyModule(() => (++calls === 1 ? Promise.reject(new TypeError('offline')) : Promise.resolve('module')), 'x');
    await expect(load()).rejects.toBeInstanceOf(ModuleUnavailableError);
    await expect(load()).resolves.toBe('module');
  });
});
