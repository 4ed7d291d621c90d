import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeSamplePackets } from './samplePacket';
import { batchesOf, CLOCK_BREAK_GAP_US, CLOCK_CONFIRM_SAMPLES, MAX_STEP_US, SampleStream, type StreamResult } from './sampleStream';

/** One records packet: [angle °, raw time µs] pairs. */
function records(...pairs: Array<[number, number]>): Uint8Array {
  const bytes = new Uint8Array(pairs.length * 8);
  const view = new DataView(bytes.buffer);
  pairs.forEach(([angle, time], i) => {
    view.setFloat32(i * 8, angle, true);
    view.setUint32(i * 8 + 4, time, true);
  });
  return bytes;
}

function legacy(angle: number, ms: number): Uint8Array {
  const bytes = new Uint8Array(10);
  const view = new DataView(bytes.buffer);
  view.setFloat32(0, angle, true);
  view.setFloat32(6, ms, true);
  return bytes;
}

describe('the sample stream', () => {
  it('passes good records through in order', () => {
    const stream = new SampleStream('records');
    expect(stream.push(records([1, 1000], [2, 6000]))).toEqual({ samples: { timeUs: [1000, 6000], angleDeg: [1, 2] }, warnings: [] });
    expect(stream.push(records([3, 11000])).samples).toEqual({ timeUs: [11000], angleDeg: [3] });
  });

  it('skips a packet of the wrong length whole, with a warning, and keeps going', () => {
    const stream = new SampleStream('records');
    stream.push(records([1, 1000]));
    const bad = stream.push(new Uint8Array(7));
    expect(bad.samples.timeUs).toEqual([]);
    expect(bad.warnings).toEqual([{ kind: 'bad-length', message: 'Skipped a sample packet of 7 bytes: expected a non-zero multiple of 8 bytes (firmware ≥ 6.2)' }]);
    expect(stream.push(records([2, 6000])).samples.timeUs).toEqual([6000]);
    expect(stream.skipped).toEqual({ badLength: 1, nonFinite: 0, timeNotIncreasing: 0, timeJump: 0, clockBreaks: 0 });
  });

  it('skips a legacy time a bit flip made 1e27 ms as impossible, so it never becomes the clock', () => {
    const stream = new SampleStream('legacy');
    expect(stream.push(legacy(1, 6.5749e24)).warnings).toEqual([{ kind: 'non-finite', message: 'Skipped 1 sample(s) with a non-finite or impossible angle or time' }]);
    expect(stream.push(legacy(2, 10)).samples.timeUs).toEqual([10_000]);
    expect(stream.push(legacy(3, 15)).samples.timeUs).toEqual([15_000]);
  });

  it('skips a non-finite angle but keeps its packet mates', () => {
    const stream = new SampleStream('records');
    const result = stream.push(records([1, 1000], [NaN, 6000], [Infinity, 7000], [4, 11000]));
    expect(result.samples).toEqual({ timeUs: [1000, 11000], angleDeg: [1, 4] });
    expect(result.warnings).toEqual([{ kind: 'non-finite', message: 'Skipped 2 sample(s) with a non-finite or impossible angle or time' }]);
    expect(stream.skipped.nonFinite).toBe(2);
  });

  it('skips a packet whose time goes backwards against the last accepted sample of an earlier packet', () => {
    const stream = new SampleStream('records');
    stream.push(records([1, 10000]));
    const late = stream.push(records([2, 9000], [3, 10000]));
    expect(late.samples.timeUs).toEqual([]);
    expect(late.warnings).toEqual([
      {
        kind: 'time-not-increasing',
        message: 'Skipped 2 sample(s) whose time does not increase: 9000 µs, 10000 µs (last accepted raw time 10000 µs)',
      },
    ]);
    expect(stream.push(records([4, 15000])).samples).toEqual({ timeUs: [15000], angleDeg: [4] });
    expect(stream.skipped.timeNotIncreasing).toBe(2);
  });

  it('does not let one late sample move the clock back', () => {
    const stream = new SampleStream('records');
    const result = stream.push(records([1, 10000], [2, 3000], [3, 15000]));
    expect(result.samples.timeUs).toEqual([10000, 15000]);
  });

  it('never changes samples it has already returned', () => {
    const stream = new SampleStream('records');
    const first = stream.push(records([1, 10000], [2, 15000]));
    const copy = structuredClone(first.samples);
    stream.push(records([9, 12000]));
    stream.push(new Uint8Array(3));
    expect(first.samples).toEqual(copy);
  });

  it('unwraps the uint32 µs clock: 2^32 − 296 then 200 is 496 µs later', () => {
    const stream = new SampleStream('records');
    stream.push(records([1, 4294967000]));
    expect(stream.push(records([2, 200], [3, 5200])).samples.timeUs).toEqual([4294967496, 4294972496]);
  });

  it('reads a small step back as time going backwards, not as a 71-minute wrap', () => {
    const stream = new SampleStream('records');
    stream.push(records([1, 1000]));
    expect(stream.push(records([2, 900])).warnings[0]?.kind).toBe('time-not-increasing');
  });

  it('converts legacy ms times to µs and applies the same rules', () => {
    const stream = new SampleStream('legacy');
    expect(stream.push(legacy(-12.25, 1.5)).samples).toEqual({ timeUs: [1500], angleDeg: [-12.25] });
    expect(stream.push(legacy(1, 1.5)).warnings[0]?.kind).toBe('time-not-increasing');
    expect(stream.push(legacy(1, NaN)).warnings[0]?.kind).toBe('non-finite');
    expect(stream.push(legacy(NaN, 9)).warnings[0]?.kind).toBe('non-finite');
    expect(stream.push(records([1, 1])).warnings[0]?.kind).toBe('bad-length');
    expect(stream.push(legacy(2, 6.5)).samples).toEqual({ timeUs: [6500], angleDeg: [2] });
  });

  it('settles an unknown firmware on the format of the first good packet', () => {
    const stream = new SampleStream('auto');
    stream.push(new Uint8Array(3));
    expect(stream.push(legacy(1, 1)).samples.timeUs).toEqual([1000]);
    expect(stream.push(records([1, 1_000_000], [2, 1_005_000])).warnings[0]?.kind).toBe('bad-length');
  });
});

