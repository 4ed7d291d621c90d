import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRecordingSpeech } from './testing/recordingSpeech';
import { createNativeSpeech } from './nativeSpeech';
import { notImplemented } from '../testing/pluginDouble';

const tts = vi.hoisted(() => ({ speak: vi.fn(), stop: vi.fn() }));

vi.mock('@capacitor-community/text-to-speech', async () => {
  const { pluginDouble } = await import('../testing/pluginDouble');
  return { TextToSpeech: pluginDouble('TextToSpeech', tts) };
});

/** Lets the plugin import and every queued plugin call settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  tts.speak.mockReset().mockResolvedValue(undefined);
  tts.stop.mockReset().mockResolvedValue(undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createNativeSpeech', () => {
  it('says a phrase through the plugin in US English at rate, pitch and volume 1 in the ambient audio category', async () => {
    createNativeSpeech(createRecordingSpeech).speak('0.86');
    await settle();
    expect(tts.speak.mock.calls).toEqual([[{ text: '0.86', lang: 'en-US', rate: 1, pitch: 1, volume: 1, category: 'ambient' }]]);
  });

  it('sends each phrase at once, in call order, while the previous one is still being said', async () => {
    tts.speak.mockReturnValue(new Promise(() => undefined));
    const port = createNativeSpeech(createRecordingSpeech);
    port.speak('0.81');
    port.speak('0.79. Set complete');
    await settle();
    expect(tts.speak.mock.calls.map(([o]) => o.text)).toEqual(['0.81', '0.79. Set complete']);
  });

  it('stops through the plugin, after the phrases asked for before', async () => {
    const port = createNativeSpeech(createRecordingSpeech);
    port.speak('0.81');
    port.stop();
    await settle();
    expect(tts.speak).toHaveBeenCalledBefore(tts.stop);
  });

  it('refuses an empty text without calling the plugin', async () => {
    expect(() => createNativeSpeech(createRecordingSpeech).speak(' ')).toThrow('Nothing to speak: the text is empty');
    await settle();
    expect(tts.speak).not.toHaveBeenCalled();
  });

  it('says the phrase with the web voice when the plugin is not implemented, and keeps using the web voice', async () => {
    tts.speak.mockRejectedValue(notImplemented('TextToSpeech'));
    const web = createRecordingSpeech();
    const port = createNativeSpeech(() => web);
    port.speak('0.86');
    await settle();
    expect(web.spoken).toEqual(['0.86']);
    port.speak('0.84');
    port.stop();
    expect(web.spoken).toEqual(['0.86', '0.84']);
    expect(web.stops).toBe(1);
    expect(tts.speak).toHaveBeenCalledTimes(1);
  });

  it('reports a failed phrase on the next speak, and says the phrase after that again', async () => {
    tts.speak.mockRejectedValueOnce(new Error('Language not supported'));
    const port = createNativeSpeech(createRecordingSpeech);
    port.speak('0.86');
    await settle();
    expect(console.error).toHaveBeenCalledWith('The native voice failed', new Error('Language not supported'));
    expect(() => port.speak('0.84')).toThrow('the previous phrase could not be said: Language not supported');
    port.speak('0.80');
    await settle();
    expect(tts.speak.mock.calls.map(([o]) => o.text)).toEqual(['0.86', '0.80']);
  });

  it('reports the web voice refusing too, when the plugin is missing and the WebView has no speech synthesis', async () => {
    tts.speak.mockRejectedValue(notImplemented('TextToSpeech'));
    const mute = { speak: () => { throw new Error('Voice feedback is not available: this browser has no speech synthesis'); }, stop: () => undefined };
    const port = createNativeSpeech(() => mute);
    port.speak('0.86');
    await settle();
    expect(() => port.speak('0.84')).toThrow('the previous phrase could not be said: Voice feedback is not available: this browser has no speech synthesis');
    expect(() => port.speak('0.84')).toThrow('Voice feedback is not available: this browser has no speech synthesis');
  });
});
