/**
 * The key–value port behind persisted settings. Synchronous on purpose: settings are read once
 * before the first render so the screen never flashes defaults.
 */
export interface StoragePort {
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
}
