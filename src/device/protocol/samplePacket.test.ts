/**
 * Real byte frames for every branch of the 0x1604 decoder. Float bytes are worked out by hand:
 * 90.5 = 1.4140625 · 2^6 → 0x42B50000; −12.25 = −1.53125 · 2^3 → 0xC1440000;
 * 1.5 → 0x3FC00000; 2.0 → 0x40000000; written little-endian.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSamplePacket, encodeSamplePackets, type DecodeFormat } from './samplePacket';

const frame = (...bytes: number[]) => new DataView(new Uint8Array(bytes).buffer);
const ANGLE_90_5 = [0x00, 0x00, 0xb5, 0x42];
const ANGLE_MINUS_12_25 = [0x00, 0x00, 0x44, 0xc1];
const MS_1_5 = [0x00, 0x00, 0xc0, 0x3f];

describe('decoding 0x1604 records (firmware ≥ 6.2)', () => {
  it('decodes one 8-byte record: float32 angle, uint32 µs', () => {
    expect(decodeSamplePacket(frame(...ANGLE_90_5, 0xe8, 0x03, 0x00, 0x00), 'records')).toEqual({
      kind: 'samples',
      format: 'records',
      angleDeg: [90.5],
      timeUs: [1000],
    });
  });

  it('decodes many records in order', () => {
    const packet = frame(...ANGLE_90_5, 0xe8, 0x03, 0x00, 0x00, ...ANGLE_MINUS_12_25, 0x70, 0x17, 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0xff, 0xff, 0xff, 0xff);
    expect(decodeSamplePacket(packet, 'records')).toMatchObject({ angleDeg: [90.5, -12.25, 2], timeUs: [1000, 6000, 4294967295] });
  });

  it('returns a NaN angle as sent, leaving the skip to the stream', () => {
    const decoded = decodeSamplePacket(frame(0x00, 0x00, 0xc0, 0x7f, 1, 0, 0, 0), 'records');
    expect(decoded.kind === 'samples' && Number.isNaN(decoded.angleDeg[0])).toBe(true);
  });

  it.each([0, 7, 9, 10, 12, 15])('reports a %i-byte packet as a bad length', (length) => {
    expect(decodeSamplePacket(new DataView(new ArrayBuffer(length)), 'records')).toEqual({
      kind: 'bad-length',
      byteLength: length,
      expected: 'a non-zero multiple of 8 bytes (firmware ≥ 6.2)',
    });
  });
});

describe('decoding 0x1604 legacy packets (firmware < 6.2)', () => {
  it('reads the angle at offset 0 and the time in ms at offset 6, ignoring bytes 4–5', () => {
    expect(decodeSamplePacket(frame(...ANGLE_MINUS_12_25, 0xaa, 0xbb, ...MS_1_5), 'legacy')).toEqual({
      kind: 'samples',
      format: 'legacy',
      angleDeg: [-12.25],
      timeUs: [1500],
    });
  });

  it.each([0, 8, 9, 11, 16, 20])('reports a %i-byte packet as a bad length', (length) => {
    expect(decodeSamplePacket(new DataView(new ArrayBuffer(length)), 'legacy')).toMatchObject({ kind: 'bad-length', byteLength: length });
  });
});

describe('decoding with the firmware unknown', () => {
  it('takes a 10-byte packet as legacy and a multiple of 8 as records', () => {
    expect(decodeSamplePacket(frame(...ANGLE_MINUS_12_25, 0, 0, ...MS_1_5), 'auto')).toMatchObject({ format: 'legacy', timeUs: [1500] });
    expect(decodeSamplePacket(frame(...ANGLE_90_5, 0xe8, 0x03, 0, 0, ...ANGLE_90_5, 0xe9, 0x03, 0, 0), 'auto')).toMatchObject({
      format: 'records',
      timeUs: [1000, 1001],
    });
  });

  it('reports any other length as a bad length', () => {
    expect(decodeSamplePacket(new DataView(new ArrayBuffer(12)), 'auto')).toMatchObject({ kind: 'bad-length' });
  });
});

describe('encoding sample packets', () => {
  it('writes the hand-computed record bytes', () => {
    const [packet] = encodeSamplePackets({ timeUs: [1000], angleDeg: [90.5] });
    expect([...packet!]).toEqual([...ANGLE_90_5, 0xe8, 0x03, 0x00, 0x00]);
  });

  it('writes the hand-computed legacy bytes, zeros at 4–5', () => {
    const [packet] = encodeSamplePackets({ timeUs: [1500], angleDeg: [-12.25] }, { format: 'legacy' });
    expect([...packet!]).toEqual([...ANGLE_MINUS_12_25, 0, 0, ...MS_1_5]);
  });

  it('splits records into packets of the requested size, the last one shorter', () => {
    const n = 12;
    const packets = encodeSamplePackets({ timeUs: Array.from({ length: n }, (_, i) => i * 5000), angleDeg: new Array<number>(n).fill(1) });
    expect(packets.map((p) => p.byteLength)).toEqual([40, 40, 16]);
  });

  it('writes record times modulo 2^32 like the unit clock', () => {
    const [packet] = encodeSamplePackets({ timeUs: [2 ** 32 + 7], angleDeg: [0] });
    expect([...packet!.subarray(4)]).toEqual([7, 0, 0, 0]);
  });

  it('refuses mismatched arrays, fractional or negative times and empty packet sizes', () => {
    expect(() => encodeSamplePackets({ timeUs: [1, 2], angleDeg: [0] })).toThrow(/2 times but 1 angles/);
    expect(() => encodeSamplePackets({ timeUs: [1.5], angleDeg: [0] })).toThrow(/whole number of µs/);
    expect(() => encodeSamplePackets({ timeUs: [-1], angleDeg: [0] })).toThrow(/whole number of µs/);
    expect(() => encodeSamplePackets({ timeUs: [1], angleDeg: [0] }, { recordsPerPacket: 0 })).toThrow(/positive integer/);
  });
});

describe('decoder properties', () => {
  const float32 = fc.float({ noNaN: true, noDefaultInfinity: true });
  const samples = fc.array(fc.tuple(float32, fc.integer({ min: 0, max: 2 ** 32 - 1 })), { minLength: 1, maxLength: 40 });

  it('round-trips records: encode then decode gives the same angles and times', () => {
    fc.assert(
      fc.property(samples, fc.integer({ min: 1, max: 20 }), (pairs, perPacket) => {
        const input = { angleDeg: pairs.map(([a]) => a), timeUs: pairs.map(([, t]) => t) };
        const out = { angleDeg: [] as number[], timeUs: [] as number[] };
        for (const p of encodeSamplePackets(input, { recordsPerPacket: perPacket })) {
          const d = decodeSamplePacket(new DataView(p.buffer), 'records');
          if (d.kind !== 'samples') return false;
          out.angleDeg.push(...d.angleDeg);
          out.timeUs.push(...d.timeUs);
        }
        expect(out).toEqual(input);
        return true;
      }),
    );
  });

  it('round-trips legacy packets to within float32 precision of the time in ms', () => {
    fc.assert(
      fc.property(float32, fc.integer({ min: 0, max: 4_300_000_000 }), (angle, timeUs) => {
        const [p] = encodeSamplePackets({ angleDeg: [angle], timeUs: [timeUs] }, { format: 'legacy' });
        const d = decodeSamplePacket(new DataView(p!.buffer), 'legacy');
        if (d.kind !== 'samples') return false;
        expect(d.angleDeg[0]).toBe(angle);
        // float32 keeps 24 bits: the ms value is exact to 2^-24 relative, plus rounding to whole µs.
        expect(Math.abs(d.timeUs[0]! - timeUs)).toBeLessThanOrEqual(timeUs * 2 ** -24 + 1);
        return true;
      }),
    );
  });

  it('never throws, whatever the bytes and format', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.constantFrom<DecodeFormat>('records', 'legacy', 'auto'), (bytes, format) => {
        const d = decodeSamplePacket(new DataView(bytes.buffer), format);
        return d.kind === 'bad-length' || d.angleDeg.length === d.timeUs.length;
      }),
      { numRuns: 500 },
    );
  });
});
