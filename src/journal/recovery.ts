/**
 * The unfinished session offered at start-up, and what Recover, Discard and Not now do with it
 * (the decisions are sessionRecovery.ts's). Recover puts the session on screen with its own
 * settings, and the recorder journals on into it, the page-hide copy's samples first.
 */
import { batch, signal, type ReadonlySignal } from '@preact/signals-react';
import type { StoragePort } from '../platform/storage';
import { messageOf } from '../shared/messageOf';
import type { Stores } from '../stores';
import type { LiveSession } from '../workout/liveSession';
import { findUnfinished, loadSession, removeSession } from './archive';
import { dropTail, missingFrom, readTail, type JournalTail } from './journalTail';
import type { Recorder } from './recorder';
import type { SessionRecord } from '../log/records';
import type { LoadedSession } from './records';
import type { JournalAccess } from './recording';
import { loadsFromRecord, offerOf, settingsFromRecord, type RecoveryOffer } from './sessionRecovery';
import type { JournalStore } from './store';

export interface RecoveryDeps {
  session: LiveSession;
  /** The alerts it reports to, the settings it restores, and the connection it checks. */
  stores: Pick<Stores, 'alerts' | 'settings' | 'connection'>;
  journal: Pick<JournalAccess, 'store'>;
  /** The recorder while the journal is open (it carries a recovered session on). */
  recorder: () => Recorder | null;
  storage: () => StoragePort;
}

export interface Recovery {
  /** The unfinished session offered at start-up, while there is one. */
  readonly offer: ReadonlySignal<RecoveryOffer | null>;
  /** Offers the newest unfinished session that holds samples (its saved tail included); removes empty ones. */
  find(open: JournalStore): Promise<void>;
  /** Recover: the unfinished session comes back with the same reps, and journaling carries on into it. */
  recover(): void;
  /**
   * Calls `listener` with the record of a session being recovered, before its settings are put on
   * screen and in the same batch (the team brings up its last athlete); returns the function that stops.
   */
  onRecover(listener: (record: SessionRecord) => void): () => void;
  /** Discard: the unfinished session is deleted for good. */
  discard(): Promise<void>;
  /** Not now: offered again at the next start. */
  postpone(): void;
}

export function createRecovery(deps: RecoveryDeps): Recovery {
  const { session } = deps;
  const { showError } = deps.stores.alerts;
  const settings = deps.stores.settings.current;
  const connection = deps.stores.connection.state;
  const offer = signal<RecoveryOffer | null>(null);
  const recoverListeners = new Set<(record: SessionRecord) => void>();

  function savedTail(): JournalTail | null {
    try {
      return readTail(deps.storage());
    } catch (error) {
      dropTail(deps.storage());
      showError(`${messageOf(error)}: it was dropped`);
      return null;
    }
  }

  /** Puts a recovered session on screen with its own settings. */
  function showRecorded(loaded: LoadedSession): void {
    const recorded = settingsFromRecord(loaded.meta);
    settings.value = { ...recorded, view: settings.peek().view };
    session.restore(loaded.samples, loaded.gaps, loadsFromRecord(loaded.meta), { tags: loaded.meta.settings.tags, notes: loaded.meta.notes });
  }

  return {
    offer,
    async find(open) {
      const tail = savedTail();
      for (const record of await findUnfinished(open)) {
        const stored = await loadSession(open, record.id);
        const missing = tail?.sessionId === record.id ? missingFrom(stored, tail) : { timeUs: [], angleDeg: [], gaps: [] };
        if (stored.samples.timeUs.length + missing.timeUs.length > 0) {
          offer.value = offerOf(stored, missing);
          if (tail !== null && tail.sessionId !== record.id) dropTail(deps.storage());
          return;
        }
        await removeSession(open, record.id);
      }
      if (tail !== null) dropTail(deps.storage());
    },
    recover() {
      const current = offer.peek();
      if (current === null) throw new Error('There is no session to recover');
      if (connection.peek().status !== 'disconnected') throw new Error('Disconnect the unit before recovering a session');
      const recorder = deps.recorder();
      if (recorder === null) throw new Error('The journal is not open');
      void recorder.end();
      batch(() => {
        for (const listener of recoverListeners) listener(current.loaded.meta);
        showRecorded(current.loaded);
      });
      recorder.resume(current.stored, current.missing);
      dropTail(deps.storage());
      offer.value = null;
    },
    onRecover(listener) {
      recoverListeners.add(listener);
      return () => recoverListeners.delete(listener);
    },
    async discard() {
      const current = offer.peek();
      if (current === null) return;
      await removeSession(deps.journal.store(), current.loaded.meta.id);
      dropTail(deps.storage());
      offer.value = null;
    },
    postpone() {
      offer.value = null;
    },
  };
}
