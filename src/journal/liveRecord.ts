/**
 * What the journal's record says of the session on screen: its settings, loads, who trained what
 * and the notes given (taken when a session begins or changes), and its figures and sets' records
 * (taken when it ends, and for the History's card of the session in progress).
 */
import type { SettingsStore } from '../stores/settings';
import type { LiveSession } from '../workout/liveSession';
import { figureKey, figuresOver, setRecords, type SetRecord } from '../rules/setRecords';
import { firstTags, type SetNote } from '../rules/setTags';
import { checkPlates, type JournalSettings, type PlateCounts, type SessionSummary } from '../log/records';
import { workoutSnapshot } from './sessionRecovery';

export interface LiveRecord {
  /** The journal record's view of the settings now, with who trained what, the notes given and the first rep start of each set (where there are notes). */
  snapshot(): { settings: JournalSettings; plates: PlateCounts; notes: SetNote[]; setStarts: number[] };
  /** The history row's figures for the whole session (reps after each set's warmup, the best of every set), and its sets' records. */
  summary(): { summary: SessionSummary; sets?: SetRecord[] };
}

export function liveRecord(session: Pick<LiveSession, 'reps' | 'loads' | 'tags' | 'notes'>, settingsStore: Pick<SettingsStore, 'current' | 'engine'>): LiveRecord {
  const { current: settings, engine: engineSettings } = settingsStore;

  /** The session's sets as records, each counted after its own warmup; `named` false while nobody is (the store then names them). */
  function setsNow(): { sets: SetRecord[]; named: boolean } {
    const s = settings.peek();
    const tags = session.tags.peek();
    const named = tags.length > 0;
    const how = { restS: s.setRestS, loads: session.loads.peek(), tags: named ? tags : firstTags({ athleteId: '', exerciseId: '' }), notes: session.notes.peek(), warmup: s.warmup, radius: s.radius };
    return { sets: setRecords(session.reps.peek(), how), named };
  }

  return {
    snapshot() {
      const s = settings.peek();
      const loads = session.loads.peek().map((span) => ({ ...span }));
      const tags = session.tags.peek().map((span) => ({ ...span }));
      const journal = { engine: { ...engineSettings.peek() }, workout: workoutSnapshot(s), loads, ...(tags.length > 0 ? { tags } : {}) };
      const notes = session.notes.peek().map((n) => ({ ...n }));
      const setStarts = notes.length === 0 ? [] : setsNow().sets.map((set) => set.startUs);
      return { settings: journal, plates: checkPlates(s.plates), notes, setStarts };
    },
    summary() {
      const s = settings.peek();
      const { sets, named } = setsNow();
      const figures = figuresOver(sets, figureKey(s.metric, s.phase));
      return {
        summary: { reps: figures.reps, best: figures.best === null ? null : { value: figures.best, metric: s.metric, phase: s.phase } },
        ...(named ? { sets } : {}),
      };
    },
  };
}
