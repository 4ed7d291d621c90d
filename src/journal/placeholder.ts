/**
 * The first athlete a new device makes without asking ("Athlete 1", schema.ts) gives way to the
 * athletes a log from elsewhere brings: a restore onto a fresh phone (src/logFile/), or a device
 * joining a team whose roster the server holds (src/sync/). Untouched means never renamed,
 * re-weighed or archived (its stamps are the migration's, from no device), on a device that has
 * recorded nothing; it is forgotten only once the log holds other athletes and no session names it.
 */
import { parseStamp } from '../log/stamp';
import type { JournalStore } from './store';

/** The id of the untouched first athlete of a device that has recorded nothing, or null. Ask before the other log comes in. */
export async function placeholderAthlete(store: JournalStore): Promise<string | null> {
  const [sessions, deleted, athletes] = await Promise.all([store.sessions(), store.tombstones(), store.athletes()]);
  if (sessions.length > 0 || deleted.length > 0 || athletes.length !== 1) return null;
  const [only] = athletes as [(typeof athletes)[number]];
  const untouched = ['name', 'bodyMass', 'archived'].every((field) => {
    const stamp = only.stamps?.[field];
    return stamp === undefined || parseStamp(stamp).node === '';
  });
  return untouched ? only.id : null;
}

/** Forgets `placeholder` (from `placeholderAthlete`) once other athletes are kept and no session names it; true when it did. */
export async function forgetPlaceholder(store: JournalStore, placeholder: string | null): Promise<boolean> {
  if (placeholder === null || (await store.athletes()).every((a) => a.id === placeholder)) return false;
  if ((await store.sessions()).some((s) => s.settings.tags?.some((t) => t.athleteId === placeholder))) return false;
  await store.write([{ kind: 'forgetAthlete', athleteId: placeholder }]);
  return true;
}
