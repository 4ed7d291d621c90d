/**
 * The backup file written as a stream (backupFormat.ts): its JSON text made piece by piece,
 * session by session and chunk by chunk, read from the journal a page of chunks at a time, and
 * gathered into a Blob whose pieces are handed over every few megabytes. No piece holds more than
 * a page of chunks, and the text is never one string, so a log of any length backs up within a
 * bounded amount of memory (in a browser a Blob's bytes leave the page's memory as it is built;
 * bench/backup.bench.ts measures it).
 */
import { encode } from '../log/codec';
import type { JournalStore } from '../journal/store';
import { BACKUP_FORMAT, BACKUP_VERSION } from './backupFormat';

/** Chunks read from the journal at a time: about 1.6 MB of samples (200 s at 200 Hz). */
const CHUNKS_PER_PAGE = 500;
/** Characters gathered before they join the Blob. */
const PIECE_CHARS = 4 * 1024 * 1024;

const json = (value: unknown) => JSON.stringify(encode(value));

/** The backup's JSON text, in pieces, in the order of the format. */
export async function* backupText(store: JournalStore, now: Date): AsyncGenerator<string> {
  const [athletes, exercises, order, deleted, records] = await Promise.all([store.athletes(), store.exercises(), store.order(), store.tombstones(), store.sessions()]);
  yield `{"format":${JSON.stringify(BACKUP_FORMAT)},"version":${BACKUP_VERSION},"exportedAt":${JSON.stringify(now.toISOString())}`;
  yield `,"athletes":${json(athletes)},"exercises":${json(exercises)},"order":${json(order)},"deleted":${json(deleted)},"sessions":[`;
  let first = true;
  for (const record of records.sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : 1))) {
    yield `${first ? '' : ','}{"record":${json(record)},"chunks":[`;
    first = false;
    for (let from = 0; ; from += CHUNKS_PER_PAGE) {
      const page = await store.chunks(record.id, from, CHUNKS_PER_PAGE);
      if (page.length > 0) yield `${from === 0 ? '' : ','}${page.map(json).join(',')}`;
      if (page.length < CHUNKS_PER_PAGE) break;
    }
    yield `],"gaps":${json(await store.gaps(record.id))}}`;
  }
  yield ']}';
}

/** The backup file as a Blob of JSON, built from `backupText`'s pieces a few megabytes at a time. */
export async function backupBlob(store: JournalStore, now: Date): Promise<Blob> {
  const type = 'application/json';
  let blob = new Blob([], { type });
  let pieces: string[] = [];
  let chars = 0;
  for await (const piece of backupText(store, now)) {
    pieces.push(piece);
    chars += piece.length;
    if (chars >= PIECE_CHARS) {
      blob = new Blob([blob, ...pieces], { type });
      pieces = [];
      chars = 0;
    }
  }
  return new Blob([blob, ...pieces], { type });
}
