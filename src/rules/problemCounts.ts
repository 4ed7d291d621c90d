/**
 * The engine's counts of what it set aside in a session's samples (`SampleProblems`), added up
 * across calls. Apart from their words (sampleProblems.ts) so that the start-up, which only
 * needs an empty count, does not carry the sentences.
 */
import type { SampleProblems } from '../engine/types';

/** No problem at all. */
export const NO_PROBLEMS: Readonly<SampleProblems> = Object.freeze({ rejected: 0, unwrapped: 0, saturated: 0, saturationDeg: 0, refused: 0, gaps: 0 });

/** `a` and `b` added up (the saturation limit: the latest known). */
export function addProblems(a: Readonly<SampleProblems>, b: Readonly<SampleProblems> | undefined): SampleProblems {
  if (b === undefined) return { ...a };
  return {
    rejected: a.rejected + b.rejected,
    unwrapped: a.unwrapped + b.unwrapped,
    saturated: a.saturated + b.saturated,
    saturationDeg: b.saturated > 0 ? b.saturationDeg : a.saturationDeg,
    refused: a.refused + b.refused,
    gaps: a.gaps + b.gaps,
  };
}
