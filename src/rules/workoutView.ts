/**
 * Everything the Workout screen shows about the set, derived in one pass from the engine's reps
 * and the workout settings: numbered rows with percent change and validity, the current target
 * and drop (the chart band), the best rep, the rep goal and whether the set is complete. Pure, so
 * the screen, the voice and the tests read the same figures.
 *
 * Decisions where the product rules are silent:
 * - "Best rep was" is the best counted rep of the chosen phase and metric; its percent change is
 *   the latest counted rep against that best (how far the athlete has dropped), so it is 0 — and
 *   hidden — while the latest rep is the best.
 * - Percent Drop per row is the rep's percent change against the current target.
 * - Each phase is judged against its own band (the chosen metric's target for that phase), so a
 *   rep's concentric and eccentric bars can differ in validity. A phase is judged only once the
 *   user has set what the target type needs for that metric and phase (rules/targetBands
 *   `bandIsSet`); until then it is judged as with None, and `judged` says so: a Zone on
 *   concentric velocity must not turn every Power or eccentric rep red against a value nobody
 *   chose. The row's `valid`, the band, the best rep and set completion are the chosen phase's.
 * - Two-stage reps: the rep whose concentric is certain but whose return is under way (the
 *   engine's turn) is a row at once, with its eccentric still empty. Its concentric counts like a
 *   closed rep's (target, best, latest, validity), so the athlete has the pull's figure as soon as
 *   the pull ends; with the eccentric shown, the row waits for its rep to close.
 * - The set is done when it is complete by rule (Fatigue) or the counted reps reach the rep goal.
 */
import type { Metric, Rep, Turn } from '../engine/types';
import type { Phase } from './labels';
import { bestRep, currentDrop, currentTarget, percentChange, type RepValue, type TargetType } from './target';
import { bandFor, bandIsSet, type TargetBands } from './targetBands';
import { countedReps, isRepValid, isSetComplete, repCount, repLabel, type Judgement } from './validity';

/** The settings the view depends on (a subset of the workout settings). */
export interface ViewSettings {
  metric: Metric;
  phase: Phase;
  target: TargetType;
  targets: TargetBands;
  warmup: number;
  repGoal: number | null;
}

export interface RepRow {
  index: number;
  count: number;
  /** 'W' for warmup, else the count. */
  label: string;
  concentric: number;
  /** Null while the rep's return is under way (the row of the engine's turn). */
  eccentric: number | null;
  /** The value in the chosen phase; null while that phase is under way. */
  value: number | null;
  /** The row of the engine's turn: the concentric is certain, the rep not closed yet. */
  underWay: boolean;
  /** Against the chosen phase's current target; null while there is none or the value is under way. */
  percentChange: number | null;
  /** Each phase against its own band; the eccentric is null while it is under way. */
  validity: { concentric: boolean; eccentric: boolean | null };
  /** The chosen phase's validity (true while its value is under way: nothing to judge yet). */
  valid: boolean;
  /** Eccentric overload, eccentric / concentric peak and mean power; null while the return is under way. */
  overload: { peak: number; mean: number } | null;
}

export interface WorkoutView {
  rows: RepRow[];
  /** The target type the shown phase is judged by: the settings' type once its band is set for the metric and phase, else None. */
  judged: TargetType;
  target: number | null;
  drop: number | null;
  best: RepValue | null;
  /** Latest counted rep against the best, percent; 0 when there is nothing to compare. */
  bestChange: number;
  /** Value of the latest rep (warmup included) in the chosen phase, null before any rep. */
  latest: number | null;
  /** The row of that latest value (the big live number), null before any rep. */
  latestRow: RepRow | null;
  /** Reps excluding warmup, never below 0 (the rep under way counts). */
  counted: number;
  goal: number | null;
  /** Complete by rule: a Fatigue set fell below its band. */
  setComplete: boolean;
  /** Complete by rule, or the rep goal reached. */
  setDone: boolean;
}

/** One phase of the set judged against that phase's band. */
interface PhaseJudgement {
  values: RepValue[];
  judgement: Judgement;
}

function judgePhase(reps: readonly Rep[], turn: Turn | null, s: ViewSettings, phase: Phase): PhaseJudgement {
  const values: RepValue[] = reps.map((rep) => ({ count: repCount(rep.index, s.warmup), value: rep[phase][s.metric] }));
  if (turn !== null && phase === 'concentric') values.push({ count: repCount(turn.index, s.warmup), value: turn.concentric[s.metric] });
  const band = bandFor(s.targets, s.metric, phase);
  const type = bandIsSet(s.target, band) ? s.target : 'None';
  const target = type === 'None' ? null : currentTarget(type, band.targetValue ?? 0, values);
  const drop = type === 'Zone' || type === 'Fatigue' ? currentDrop(type, target, band.dropValue ?? 0, band.dropPercent) : null;
  return { values, judgement: { type, target, drop } };
}

export function buildWorkoutView(reps: readonly Rep[], s: ViewSettings, turn: Turn | null = null): WorkoutView {
  const judged = { concentric: judgePhase(reps, turn, s, 'concentric'), eccentric: judgePhase(reps, turn, s, 'eccentric') };
  const shown = judged[s.phase];
  const { target, drop } = shown.judgement;
  const validIn = (phase: Phase, i: number): boolean => isRepValid(judged[phase].values[i], judged[phase].judgement);
  const rows = reps.map((rep, i): RepRow => {
    const { count, value } = shown.values[i];
    const validity = { concentric: validIn('concentric', i), eccentric: validIn('eccentric', i) };
    return {
      index: rep.index,
      count,
      label: repLabel(count),
      concentric: rep.concentric[s.metric],
      eccentric: rep.eccentric[s.metric],
      value,
      underWay: false,
      percentChange: target === null ? null : percentChange(value, target),
      validity,
      valid: validity[s.phase],
      overload: { peak: rep.peakPowerRatio, mean: rep.meanPowerRatio },
    };
  });
  if (turn !== null) {
    const count = repCount(turn.index, s.warmup);
    const concentricValid = validIn('concentric', reps.length);
    const value = s.phase === 'concentric' ? turn.concentric[s.metric] : null;
    rows.push({
      index: turn.index,
      count,
      label: repLabel(count),
      concentric: turn.concentric[s.metric],
      eccentric: null,
      value,
      underWay: true,
      percentChange: target === null || value === null ? null : percentChange(value, target),
      validity: { concentric: concentricValid, eccentric: null },
      valid: s.phase === 'concentric' ? concentricValid : true,
      overload: null,
    });
  }
  const best = bestRep(shown.values);
  const countedValues = shown.values.filter((v) => v.count > 0);
  const lastCounted = countedValues[countedValues.length - 1];
  const counted = countedReps(reps.length + (turn === null ? 0 : 1), s.warmup);
  const setComplete = isSetComplete(shown.values, shown.judgement);
  const latestRow = rows.findLast((row) => row.value !== null) ?? null;
  return {
    rows,
    judged: shown.judgement.type,
    target,
    drop,
    best,
    bestChange: best && lastCounted ? percentChange(lastCounted.value, best.value) : 0,
    latest: latestRow?.value ?? null,
    latestRow,
    counted,
    goal: s.repGoal,
    setComplete,
    setDone: setComplete || (s.repGoal !== null && counted >= s.repGoal),
  };
}
