import { describe, expect, it } from 'vitest';
import { UnitType } from '../unit';
import { assertBoost, boostRange, encodeBoost, isMotorised } from './boost';

const full = Array.from({ length: 81 }, (_, i) => i);
const safe = Array.from({ length: 31 }, (_, i) => i);
const legacy = [0, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80];

describe('boost ranges (docs/behaviour.md §5)', () => {
  it.each([
    ['NONE', UnitType.NONE, [0]],
    ['PLATFORM', UnitType.PLATFORM, [0]],
    ['PORTABLE', UnitType.PORTABLE, [0]],
    ['RACK', UnitType.RACK, [0]],
    ['MOTOR_PLATFORM_LEGACY', UnitType.MOTOR_PLATFORM_LEGACY, legacy],
    ['MOTOR_PLATFORM', UnitType.MOTOR_PLATFORM, full],
    ['MOTOR_PLATFORM_SAFE', UnitType.MOTOR_PLATFORM_SAFE, safe],
    ['MOTOR_RACK_LEGACY', UnitType.MOTOR_RACK_LEGACY, legacy],
    ['MOTOR_RACK', UnitType.MOTOR_RACK, full],
    ['MOTOR_RACK_SAFE', UnitType.MOTOR_RACK_SAFE, safe],
  ] as const)('gives %s its range', (_name, type, expected) => {
    expect(boostRange(type)).toEqual(expected);
  });

  it('calls a unit motorised only above RACK', () => {
    expect([0, 1, 2, 3].map((t) => isMotorised(t as UnitType))).toEqual([false, false, false, false]);
    expect([4, 4.1, 4.2, 5, 5.1, 5.2].map((t) => isMotorised(t as UnitType))).toEqual([true, true, true, true, true, true]);
  });

  it.each([
    [UnitType.MOTOR_RACK, 81, /0–80 in steps of 1/],
    [UnitType.MOTOR_RACK, 12.5, /0–80 in steps of 1/],
    [UnitType.MOTOR_RACK_SAFE, 31, /0–30 in steps of 1/],
    [UnitType.MOTOR_RACK_LEGACY, 5, /0 or 10–80 in steps of 5/],
    [UnitType.MOTOR_PLATFORM_LEGACY, 12, /0 or 10–80 in steps of 5/],
    [UnitType.RACK, 10, /only 0/],
    [UnitType.MOTOR_RACK, -1, /0–80/],
  ])('refuses boost for type %f of %f %%', (type, percent, message) => {
    expect(() => assertBoost(type as UnitType, percent)).toThrow(message);
  });

  it('accepts the edges of each range', () => {
    expect(() => assertBoost(UnitType.MOTOR_RACK, 80)).not.toThrow();
    expect(() => assertBoost(UnitType.MOTOR_RACK_SAFE, 30)).not.toThrow();
    expect(() => assertBoost(UnitType.MOTOR_RACK_LEGACY, 10)).not.toThrow();
    expect(() => assertBoost(UnitType.NONE, 0)).not.toThrow();
  });

  it('writes the percent as decimal text', () => {
    expect([...encodeBoost(25)]).toEqual([0x32, 0x35]);
    expect([...encodeBoost(0)]).toEqual([0x30]);
  });
});
