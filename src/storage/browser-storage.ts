import { loadRoot, saveSlice } from './secure-store';
import { STORAGE_KEYS } from './keys';

// What the machines keep in the browser (keys in docs/product.md, Browser storage): the session (the encrypted root's Auth slice, plain keys for
// the rest) and the preferences. Machines call these from their store actors and hold no storage code themselves.

/**
 * Writes that a browser blocking this site's data refuses (every touch of localStorage throws SecurityError there):
 * the app then works for the tab without keeping anything. Reading the stored session still throws, so the session
 * machine's failed restore decides (signed out); preferences read as none.
 */
function quietly(write: () => void): void {
  try {
    write();
  } catch (e) {
    console.warn('browser storage refused', e);
  }
}

/** A session as stored; the session machine owns its shape, this file only keeps it. */
interface StoredSession {
  accessToken: string;
  refreshToken: string;
}

/** The 401 counter (docs/product.md, Errors), as the session machine last counted it. */
export const writeUnauthorizedCount = (count: number) => quietly(() => localStorage.setItem(STORAGE_KEYS.unauthorizedCount, String(count)));

/** docs/product.md, Screens and routes: the pathname of every protected visit. */
export const writeHistoryPathname = (path: string) => quietly(() => localStorage.setItem(STORAGE_KEYS.historyPathname, path));

export function clearStoredSession(): void {
  quietly(() => {
    localStorage.removeItem(STORAGE_KEYS.userToken);
    localStorage.removeItem(STORAGE_KEYS.accessToken);
  });
  void saveSlice('Auth', undefined).catch((e: unknown) => console.error('session store', e));
}

/** `userToken` without its refresh token, `access_token`, and the whole of it (tokens per company too) encrypted. */
export function storeSession<S extends StoredSession>(session: S, userTokens: Record<string, S>): void {
  const { refreshToken: _r, ...visible } = session;
  quietly(() => {
    localStorage.setItem(STORAGE_KEYS.userToken, JSON.stringify(visible));
    localStorage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  });
  void saveSlice('Auth', { session, userTokens }).catch((e: unknown) => console.error('session store', e));
}

/** What was stored, unchecked: the session machine decides what to make of it. */
export async function readStoredSession(): Promise<{ auth: { session?: unknown; userTokens?: unknown } | undefined; unauthorizedCount: number }> {
  const count = Number(localStorage.getItem(STORAGE_KEYS.unauthorizedCount) ?? '0');
  const root = await loadRoot();
  return { auth: root.Auth as { session?: unknown; userTokens?: unknown } | undefined, unauthorizedCount: Number.isFinite(count) && count > 0 ? count : 0 };
}

/** The stored preferences as JSON, or null when none (or unreadable). */
export function readStoredPreferences(): unknown {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.preferences);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    // Unparsable, or storage blocked: no preferences.
    return null;
  }
}

export const writeStoredPreferences = (preferences: unknown) => quietly(() => localStorage.setItem(STORAGE_KEYS.preferences, JSON.stringify(preferences)));
