/**
 * The one place that picks the voice implementation: the Capacitor text-to-speech port inside the
 * native shell (it falls back to the web port when the plugin is missing), speechSynthesis in a
 * browser. The composition root makes one per app.
 */
import { isNativePlatform } from '../runtime';
import { createNativeSpeech } from './nativeSpeech';
import type { SpeechPort } from './port';
import { createWebSpeech } from './webSpeech';

export type { SpeechPort } from './port';

/** Used where the browser has no speechSynthesis: saying anything is an error the user sees. */
const unavailable: SpeechPort = {
  speak() {
    throw new Error('Voice feedback is not available: this browser has no speech synthesis');
  },
  stop() {},
};

const webSpeech = (): SpeechPort => (typeof globalThis.speechSynthesis === 'undefined' ? unavailable : createWebSpeech(globalThis.speechSynthesis));

export function createSpeech(): SpeechPort {
  return isNativePlatform() ? createNativeSpeech(webSpeech) : webSpeech();
}
