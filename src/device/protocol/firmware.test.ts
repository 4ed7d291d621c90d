import { describe, expect, it } from 'vitest';
import { decodeVersionPart, formatFirmware, isUnknownFirmware, usesRecordFormat } from './firmware';

const view = (...bytes: number[]) => new DataView(new Uint8Array(bytes).buffer);

describe('firmware versions', () => {
  it('formats as major.minor.patch', () => {
    expect(formatFirmware({ major: 6, minor: 2, patch: 0 })).toBe('6.2.0');
    expect(formatFirmware({ major: 10, minor: 0, patch: 13 })).toBe('10.0.13');
  });

  it.each([
    [5, 9, 9, false],
    [6, 0, 0, false],
    [6, 1, 99, false],
    [6, 2, 0, true],
    [6, 10, 0, true],
    [7, 0, 0, true],
  ])('%i.%i.%i uses the record format: %s', (major, minor, patch, expected) => {
    expect(usesRecordFormat({ major, minor, patch })).toBe(expected);
  });

  it('treats 0.0.0 (the fallback of a failed read) as unknown', () => {
    expect(isUnknownFirmware({ major: 0, minor: 0, patch: 0 })).toBe(true);
    expect(isUnknownFirmware({ major: 0, minor: 0, patch: 1 })).toBe(false);
  });
});

describe('decoding one version part', () => {
  it('reads a single byte as uint8', () => {
    expect(decodeVersionPart(view(6), 'major')).toBe(6);
    expect(decodeVersionPart(view(0xff), 'patch')).toBe(255);
  });

  it('reads two or four bytes little-endian', () => {
    expect(decodeVersionPart(view(0x02, 0x01), 'minor')).toBe(0x0102);
    expect(decodeVersionPart(view(0x07, 0, 0, 0), 'major')).toBe(7);
  });

  it.each([[[]], [[1, 2, 3]], [[1, 2, 3, 4, 5]]])('refuses %j', (bytes) => {
    expect(() => decodeVersionPart(view(...bytes), 'major')).toThrow(/Firmware major should be 1, 2 or 4 bytes/);
  });
});
