// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearStoredSession, readStoredPreferences, readStoredSession, storeSession, writeHistoryPathname, writeStoredPreferences, writeUnauthorizedCount } from '../../src/storage/browser-storage';

// A browser that blocks this site's data (a privacy setting) throws SecurityError on every touch of localStorage.
function blockStorage() {
  const real = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  });
  return () => Object.defineProperty(window, 'localStorage', real);
}

describe('browser storage when the browser blocks site data', () => {
  let unblock: (() => void) | undefined;
  afterEach(() => {
    unblock?.();
    unblock = undefined;
    vi.restoreAllMocks();
  });

  it('writes nothing and throws nothing: the app works for the tab without keeping anything', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    unblock = blockStorage();
    expect(() => writeUnauthorizedCount(2)).not.toThrow();
    expect(() => writeHistoryPathname('/reports')).not.toThrow();
    expect(() => writeStoredPreferences({ locale: 'fr' })).not.toThrow();
    expect(() => storeSession({ accessToken: 'a', refreshToken: 'r' }, {})).not.toThrow();
    expect(() => clearStoredSession()).not.toThrow();
    expect(readStoredPreferences()).toBeNull();
  });

  it('still fails to restore a session, so the session machine decides (signed out)', async () => {
    unblock = blockStorage();
    await expect(readStoredSession()).rejects.toThrow(/insecure/);
  });

  it('with storage, keeps and reads the preferences as before', () => {
    writeStoredPreferences({ locale: 'it' });
    expect(readStoredPreferences()).toEqual({ locale: 'it' });
  });
});
