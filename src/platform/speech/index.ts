/**
 * The one place that picks the voice implementation. The native shell swaps in its Capacitor port
 * with `setSpeechPort` at start-up; tests install the recording double the same way.
 */
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

let current: SpeechPort | null = null;

export function speech(): SpeechPort {
  if (current === null) {
    current = typeof globalThis.speechSynthesis === 'undefined' ? unavailable : createWebSpeech(globalThis.speechSynthesis);
  }
  return current;
}

export function setSpeechPort(port: SpeechPort): void {
  current = port;
}