describe('the sample stream across a reconnect', () => {
  it('continues a clock that kept running through the outage, untouched', () => {
    const stream = new SampleStream('records');
    stream.push(records([1, 10_000]));
    stream.resumeAfter(3_000_000);
    expect(stream.push(records([2, 2_510_000], [3, 2_515_000])).samples.timeUs).toEqual([2_510_000, 2_515_000]);
  });

  it('places the first sample of a restarted clock the outage after the last one, and follows the new clock', () => {
    const stream = new SampleStream('records');
    stream.push(records([1, 80_000_000]));
    stream.resumeAfter(2_000_000);
    // The unit rebooted: its clock reads 1 000 µs, then 6 000 µs. 80 s + 2 s outage = 82 s.
    expect(stream.push(records([2, 1_000], [3, 6_000])).samples.timeUs).toEqual([82_000_000, 82_005_000]);
    expect(stream.push(records([4, 11_000])).samples.timeUs).toEqual([82_010_000]);
  });

  it('rebases a restarted legacy clock the same way', () => {
    const stream = new SampleStream('legacy');
    stream.push(legacy(1, 50_000));
    stream.resumeAfter(1_500_000);
    expect(stream.push(legacy(2, 2)).samples.timeUs).toEqual([51_500_000]);
    expect(stream.push(legacy(3, 7)).samples.timeUs).toEqual([51_505_000]);
  });

  it('rebases only at the first sample after the link came back: a later step back is still skipped', () => {
    const stream = new SampleStream('records');
    stream.push(records([1, 80_000_000]));
    stream.resumeAfter(2_000_000);
    stream.push(records([2, 90_000_000]));
    expect(stream.push(records([3, 1_000])).warnings[0]?.kind).toBe('time-not-increasing');
  });

  it('refuses a negative outage', () => {
    expect(() => new SampleStream('records').resumeAfter(-1)).toThrow('resumeAfter: the outage must be ≥ 0 µs, got -1');
  });
});

/** Feeds `timeUs` (raw, angle = index) in packets of `perPacket` records; returns every result. */
function feed(stream: SampleStream, timeUs: number[], perPacket = 5): StreamResult[] {
  const angleDeg = timeUs.map((_, i) => i);
  return encodeSamplePackets({ timeUs: timeUs.map((t) => ((t % 2 ** 32) + 2 ** 32) % 2 ** 32), angleDeg }, { recordsPerPacket: perPacket }).map((p) => stream.push(p));
}

/** 200 Hz raw times from `t0`, `n` of them. */
const run = (t0: number, n: number) => Array.from({ length: n }, (_, i) => t0 + i * 5_000);

