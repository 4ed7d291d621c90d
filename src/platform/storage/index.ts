/**
 * Picks the storage implementation once: the browser's localStorage, or memory when the page has
 * none (private modes, tests). Write failures (quota) propagate to the caller, who shows them.
 */
import { createMemoryStorage } from './memoryStorage';
import type { StoragePort } from './port';

export type { StoragePort } from './port';
export { createMemoryStorage } from './memoryStorage';

export function createLocalStorage(store: Storage): StoragePort {
  return {
    read: (key) => store.getItem(key),
    write: (key, value) => store.setItem(key, value),
    remove: (key) => store.removeItem(key),
  };
}

let current: StoragePort | null = null;

export function storage(): StoragePort {
  if (current === null) {
    current = typeof globalThis.localStorage === 'undefined' ? createMemoryStorage() : createLocalStorage(globalThis.localStorage);
  }
  return current;
}

export function setStoragePort(port: StoragePort): void {
  current = port;
}
