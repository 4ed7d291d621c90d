/**
 * A session pulled without its samples gets them when it is opened or reprocessed (docs/sync.md
 * §7): pages of chunks from the server (`GET /api/sessions/:id/samples`), each merged into the
 * journal (chunks only ever added); a fetch cut by a dropped link resumes from the chunks kept.
 * Once every sample of a session finished elsewhere is here it is marked so (`sync.samples:<id>`),
 * and never asked for again; a session recorded here has its samples already.
 *
 * Without a connection, a session with no sample here cannot be opened: the error says so in one
 * sentence, and the session page shows what the record has meanwhile and tries again at the next
 * chance (screens/history/SessionAway.tsx). One with some of them opens with those.
 */
import type { JournalStore } from '../journal/store';
import { META } from './context';
import type { TeamServerClient } from './client';
import { sampleEntries, ServerError, Unreachable } from './wire';

/** Chunks per page (the server gives at most 600). */
export const SAMPLES_PAGE = 300;

/** Brings the samples of `sessionId` the journal lacks from the server. */
export async function fetchSamples(store: JournalStore, client: TeamServerClient, sessionId: string): Promise<void> {
  if ((await store.recordedHere(sessionId)) || (await store.meta(META.samples(sessionId))) === true) return;
  const record = await store.session(sessionId);
  if (record === undefined) return;
  const kept = await store.chunkCount(sessionId);
  try {
    for (let from: number | null = kept; from !== null; ) {
      const page = await client.samples(sessionId, from, SAMPLES_PAGE);
      const done = page.next === null && record.finishedAt !== null;
      await store.merge(sampleEntries(page), { from: 'server', ...(done ? { meta: { [META.samples(sessionId)]: true } } : {}) });
      from = page.next;
    }
  } catch (error) {
    if (kept > 0) return;
    if (error instanceof Unreachable) throw new Error('The samples of this session are on the team server: they load once this device is online.', { cause: error });
    if (error instanceof ServerError) throw new Error(`Its samples could not be fetched from the team server: ${error.message}`, { cause: error });
    throw error;
  }
}