describe('the sample stream when the unit clock misbehaves', () => {
  it('drops one sample whose time jumps 2^30 µs ahead, and every later sample flows on the old clock', () => {
    const stream = new SampleStream('records');
    const times = run(1_000_000, 40);
    times[20] = times[20]! + 2 ** 30;
    const results = feed(stream, times);
    const out = results.flatMap((r) => r.samples.timeUs);
    expect(out).toEqual(run(1_000_000, 40).filter((_, i) => i !== 20));
    expect(results.some((r) => r.breakAt !== undefined)).toBe(false);
    expect(results.flatMap((r) => r.warnings)).toEqual([
      { kind: 'time-jump', message: `Skipped 1 sample(s) whose time jumps more than 1 s ahead: ${1_100_000 + 2 ** 30} µs (last accepted raw time 1120000 µs)` },
    ]);
    expect(stream.skipped).toMatchObject({ timeJump: 1, timeNotIncreasing: 0, clockBreaks: 0 });
  });

  it('follows a clock that stays 2^30 µs ahead after a break of 1 s, dropping nothing', () => {
    const stream = new SampleStream('records');
    const before = run(1_000_000, 20);
    const after = run(1_100_000 + 2 ** 30, 30);
    const results = feed(stream, [...before, ...after]);
    const batches = results.flatMap(batchesOf);
    const out = batches.flatMap((b) => b.timeUs);
    const lastBefore = before.at(-1)!;
    expect(out).toEqual([...before, ...after.map((t) => t - after[0]! + lastBefore + CLOCK_BREAK_GAP_US)]);
    expect(batches.filter((b) => b.afterBreak)).toHaveLength(1);
    expect(batches.find((b) => b.afterBreak)!.timeUs[0]).toBe(lastBefore + CLOCK_BREAK_GAP_US);
    expect(batches.flatMap((b) => b.angleDeg)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(stream.skipped).toMatchObject({ timeJump: 0, timeNotIncreasing: 0, clockBreaks: 1 });
    expect(results.flatMap((r) => r.warnings).filter((w) => w.kind === 'clock-break')).toHaveLength(1);
  });

  it('follows a clock that restarts at 0 after a break, in both firmware formats', () => {
    const records = new SampleStream('records');
    const before = run(600_000_000, 20);
    const batches = feed(records, [...before, ...run(0, 30)]).flatMap(batchesOf);
    const out = batches.flatMap((b) => b.timeUs);
    expect(out.slice(20)).toEqual(run(before.at(-1)! + CLOCK_BREAK_GAP_US, 30));
    expect(batches.filter((b) => b.afterBreak)).toHaveLength(1);

    const legacyStream = new SampleStream('legacy');
    const legacyOut = [...run(50_000_000, 20), ...run(0, 30)].flatMap((t, i) => batchesOf(legacyStream.push(legacy(i, t / 1000))));
    expect(legacyOut.flatMap((b) => b.timeUs).slice(20)).toEqual(run(50_095_000 + CLOCK_BREAK_GAP_US, 30));
    expect(legacyOut.filter((b) => b.afterBreak)).toHaveLength(1);
    expect(legacyStream.skipped).toMatchObject({ timeNotIncreasing: 0, clockBreaks: 1 });
  });

  it(`needs ${CLOCK_CONFIRM_SAMPLES} samples on the new clock: a short burst of bad times is dropped, not followed`, () => {
    const stream = new SampleStream('records');
    const burst = CLOCK_CONFIRM_SAMPLES - 1;
    const times = [...run(1_000_000, 20), ...run(5_000, burst), ...run(1_100_000, 20)];
    const out = feed(stream, times).flatMap((r) => r.samples.timeUs);
    expect(out).toEqual([...run(1_000_000, 20), ...run(1_100_000, 20)]);
    expect(stream.skipped).toMatchObject({ timeNotIncreasing: burst, clockBreaks: 0 });
  });

  it('keeps the clock-break samples strictly after everything already handed out, across wraps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 40 }), (a, b, n) => {
        const stream = new SampleStream('records');
        const out = feed(stream, [...run(a, n), ...run(b, 20)], 3).flatMap((r) => r.samples.timeUs);
        for (let i = 1; i < out.length; i++) if (!(out[i]! > out[i - 1]!)) return false;
        // The second run continues the first clock or follows it after a break; only a short
        // overlap with the first run's times (fewer samples than a break needs) is dropped.
        return out.length <= n + 20 && out.length > n + 20 - CLOCK_CONFIRM_SAMPLES;
      }),
    );
  });
});

describe('sample stream properties', () => {
  it('never throws and only ever hands out strictly increasing finite samples, whatever the packets', () => {
    const packet = fc.oneof(
      fc.uint8Array({ maxLength: 48 }),
      fc
        .array(fc.tuple(fc.float(), fc.integer({ min: 0, max: 2 ** 32 - 1 })), { minLength: 1, maxLength: 6 })
        .map((pairs) => records(...pairs)),
    );
    fc.assert(
      fc.property(fc.array(packet, { maxLength: 30 }), fc.constantFrom('records', 'legacy', 'auto' as const), (packets, format) => {
        const stream = new SampleStream(format);
        let last = -Infinity;
        for (const p of packets) {
          const { samples } = stream.push(p);
          for (let i = 0; i < samples.timeUs.length; i++) {
            if (!(samples.timeUs[i]! > last) || !Number.isFinite(samples.angleDeg[i])) return false;
            last = samples.timeUs[i]!;
          }
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('delivers every sample of a clean stream across any number of clock wraps', () => {
    const nearWrap = fc.integer({ min: 2 ** 32 - 30_000_000, max: 2 ** 32 - 1 });
    fc.assert(
      fc.property(fc.oneof(nearWrap, fc.integer({ min: 0, max: 2 ** 32 - 1 })), fc.array(fc.integer({ min: 1, max: MAX_STEP_US }), { minLength: 1, maxLength: 80 }), (start, steps) => {
        const timeUs = [start];
        for (const s of steps) timeUs.push(timeUs[timeUs.length - 1]! + s);
        const stream = new SampleStream('records');
        const out: number[] = [];
        for (const p of encodeSamplePackets({ timeUs: timeUs.map((t) => t % 2 ** 32), angleDeg: timeUs.map(() => 0) }, { recordsPerPacket: 3 })) out.push(...stream.push(p).samples.timeUs);
        expect(out).toEqual(timeUs);
      }),
    );
  });
});
