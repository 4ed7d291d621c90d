/**
 * The migration tests' comparison of today's reps with those an old release showed for the same
 * recording (the `expected` of a fixture database written by that release's code). Today's engine
 * times a rep's edges and figures a little differently (issue 23's stop fits moved some ends by a
 * fraction of a millisecond): the same reps, each edge within a 200 Hz grid step and each figure
 * the release kept within 1 %. The net force, where kept, is the one a wrong mass for a span
 * would move by far more.
 */
import { expect } from 'vitest';
import type { Rep } from '../../engine/types';

export interface ReleasedRep {
  startUs: number;
  endUs: number;
  concentricVelocity: number;
  concentricPower: number;
  concentricNetForce?: number;
}

export function expectReleasedReps(reps: readonly Rep[], released: readonly ReleasedRep[]): void {
  expect(reps).toHaveLength(released.length);
  reps.forEach((rep, i) => {
    const old = released[i]!;
    expect(Math.abs(rep.startUs - old.startUs)).toBeLessThan(5000);
    expect(Math.abs(rep.endUs - old.endUs)).toBeLessThan(5000);
    expect(Math.abs(rep.concentric.velocity / old.concentricVelocity - 1)).toBeLessThan(0.01);
    expect(Math.abs(rep.concentric.power / old.concentricPower - 1)).toBeLessThan(0.01);
    if (old.concentricNetForce !== undefined) expect(Math.abs(rep.concentric.netForce / old.concentricNetForce - 1)).toBeLessThan(0.01);
  });
}
