/**
 * Web Speech implementation of the voice port (docs/behaviour.md §7: lang en-US, rate 1, pitch 1, volume 1).
 * A pending utterance is cancelled before a new one so the voice never lags reps behind.
 */
import type { SpeechPort } from './port';

export function createWebSpeech(synth: SpeechSynthesis, makeUtterance = (text: string) => new SpeechSynthesisUtterance(text)): SpeechPort {
  return {
    speak(text) {
      if (text.trim() === '') throw new Error('Nothing to speak: the text is empty');
      const utterance = makeUtterance(text);
      utterance.lang = 'en-US';
      utterance.rate = 1;
      utterance.pitch = 1;
      utterance.volume = 1;
      synth.cancel();
      synth.speak(utterance);
    },
    stop() {
      synth.cancel();
    },
  };
}
