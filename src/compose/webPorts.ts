/**
 * The ports of the app in a browser (and in the native shell, where each port picks its native
 * implementation itself), made anew for each app: nothing of them is kept at module level. What
 * the Workout screen does not need at once — sharing, the wake lock, the journal's IndexedDB
 * code — loads on first use, outside the start-up bundle, and is kept by these ports from then on.
 */
import { createLazyEngine } from '../engine/lazy';
import type { SharePort } from '../platform/share/port';
import type { SpeechPort } from '../platform/speech/port';
import { createBrowserStorage } from '../platform/storage';
import { createUnitFactory } from '../platform/units';
import type { WakeLockPort } from '../platform/wakeLock/port';
import type { AppPorts } from './compose';
import { messageOf } from '../shared/messageOf';

/** What `load` gives, loaded on the first call and kept; a failed load is tried again on the next. */
function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

export function webPorts(): AppPorts {
  const engine = createLazyEngine();
  const storage = createBrowserStorage();
  // The platform's share port loads with the first export, the wake lock after the first render.
  const share = loadedOnce(async () => (await import('../platform/share')).createSharePort());
  // Every method of the port, each loading the port with its first call.
  const lazyShare = new Proxy({} as SharePort, { get: (_, method: keyof SharePort) => async (...args: never[]) => ((await share())[method] as (...a: never[]) => Promise<string>)(...args) });
  const wakeLock = loadedOnce<WakeLockPort>(async () => (await import('../platform/wakeLock')).createWakeLock());
  // The voice port loads at once, but outside the start-up bundle: it is there long before the
  // first rep closes. Until then a toggle's phrase says why it is not spoken.
  const mute = (why: string): SpeechPort => ({
    speak() {
      throw new Error(why);
    },
    stop() {},
  });
  let speech = mute('Voice feedback is still loading; try again in a moment');
  import('../platform/speech').then(
    (module) => {
      speech = module.createSpeech();
    },
    (error: unknown) => {
      speech = mute(`Voice feedback could not load: ${messageOf(error)}`);
    },
  );
  return {
    engine: engine.engine,
    loadEngine: engine.load,
    storage: () => storage,
    storageProblem: () => storage.problem(),
    speech: () => speech,
    wakeLock,
    share: () => lazyShare,
    units: createUnitFactory(),
    openJournal: async (clock) => (await import('../journal/store')).openJournalStore(undefined, { clock }),
  };
}
