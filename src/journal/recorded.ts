/**
 * A kept session shown again: its record and samples reprocessed into the reps the live session
 * showed (each rep at its own plates, athlete and exercise, every segment ended), and its sets'
 * records made from them (rules/setRecords.ts). The session page, the export and the sets of a
 * session finished before they were kept all read a session this way.
 */
import { createEngine } from '../engine';
import { setRecords, type SetRecord } from '../rules/setRecords';
import type { TagSpan } from '../rules/setTags';
import { reprocessLoads } from '../workout/loadedEngine';
import { SessionTimeline } from '../workout/sessionTimeline';
import { loadSession } from './archive';
import type { RecordedSession } from './records';
import { loadsFromRecord, settingsFromRecord } from './sessionRecovery';
import type { JournalStore } from './store';

/** The session `id` as kept, with its reps; rejects with a clear Error for an unknown or broken one. */
export async function recordedSession(store: JournalStore, id: string): Promise<RecordedSession> {
  const loaded = await loadSession(store, id);
  const timeline = new SessionTimeline();
  timeline.restore(loaded.samples.timeUs, loaded.gaps);
  const loads = loadsFromRecord(loaded.meta);
  const tags: TagSpan[] = loaded.meta.settings.tags ?? [];
  const reps = reprocessLoads(createEngine, loaded.samples, timeline.starts, loaded.meta.settings.engine, loads, tags);
  return { loaded, settings: settingsFromRecord(loaded.meta), reps, loads, tags, notes: loaded.meta.notes ?? [], removedAthletes: loaded.meta.removedAthletes ?? {} };
}

/** Its sets' records (none for a session nobody is named in, which the store never keeps). */
export function setRecordsOf({ settings: s, reps, loads, tags, notes }: RecordedSession): SetRecord[] {
  return tags.length === 0 ? [] : setRecords(reps, { restS: s.setRestS, loads, tags, notes, warmup: s.warmup, radius: s.radius });
}
