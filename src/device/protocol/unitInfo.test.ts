import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnitType, type UnitInfo } from '../unit';
import { encodeUnitInfo, parseUnitInfo } from './unitInfo';

const text = (s: string) => new TextEncoder().encode(s);

describe('reading unit info (type-number-name)', () => {
  it.each([
    ['5.1-1-Repline Demo', { type: 5.1, number: 1, name: 'Repline Demo' }],
    ['4.2-12-Left-Rack-2', { type: 4.2, number: 12, name: 'Left-Rack-2' }],
    ['3-0-Rack', { type: 3, number: 0, name: 'Rack' }],
    ['0-0-', { type: 0, number: 0, name: 'Repline' }],
    [' 5-7-Gym \0\0\0', { type: 5, number: 7, name: 'Gym' }],
  ])('parses "%s"', (raw, expected) => {
    expect(parseUnitInfo(text(raw))).toEqual(expected);
  });

  it.each([
    ['', /should read "type-number-name"/],
    ['Repline', /should read "type-number-name"/],
    ['5.1-1', /should read "type-number-name"/],
    ['-1-x', /should read "type-number-name"/],
    ['6-1-x', /unknown unit type "6"/],
    ['5.3-1-x', /unknown unit type "5.3"/],
    ['5.1-one-x', /invalid unit number "one"/],
    ['5.1--x', /invalid unit number ""/],
    ['5.1-1.5-x', /invalid unit number "1.5"/],
  ])('refuses "%s"', (raw, message) => {
    expect(() => parseUnitInfo(text(raw))).toThrow(message);
  });

  it('refuses bytes that are not UTF-8 with a clear message', () => {
    expect(() => parseUnitInfo(new Uint8Array([0x35, 0x2d, 0xff, 0xfe]))).toThrow('Unit info is not valid UTF-8 text (4 bytes)');
  });

  it('fails only with its own Error, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        try {
          parseUnitInfo(bytes);
        } catch (error) {
          return error instanceof Error && error.constructor === Error && error.message.startsWith('Unit info');
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
});

describe('writing unit info (JSON)', () => {
  it('sends unitType, unitNumber and unitName as JSON text', () => {
    const bytes = encodeUnitInfo({ type: UnitType.MOTOR_RACK, number: 1, name: 'Repline Demo' });
    expect(new TextDecoder().decode(bytes)).toBe('{"unitType":5.1,"unitNumber":1,"unitName":"Repline Demo"}');
  });

  it('encodes a name beyond ASCII as UTF-8', () => {
    const bytes = encodeUnitInfo({ type: UnitType.RACK, number: 2, name: 'Ø' });
    // Ø is U+00D8 → 0xC3 0x98 in UTF-8, then the closing quote and brace.
    expect([...bytes.subarray(-4)]).toEqual([0xc3, 0x98, 0x22, 0x7d]);
  });

  it.each([
    [{ type: 6 as UnitType, number: 1, name: 'x' }, /Unknown unit type 6/],
    [{ type: UnitType.RACK, number: -1, name: 'x' }, /whole number ≥ 0, got -1/],
    [{ type: UnitType.RACK, number: 1.5, name: 'x' }, /whole number ≥ 0, got 1.5/],
    [{ type: UnitType.RACK, number: 1, name: '  ' }, /must not be empty/],
    [{ type: UnitType.RACK, number: 1, name: 'x'.repeat(500) }, /at most 512 fit/],
  ])('refuses %j', (info, message) => {
    expect(() => encodeUnitInfo(info)).toThrow(message);
  });
});

describe('unit info properties', () => {
  it('reads back what a unit stores from a write: any type, number and name', () => {
    const info = fc.record({
      type: fc.constantFrom(...Object.values(UnitType)),
      number: fc.nat(),
      name: fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() === s && s !== '' && !s.includes('\0')),
    });
    fc.assert(
      fc.property(info, (i: UnitInfo) => {
        const sent = JSON.parse(new TextDecoder().decode(encodeUnitInfo(i))) as { unitType: number; unitNumber: number; unitName: string };
        const stored = `${sent.unitType}-${sent.unitNumber}-${sent.unitName}`;
        expect(parseUnitInfo(text(stored))).toEqual(i);
      }),
    );
  });
});
