/** In-memory storage port: the test double, and the fallback where localStorage is missing. */
import type { StoragePort } from './port';

export function createMemoryStorage(initial: Record<string, string> = {}): StoragePort & { readonly entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    read: (key) => entries.get(key) ?? null,
    write: (key, value) => void entries.set(key, value),
    remove: (key) => void entries.delete(key),
  };
}
