/**
 * The persisted root of docs/product.md, Browser storage (Auth, SiteDashboard, white-label), encrypted with AES-GCM under a key that is
 * generated on first use and kept non-extractable in IndexedDB. See docs/decisions.md for what this protects.
 */
export const ROOT_KEY = 'persist:root';
const DB_NAME = 'sitewatch-keys';
const STORE = 'keys';
const KEY_ID = 'persist-root';

export type PersistedRoot = Partial<Record<'Auth' | 'SiteDashboard' | 'WhiteLabel', unknown>>;

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
  });
}

function idb<T>(db: IDBDatabase, mode: IDBTransactionMode, run: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = run(tx.objectStore(STORE));
    req.onsuccess = () => resolve(req.result as T);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

let keyPromise: Promise<CryptoKey> | null = null;
function rootKey(): Promise<CryptoKey> {
  keyPromise ??= (async () => {
    const db = await openDb();
    const existing = await idb<CryptoKey | undefined>(db, 'readonly', (s) => s.get(KEY_ID));
    if (existing) return existing;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await idb(db, 'readwrite', (s) => s.put(key, KEY_ID));
    return key;
  })();
  return keyPromise;
}

const toB64 = (b: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(b)));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

export async function loadRoot(): Promise<PersistedRoot> {
  const raw = localStorage.getItem(ROOT_KEY);
  if (!raw) return {};
  try {
    const { iv, data } = JSON.parse(raw) as { iv: string; data: string };
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64(iv) }, await rootKey(), fromB64(data));
    return JSON.parse(new TextDecoder().decode(plain)) as PersistedRoot;
  } catch {
    // A root we cannot decrypt (key lost with site data, or tampered) is worthless: start clean.
    localStorage.removeItem(ROOT_KEY);
    return {};
  }
}

let queue: Promise<unknown> = Promise.resolve();
/** Merges one slice into the root; writes are serialised so slices never overwrite each other. */
export function saveSlice(slice: keyof PersistedRoot, value: unknown): Promise<void> {
  const run = queue.then(async () => {
    const root = await loadRoot();
    if (value === undefined) delete root[slice];
    else root[slice] = value;
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await rootKey(), new TextEncoder().encode(JSON.stringify(root)));
    localStorage.setItem(ROOT_KEY, JSON.stringify({ v: 1, iv: toB64(iv), data: toB64(data) }));
  });
  queue = run.catch(() => undefined);
  return run;
}
