/** Test double of the voice port: remembers what would have been said. */
import type { SpeechPort } from '../port';

export interface RecordingSpeech extends SpeechPort {
  readonly spoken: string[];
  stops: number;
}

export function createRecordingSpeech(): RecordingSpeech {
  const spoken: string[] = [];
  return {
    spoken,
    stops: 0,
    speak(text) {
      spoken.push(text);
    },
    stop() {
      this.stops += 1;
    },
  };
}
