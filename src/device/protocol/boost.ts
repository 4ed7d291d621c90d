/**
 * Motor boost ranges (docs/behaviour.md §5) and the boost text written to 0x1608 (docs/behaviour.md §7).
 * Full motor units take 0–80 % in steps of 1, the SAFE variants 0–30 %, the LEGACY ones 0 (off)
 * or 10–80 % in steps of 5; units without a motor only 0.
 */
import { UnitType } from '../unit';

/** A unit is motorised when its type is above RACK (docs/behaviour.md §3). */
export function isMotorised(type: UnitType): boolean {
  return type > UnitType.RACK;
}

function steps(from: number, to: number, step: number): number[] {
  const values: number[] = [];
  for (let v = from; v <= to; v += step) values.push(v);
  return values;
}

/** Every boost percent the unit accepts, ascending; always starts with 0 (Off). */
export function boostRange(type: UnitType): number[] {
  switch (type) {
    case UnitType.MOTOR_PLATFORM:
    case UnitType.MOTOR_RACK:
      return steps(0, 80, 1);
    case UnitType.MOTOR_PLATFORM_SAFE:
    case UnitType.MOTOR_RACK_SAFE:
      return steps(0, 30, 1);
    case UnitType.MOTOR_PLATFORM_LEGACY:
    case UnitType.MOTOR_RACK_LEGACY:
      return [0, ...steps(10, 80, 5)];
    default:
      return [0];
  }
}

/** Throws a RangeError naming the allowed values when `percent` is not in the unit's range. */
export function assertBoost(type: UnitType, percent: number): void {
  const range = boostRange(type);
  if (!range.includes(percent)) {
    const allowed = range.length === 1 ? 'only 0' : describeRange(range);
    throw new RangeError(`Boost ${percent} % is not allowed for unit type ${type}: ${allowed}`);
  }
}

function describeRange(range: number[]): string {
  if (range[1] === 10) return '0 or 10–80 in steps of 5';
  return `0–${range[range.length - 1]} in steps of 1`;
}

/** The bytes written to 0x1608: the percent as decimal text, e.g. "25". */
export function encodeBoost(percent: number): Uint8Array {
  return new TextEncoder().encode(String(percent));
}
