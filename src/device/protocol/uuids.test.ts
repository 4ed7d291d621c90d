import { describe, expect, it } from 'vitest';
import { assertUuid128, assertWritable, CHARACTERISTIC, SERVICE_UUID, uuidFromShortId } from './uuids';

describe('the unit GATT table', () => {
  it('expands the service short id 0x1600 on the Bluetooth base UUID', () => {
    expect(SERVICE_UUID).toBe('00001600-0000-1000-8000-00805f9b34fb');
  });

  it.each([
    ['samples', '00001604-0000-1000-8000-00805f9b34fb'],
    ['calibrate', '00001605-0000-1000-8000-00805f9b34fb'],
    ['unitInfo', '00001606-0000-1000-8000-00805f9b34fb'],
    ['boost', '00001608-0000-1000-8000-00805f9b34fb'],
    ['motorOn', '0000160a-0000-1000-8000-00805f9b34fb'],
    ['motorOff', '0000160b-0000-1000-8000-00805f9b34fb'],
    ['windup', '0000160c-0000-1000-8000-00805f9b34fb'],
    ['firmwareMajor', '00001611-0000-1000-8000-00805f9b34fb'],
    ['firmwareMinor', '00001612-0000-1000-8000-00805f9b34fb'],
    ['firmwarePatch', '00001613-0000-1000-8000-00805f9b34fb'],
  ] as const)('maps %s to %s', (name, uuid) => {
    expect(CHARACTERISTIC[name]).toBe(uuid);
  });

  it('refuses a short id outside 16 bits', () => {
    expect(() => uuidFromShortId(0x10000)).toThrow(RangeError);
    expect(() => uuidFromShortId(-1)).toThrow(RangeError);
  });
});

describe('UUID validation', () => {
  it('accepts a 128-bit lowercase-hex UUID', () => {
    expect(assertUuid128('0000160a-0000-1000-8000-00805f9b34fb')).toBe('0000160a-0000-1000-8000-00805f9b34fb');
  });

  it.each([
    '0000160A-0000-1000-8000-00805F9B34FB',
    '0x1600',
    '1600',
    '{00001600-0000-1000-8000-00805f9b34fb}',
    '000016000000100080000805f9b34fb',
    '00001600-0000-1000-8000-00805f9b34fg',
    '',
  ])('refuses "%s" with Invalid UUID format', (value) => {
    expect(() => assertUuid128(value)).toThrow(/^Invalid UUID format/);
  });
});

describe('write data validation', () => {
  it('refuses an empty buffer with Invalid data', () => {
    expect(() => assertWritable(new Uint8Array(0))).toThrow(/^Invalid data/);
  });

  it('passes a copy of a non-empty buffer, so later changes by the caller do not leak into the write', () => {
    const data = new Uint8Array([0x30]);
    const copy = assertWritable(data);
    data[0] = 0x31;
    expect([...copy]).toEqual([0x30]);
  });
});
