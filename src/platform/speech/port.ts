/**
 * The voice port: the app only ever says a short phrase or stops talking. Keeping it this small
 * lets the web (speechSynthesis), native (Capacitor) and test implementations stay trivial.
 */
export interface SpeechPort {
  /** Says `text`, interrupting whatever is still being said (the newest figure matters most). */
  speak(text: string): void;
  stop(): void;
}
