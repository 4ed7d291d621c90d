/**
 * Whether the browser keeps this site's data when storage runs short (the journal's IndexedDB
 * lives there, and may be the only copy of the log). A browser evicts "best-effort" site data
 * under pressure; data it has granted persistence is kept until the user clears it. Chromium
 * grants it without asking to a site the user engages with (or installed), Firefox asks the user,
 * Safari decides on its own. The web implementation uses the Storage API
 * (`navigator.storage.persist()` and `persisted()`); the test double answers as told.
 */
export interface PersistencePort {
  /** true: kept until the user clears it; false: the browser may evict it; null: this browser cannot say. */
  persisted(): Promise<boolean | null>;
  /** Asks the browser to keep the site's data (some ask the user); resolves with the answer. */
  persist(): Promise<boolean | null>;
}

export function createWebPersistence(manager: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator?.storage): PersistencePort {
  const ask = async (question: 'persist' | 'persisted'): Promise<boolean | null> => {
    if (typeof manager?.[question] !== 'function') return null;
    try {
      return await manager[question]();
    } catch {
      return null;
    }
  };
  return { persisted: () => ask('persisted'), persist: () => ask('persist') };
}
