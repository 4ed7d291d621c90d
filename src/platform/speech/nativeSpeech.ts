/**
 * The voice port in the native shell: @capacitor-community/text-to-speech (docs/behaviour.md §7: lang en-US,
 * rate 1, pitch 1, volume 1, category ambient). Android's WebView has no speechSynthesis, so the
 * web port would be mute there; the plugin speaks through the platform's own engine, and the
 * ambient audio category on iOS mixes with the user's music instead of stopping it.
 *
 * The port is synchronous (`speak` returns nothing) while the plugin answers later, so:
 * - the plugin is imported on the first phrase (again on the next one if that import failed),
 *   and phrases reach it in call order;
 * - each phrase replaces the one still being said (the plugin's default flush strategy), so the
 *   voice never lags reps behind, as on the web;
 * - a plugin the platform does not implement (UNIMPLEMENTED / UNAVAILABLE) switches this port to
 *   the web implementation for good, and the phrase is said (or refused) there;
 * - any other failure is logged at once and thrown by the next `speak` ("the previous phrase
 *   failed"), where the caller's error handling shows it; that phrase is not sent, the one
 *   after it is. Nothing is lost and no promise rejection goes unhandled.
 */
import type { TextToSpeechPlugin } from '@capacitor-community/text-to-speech';
import type { SpeechPort } from './port';
import { isPluginMissing } from '../pluginErrors';
import { describeError } from '../../shared/describeError';

/** docs/behaviour.md §7 voice settings; `text` is added per phrase. */
export const NATIVE_VOICE = { lang: 'en-US', rate: 1, pitch: 1, volume: 1, category: 'ambient' } as const;

/**
 * The plugin's module, never the plugin itself: a Capacitor plugin is a Proxy that answers every
 * property, `then` included, so resolving a promise with it would call a native `then` method.
 */
type TextToSpeechModule = { TextToSpeech: TextToSpeechPlugin };
const loadTextToSpeech = (): Promise<TextToSpeechModule> => import('@capacitor-community/text-to-speech');

/** `web` builds the browser's port, used when the plugin is missing on this platform. */
export function createNativeSpeech(web: () => SpeechPort): SpeechPort {
  let plugin: Promise<TextToSpeechModule> | null = null;
  let fallback: SpeechPort | null = null;
  let failure: unknown = null;

  const failed = (error: unknown): void => {
    console.error('The native voice failed', error);
    failure = error;
  };

  /**
   * Sends `call` to the plugin once it is loaded, in call order, without waiting for earlier
   * phrases to finish (a phrase's promise settles when it has been said, or never when the next
   * one flushes it on Android). A missing plugin runs `onMissing` on the web port instead.
   */
  const send = (call: (tts: TextToSpeechPlugin) => Promise<void>, onMissing: (web: SpeechPort) => void): void => {
    plugin ??= loadTextToSpeech().catch((error: unknown) => {
      plugin = null;
      throw error;
    });
    plugin
      .then(({ TextToSpeech }) => (fallback !== null ? onMissing(fallback) : call(TextToSpeech)))
      .catch((error: unknown) => {
        if (!isPluginMissing(error)) return failed(error);
        fallback ??= web();
        try {
          onMissing(fallback);
        } catch (webError) {
          failed(webError);
        }
      });
  };

  return {
    speak(text) {
      if (text.trim() === '') throw new Error('Nothing to speak: the text is empty');
      if (failure !== null) {
        const previous = failure;
        failure = null;
        throw new Error(`the previous phrase could not be said: ${describeError(previous)}`, { cause: previous });
      }
      if (fallback !== null) return fallback.speak(text);
      send(
        (tts) => tts.speak({ text, ...NATIVE_VOICE }),
        (port) => port.speak(text),
      );
    },
    stop() {
      if (fallback !== null) return fallback.stop();
      send(
        (tts) => tts.stop(),
        (port) => port.stop(),
      );
    },
  };
}
