/**
 * A whole IndexedDB database as JSON and back, through the raw IndexedDB API only (no `idb`, no
 * journal code), so a dump is what the browser held and a load builds a database exactly as an
 * older release left it, whatever the journal code of today does.
 *
 * JSON cannot hold every value a record holds, so three are tagged as in a backup
 * (`src/log/codec.ts`): a Float64Array becomes `{ "$f64": base64 of its little-endian bytes }`
 * (every bit kept), a number JSON has no form for (±Infinity, NaN, -0) becomes
 * `{ "$num": "-Infinity" }`, and `undefined` in an array becomes `{ "$undefined": true }`. Test
 * code only.
 */

import { decode, encode } from '../../log/codec';

export interface StoreDump {
  name: string;
  keyPath: string | string[] | null;
  autoIncrement: boolean;
  indexes: { name: string; keyPath: string | string[]; unique: boolean; multiEntry: boolean }[];
  /** Every record in key order, tagged (see the module comment). */
  records: unknown[];
}

export interface DatabaseDump {
  name: string;
  version: number;
  stores: StoreDump[];
}

/** Tags what JSON cannot hold, as a backup does (`src/log/codec.ts`); the inverse of {@link untag}. */
export const tag = encode;
export const untag = decode;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Every store of database `name` in `factory`, with its records. */
export async function dumpDatabase(factory: IDBFactory, name: string): Promise<DatabaseDump> {
  const db = await request(factory.open(name));
  try {
    const names = [...db.objectStoreNames].sort();
    const stores: StoreDump[] = [];
    for (const storeName of names) {
      const store = db.transaction(storeName, 'readonly').objectStore(storeName);
      const indexes = [...store.indexNames].map((n) => {
        const index = store.index(n);
        return { name: n, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
      });
      const records = await request(store.getAll());
      stores.push({ name: storeName, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes, records: records.map(tag) });
    }
    return { name: db.name, version: db.version, stores };
  } finally {
    db.close();
  }
}

/** Creates database `dump.name` at `dump.version` in `factory` holding the dump's stores and records. */
export async function loadDatabase(factory: IDBFactory, dump: DatabaseDump): Promise<void> {
  const open = factory.open(dump.name, dump.version);
  open.onupgradeneeded = () => {
    const db = open.result;
    for (const s of dump.stores) {
      const store = db.createObjectStore(s.name, { keyPath: s.keyPath, autoIncrement: s.autoIncrement });
      for (const i of s.indexes) store.createIndex(i.name, i.keyPath, { unique: i.unique, multiEntry: i.multiEntry });
      for (const record of s.records) store.put(untag(record));
    }
  };
  const db = await request(open);
  db.close();
}
