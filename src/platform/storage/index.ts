/**
 * Picks the storage implementation once: the browser's localStorage, or memory when the page
 * cannot use it. The browser may refuse site storage outright (reading `localStorage` throws
 * SecurityError when site data is blocked) or fill up (`setItem` throws QuotaExceededError);
 * neither may keep the app from working, so the port falls back to memory for the rest of the
 * visit and remembers why, for the one notice the app shows (`storageProblem`).
 */
import { createMemoryStorage } from './memoryStorage';
import type { StoragePort } from './port';
import { messageOf } from '../../shared/messageOf';

export type { StoragePort } from './port';
export { createMemoryStorage } from './memoryStorage';

export function createLocalStorage(store: Storage): StoragePort {
  return {
    read: (key) => store.getItem(key),
    write: (key, value) => store.setItem(key, value),
    remove: (key) => store.removeItem(key),
  };
}

function describe(error: unknown): string {
  const name = (error as { name?: string }).name;
  if (name === 'QuotaExceededError') return "this browser's storage for the site is full";
  if (name === 'SecurityError') return 'this browser blocks storage for the site';
  return `this browser's storage failed (${messageOf(error)})`;
}

/** A storage port that can say why it fell back to memory. */
export interface ResilientStorage extends StoragePort {
  /** Why values written now will not outlive this visit, or null while the primary storage works. */
  problem(): string | null;
}

/**
 * `primary`, or memory from its first failure on: what was written before stays readable from
 * the memory copy of every value written in this visit.
 */
export function createResilientStorage(primary: () => StoragePort): ResilientStorage {
  const memory = createMemoryStorage();
  let port: StoragePort | null = null;
  let problem: string | null = null;
  const fail = (error: unknown): StoragePort => {
    problem ??= describe(error);
    port = memory;
    return memory;
  };
  const current = (): StoragePort => {
    if (port !== null) return port;
    try {
      port = primary();
    } catch (error) {
      return fail(error);
    }
    return port;
  };
  const guarded = <T>(use: (p: StoragePort) => T): T => {
    const p = current();
    try {
      return use(p);
    } catch (error) {
      return use(fail(error));
    }
  };
  return {
    problem: () => problem,
    read: (key) => guarded((p) => p.read(key)),
    write: (key, value) => {
      memory.write(key, value);
      guarded((p) => p.write(key, value));
    },
    remove: (key) => {
      memory.remove(key);
      guarded((p) => p.remove(key));
    },
  };
}

/** The browser's localStorage behind a memory fallback (the composition root makes one per app); it is probed on first use. */
export function createBrowserStorage(): ResilientStorage {
  return createResilientStorage(() => {
    // Reading the property is what throws when the browser blocks site data.
    const local = globalThis.localStorage;
    if (local === undefined) return createMemoryStorage();
    local.getItem('repline.probe');
    return createLocalStorage(local);
  });
}
