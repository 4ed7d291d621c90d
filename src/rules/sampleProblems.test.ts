import { describe, expect, it } from 'vitest';
import { addProblems, describeProblems, NO_PROBLEMS, streamNote, whyNoReps } from './sampleProblems';

const none = { reps: [], skipped: 0, pointCount: 100, problems: NO_PROBLEMS };

describe('sample problems', () => {
  it('adds counts up and keeps the latest saturation limit', () => {
    const a = { rejected: 1, unwrapped: 2, saturated: 1, saturationDeg: 1800, refused: 0, gaps: 1 };
    expect(addProblems(a, { rejected: 3, unwrapped: 0, saturated: 0, saturationDeg: 0, refused: 2, gaps: 2 })).toEqual({ rejected: 4, unwrapped: 2, saturated: 1, saturationDeg: 1800, refused: 2, gaps: 3 });
    expect(addProblems(a, { ...NO_PROBLEMS, saturated: 2, saturationDeg: 900 }).saturationDeg).toBe(900);
    expect(addProblems(a, undefined)).toEqual(a);
  });

  it('says nothing when there is nothing to say, and each problem in a sentence', () => {
    expect(describeProblems(NO_PROBLEMS)).toEqual([]);
    const lines = describeProblems({ rejected: 1, unwrapped: 12, saturated: 3, saturationDeg: 1800, refused: 2, gaps: 2 });
    expect(lines).toEqual([
      'the angle stopped dead at ±1800° 3 times: the sensor saturates there, so the reps that go past it read short and fast',
      'the angle wraps at 360° (12 wraps undone): reps are right only if the session started with the rope out',
      '1 sample rejected as a glitch no rope can make',
      '2 rep candidates refused as faster or shorter than a rope can pull',
      'the samples stop for more than a second 2 times: no phase spans a gap, so a rep a gap cut is not counted',
    ]);
  });

  it('leaves a live set’s gaps to the link’s own notice (they are its drops)', () => {
    expect(streamNote({ warnings: 0, lastWarning: null, problems: { ...NO_PROBLEMS, gaps: 2 } })).toBeNull();
    expect(streamNote({ warnings: 0, lastWarning: null, problems: { ...NO_PROBLEMS, gaps: 2, refused: 1 } })).toBe('1 rep candidate refused as faster or shorter than a rope can pull.');
  });

  it('gives a reason for every session without reps, and none for one with reps', () => {
    expect(whyNoReps(1, { ...none, pointCount: 0 })).toBe('fewer than two samples');
    expect(whyNoReps(500, { ...none, skipped: 499 })).toBe('499 of 500 samples dropped: their times did not increase or a value was not a finite number');
    expect(whyNoReps(500, { ...none, problems: { ...NO_PROBLEMS, unwrapped: 40 } })).toMatch(/^the angle wraps at 360°/);
    expect(whyNoReps(500, none)).toBe('the rope never moved 180° out and back, the least a rep travels');
    expect(whyNoReps(500, { ...none, reps: [{} as never] })).toBeNull();
  });
});
