/**
 * Code loaded on demand, kept for one app: each loader's result once it has loaded, so a view
 * that mounts again renders it at once. The composition root makes one per app; views reach it
 * through `useOnDemand` (components/onDemand.ts). A loader is known by its identity: pass the
 * same function (a module's constant) each time.
 */
export interface CodeCache {
  /** What `load` gave, or null before it has loaded. */
  loaded<T>(load: () => Promise<T>): T | null;
  /** Starts `load` (once; again after a failure) and settles with its value. */
  load<T>(load: () => Promise<T>): Promise<T>;
}

interface Entry {
  value: unknown;
  pending: Promise<unknown> | null;
}

export function createCodeCache(): CodeCache {
  const entries = new Map<() => Promise<unknown>, Entry>();
  const entry = (load: () => Promise<unknown>): Entry => {
    let found = entries.get(load);
    if (found === undefined) entries.set(load, (found = { value: null, pending: null }));
    return found;
  };
  return {
    loaded: <T>(load: () => Promise<T>) => (entries.get(load)?.value ?? null) as T | null,
    load<T>(load: () => Promise<T>): Promise<T> {
      const at = entry(load);
      at.pending ??= load().then(
        (value) => (at.value = value),
        (error: unknown) => {
          at.pending = null;
          throw error;
        },
      );
      return at.pending as Promise<T>;
    },
  };
}
