/**
 * The ports of the app in a browser (and in the native shell, where each port picks its native
 * implementation itself). What the Workout screen does not need at once — sharing, the wake lock,
 * the journal's IndexedDB code — loads on first use, outside the start-up bundle.
 */
import { lazyEngine, loadEngine } from '../engine/lazy';
import type { SharePort } from '../platform/share/port';
import type { SpeechPort } from '../platform/speech/port';
import { storage, storageProblem } from '../platform/storage';
import { createUnitFactory } from '../platform/units';
import type { AppPorts } from './compose';
import { messageOf } from '../shared/messageOf';

/** The platform's share port, loaded with the first export. */
const lazyShare: SharePort = {
  shareCsv: async (fileName, csv) => (await import('../platform/share')).defaultSharePort().shareCsv(fileName, csv),
};

export function webPorts(): AppPorts {
  // The voice port loads at once, but outside the start-up bundle: it is there long before the
  // first rep closes. Until then a toggle's phrase says why it is not spoken.
  let speech: SpeechPort = {
    speak() {
      throw new Error('Voice feedback is still loading; try again in a moment');
    },
    stop() {},
  };
  import('../platform/speech').then(
    (module) => {
      speech = module.speech();
    },
    (error: unknown) => {
      speech = {
        speak() {
          throw new Error(`Voice feedback could not load: ${messageOf(error)}`);
        },
        stop() {},
      };
    },
  );
  return {
    engine: lazyEngine,
    loadEngine,
    storage,
    storageProblem,
    speech: () => speech,
    wakeLock: async () => (await import('../platform/wakeLock')).wakeLock(),
    share: () => lazyShare,
    units: createUnitFactory(),
    openJournal: async () => (await import('../journal/store')).openJournalStore(),
  };
}
