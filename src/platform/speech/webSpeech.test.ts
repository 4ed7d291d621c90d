import { describe, expect, it, vi } from 'vitest';
import { createWebSpeech } from './webSpeech';

function fakeSynth() {
  return { cancel: vi.fn(), speak: vi.fn() } as unknown as SpeechSynthesis & {
    cancel: ReturnType<typeof vi.fn>;
    speak: ReturnType<typeof vi.fn>;
  };
}

describe('createWebSpeech', () => {
  it('speaks in US English at rate, pitch and volume 1, after cancelling what was pending', () => {
    const synth = fakeSynth();
    const made: Record<string, unknown>[] = [];
    const port = createWebSpeech(synth, (text) => {
      const u = { text } as unknown as SpeechSynthesisUtterance;
      made.push(u as unknown as Record<string, unknown>);
      return u;
    });
    port.speak('0.86');
    expect(made).toEqual([{ text: '0.86', lang: 'en-US', rate: 1, pitch: 1, volume: 1 }]);
    expect(synth.cancel).toHaveBeenCalledBefore(synth.speak);
    expect(synth.speak).toHaveBeenCalledWith(made[0]);
  });

  it('stops by cancelling the queue', () => {
    const synth = fakeSynth();
    createWebSpeech(synth).stop();
    expect(synth.cancel).toHaveBeenCalledOnce();
  });

  it('refuses to speak an empty text', () => {
    expect(() => createWebSpeech(fakeSynth()).speak('  ')).toThrow(/empty/);
  });
});
