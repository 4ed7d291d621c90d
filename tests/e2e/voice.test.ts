/**
 * Voice feedback. The page's `speechSynthesis.speak` is observed (and still
 * called) from an init script, so the test sees each utterance the app makes: the toggle phrases
 * of docs/behaviour.md §4, then after each rep the previous rep's value to two decimals (docs/behaviour.md §9), in en-US at
 * rate, pitch and volume 1 (docs/behaviour.md §7).
 */
import { repPackets } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

interface Spoken {
  text: string;
  lang: string;
  rate: number;
  pitch: number;
  volume: number;
}

function observeSpeech(): void {
  const spoken: Spoken[] = [];
  (window as unknown as { __spoken: Spoken[] }).__spoken = spoken;
  const speak = SpeechSynthesis.prototype.speak;
  SpeechSynthesis.prototype.speak = function observed(this: SpeechSynthesis, u: SpeechSynthesisUtterance) {
    spoken.push({ text: u.text, lang: u.lang, rate: u.rate, pitch: u.pitch, volume: u.volume });
    speak.call(this, u);
  };
}

describe('voice feedback', () => {
  test('speaks the toggle, then each rep just finished to two decimals', async ({ app, unit }) => {
    await app.page.addInitScript(observeSpeech);
    const spoken = () => app.page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken);
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();

    await app.setTarget({ type: 'None', voice: true });
    expect((await spoken()).map((s) => s.text)).toEqual(['Voice Feedback Enabled']);
    expect(await app.page.getByRole('button', { name: /^Target:/ }).textContent()).toContain('Voice Feedback on');

    await unit.streamPackets(app.page, repPackets({ reps: 5, seed: 31, inertia: 0.05, firmware: unit.firmware }).packets);
    const rows = await app.waitForRows(5);
    await expect.poll(async () => (await spoken()).length).toBe(1 + rows.length);
    const utterances = (await spoken()).slice(1);
    expect(utterances.map((u) => u.text)).toEqual(rows.map((r) => r.concentric));
    for (const u of utterances) expect(u).toMatchObject({ lang: 'en-US', rate: 1, pitch: 1, volume: 1 });

    await app.setTarget({ type: 'None', voice: false });
    expect((await spoken()).at(-1)?.text).toBe('Voice Feedback Disabled');
  });

  test('speaks a rep’s concentric at its turn, while the return is under way, once; and "Set done" at the goal', async ({ app, unit }) => {
    await app.page.addInitScript(observeSpeech);
    const spoken = async () => (await app.page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken)).map((s) => s.text);
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();
    await app.setTarget({ type: 'None', voice: true, goal: 2 });

    const set = repPackets({ reps: 4, seed: 31, inertia: 0.05, firmware: unit.firmware });
    const second = set.truth[1]!;
    // Up to the middle of the second rep's return: its turn is certain, the rep is not closed.
    const cut = Math.ceil(set.timeUs.findIndex((t) => t > (second.turnUs + second.endUs) / 2) / 5);
    await unit.streamPackets(app.page, set.packets.slice(0, cut));
    const atTurn = await app.waitForRows(2);
    expect(atTurn[1]!.eccentric).toBe('…');
    await expect.poll(spoken).toEqual(['Voice Feedback Enabled', atTurn[0]!.concentric, atTurn[1]!.concentric]);

    await unit.streamPackets(app.page, set.packets.slice(cut));
    const rows = await app.waitForRows(4);
    expect(rows[1]!.eccentric).toMatch(/^\d+\.\d{2}$/);
    await expect.poll(spoken).toEqual(['Voice Feedback Enabled', ...rows.map((r, i) => (i === 2 ? `${r.concentric}. Set done` : r.concentric))]);
    await expect.poll(() => app.page.getByRole('region', { name: 'Latest rep' }).innerText()).toContain('Set done');
  });
});
