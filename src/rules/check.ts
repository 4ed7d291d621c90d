/** Field checks for stored and edited settings: each returns the value or throws an Error naming the field. */

export function oneOf<T>(field: string, allowed: readonly T[], value: unknown): T {
  if (!allowed.includes(value as T)) throw new Error(`${field} must be one of ${allowed.join(', ')}, got ${String(value)}`);
  return value as T;
}

export function bool(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new Error(`${field} must be true or false, got ${String(value)}`);
  return value;
}

/** A finite number from `min` to `max` (a whole one when `whole`). */
export function numberIn(field: string, value: unknown, min: number, max = Number.POSITIVE_INFINITY, whole = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value))) {
    const range = max === Number.POSITIVE_INFINITY ? `from ${min}` : `from ${min} to ${max}`;
    throw new Error(`${field} must be a ${whole ? 'whole number' : 'number'} ${range}, got ${String(value)}`);
  }
  return value;
}
