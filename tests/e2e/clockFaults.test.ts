/**
 * The unit's clock misbehaves in the middle of a set, over emulated Bluetooth.
 * One sample's time jumps 2^30 µs ahead (a bit flip): it alone is dropped and every rep counts.
 * The clock restarts at 0 without a disconnect: the stream breaks there like a reconnect, so the
 * rep it cuts is not counted, the reps before and after are shown once each, and the Workout
 * screen says what happened. Ground truth is the simulated athlete's mean rope speed per rep.
 */
import { encodeSamplePackets } from '../../src/device/protocol/samplePacket';
import { synthesizeSet, type SynthesizedSet } from '../../src/device/simulation/physics';
import type { App } from './fixtures/app';
import { describe, expect, test } from './fixtures/test';

/** The raw device times of `set` as the unit would send them after `fault`, as records packets. */
function packets(set: SynthesizedSet, fault: (timeUs: number[]) => number[]): Uint8Array[] {
  const timeUs = fault([...set.timeUs]).map((t) => ((t % 2 ** 32) + 2 ** 32) % 2 ** 32);
  return encodeSamplePackets({ timeUs, angleDeg: [...set.angleDeg] }, { format: 'records' });
}

function expectSpeeds(rows: Awaited<ReturnType<App['tableRows']>>, truth: SynthesizedSet['reps']): void {
  expect(rows).toHaveLength(truth.length);
  rows.forEach((row, i) => {
    expect(Number(row.concentric), `row ${row.label}`).toBeGreaterThan(truth[i]!.concentricMeanVelocity * 0.85);
    expect(Number(row.concentric), `row ${row.label}`).toBeLessThan(truth[i]!.concentricMeanVelocity * 1.15);
  });
}

function streamNote(app: App): Promise<string> {
  return app.page.locator('.stream-note').innerText({ timeout: 1_000 }).catch(() => '');
}

describe('the unit clock misbehaves in the middle of a set', () => {
  test('one sample 2^30 µs ahead is dropped alone: every rep is counted, and the screen says a sample was skipped', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();
    const set = synthesizeSet({ reps: 6, seed: 31, inertia: 0.05 });
    const glitch = set.timeUs.findIndex((t) => t > set.reps[2]!.turnUs);
    await unit.streamPackets(app.page, packets(set, (t) => t.map((time, i) => (i === glitch ? time + 2 ** 30 : time))));
    const rows = await app.waitForRows(6);
    expect(rows.map((r) => r.label)).toEqual(['W', '1', '2', '3', '4', '5']);
    expectSpeeds(rows, set.reps);
    await expect.poll(() => streamNote(app)).toMatch(/^Problems with the unit's samples this set: 1\. Latest: Skipped 1 sample\(s\) whose time jumps more than 1 s ahead/);
  });

  test('a clock restarting at 0 breaks the set like a reconnect: the cut rep is not counted, none is doubled, the user is told', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    await app.showTable();
    const set = synthesizeSet({ reps: 8, seed: 21, inertia: 0.05 });
    const cut = set.reps[3]!;
    const restartAt = set.timeUs.findIndex((t) => t > (cut.startUs + cut.turnUs) / 2);
    const restarted = (t: number[]) => t.map((time, i) => (i < restartAt ? time : time - t[restartAt]! + 1_000));
    await unit.streamPackets(app.page, packets(set, restarted));
    const rows = await app.waitForRows(7);
    expect(rows.map((r) => r.label)).toEqual(['W', '1', '2', '3', '4', '5', '6']);
    expectSpeeds(rows, set.reps.filter((_, i) => i !== 3));
    await expect.poll(() => streamNote(app)).toMatch(/Latest: The unit's clock went back \(raw time 1000 µs after \d+ µs\): samples continue after a break, and the rep in progress is not counted$/);
    expect(await app.alertTexts()).toEqual([]);
  });
});
