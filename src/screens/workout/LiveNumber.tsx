/**
 * The big live number: the latest rep's value in the chosen metric and phase, sized to be read
 * from a phone on the floor three metres away (full width, heavy figures, high contrast), and
 * coloured by the rep's validity: solid for a valid rep, a striped warning for an invalid one,
 * plain for a warmup rep (not judged). Below it the reps done, over the rep goal when there is
 * one, and "Set done" once the set is (with why, for a Fatigue set that fell below its band);
 * that line is a live region, so a screen reader says it too.
 *
 * While the metric needs the inertia and no plates are chosen, it shows "–" (never 0.00).
 *
 * It can show the eccentric side instead (`ratio`, the athlete's choice): the rep's eccentric over
 * concentric peak or mean power, judged against their ratio target (rules/overloadTarget.ts) when
 * they have one, with how many of the set's reps met it. The ratio is known once the rep's return
 * is over; "–" without concentric power (no plates). While a rep's return is under way, its ratio
 * (or its eccentric, with the eccentric shown) is not known yet: the number shows the last rep
 * whose figure is, and says which rep is under way, instead of a passing "–".
 *
 * The figure fills the box's width whatever the metric: "0.86 m/s" and "1275.60 N" both fit a
 * 320 px phone. Its size is the box's width over the text's width in ems (`--ems`, a bold digit
 * being at most about 0.72 em wide), capped for a wide box; it counts at least four figures, so
 * the number does not jump in size between reps of one metric.
 */
import type { CSSProperties, ReactElement } from 'react';
import { figure, fixed2, PHASE_LABELS, repsText, type Phase } from '../../rules/labels';
import { OVERLOAD_RATIO_LABELS, type OverloadRatio, type RatioSummary, type RatioTarget } from '../../rules/overloadTarget';
import type { RepRow } from '../../rules/workoutView';

/** The eccentric side on the big number: which ratio, the target on it, and how the set did against it. */
export interface RatioShown {
  ratio: OverloadRatio;
  target: RatioTarget | null;
  summary: RatioSummary | null;
}

export interface LiveNumberProps {
  row: RepRow | null;
  phase: Phase;
  unit: string;
  counted: number;
  goal: number | null;
  setDone: boolean;
  /** A Fatigue set complete by rule: the bound its last rep fell below; null otherwise. */
  completeBelow: number | null;
  /** The metric cannot be measured yet (no plates chosen). */
  unknown: boolean;
  /** Shows the rep's eccentric/concentric ratio instead of the metric. */
  ratio?: RatioShown | null;
  /** The count of the rep under way when its figure is not the one shown (its return is); null otherwise. */
  underWay?: number | null;
}

/** The ratio of `row`, null while its return is under way or without concentric power. */
function ratioOf(row: RepRow | null, ratio: OverloadRatio): number | null {
  const value = row?.overload === null || row === null ? null : ratio === 'peakPowerRatio' ? row.overload.peak : row.overload.mean;
  return value !== null && value > 0 ? value : null;
}

function tone(row: RepRow | null, unknown: boolean): 'none' | 'warmup' | 'valid' | 'invalid' {
  if (row === null || unknown) return 'none';
  if (row.count <= 0) return 'warmup';
  return row.valid ? 'valid' : 'invalid';
}

/** Width of the value and its unit in ems of the figure, never less than a four-figure value's. */
export function figureEms(value: string, unit: string): number {
  return Math.max(value.length, 4) * 0.72 + (unit.length + 1) * 0.25 * 0.8;
}

export function LiveNumber({ row, phase, unit: metricUnit, counted, goal, setDone, completeBelow, unknown, ratio = null, underWay = null }: LiveNumberProps): ReactElement {
  const shownRatio = ratio === null ? null : ratioOf(row, ratio.ratio);
  let state = tone(row, unknown);
  if (ratio !== null && state !== 'warmup' && row !== null) state = shownRatio === null ? 'none' : ratio.target === null || shownRatio >= ratio.target.min ? 'valid' : 'invalid';
  const unit = ratio === null ? metricUnit : '×';
  const value = ratio !== null ? (shownRatio === null ? '–' : fixed2(shownRatio)) : row === null || row.value === null || unknown ? '–' : figure(row.value);
  const what = ratio === null ? PHASE_LABELS[phase] : OVERLOAD_RATIO_LABELS[ratio.ratio];
  const label = `${row === null ? what : `${row.count <= 0 ? 'Warmup' : `Rep ${row.count}`} · ${what}`}${underWay === null ? '' : ` · ${underWay <= 0 ? 'warmup' : `rep ${underWay}`} under way`}`;
  return (
    <section className="live-number" data-tone={state} aria-label="Latest rep">
      <p className="live-number__label">
        {label}
        {state === 'invalid' && <span className="live-number__verdict"> · outside the target</span>}
      </p>
      <p className="live-number__value" data-testid="live-number" style={{ '--ems': figureEms(value, unit) } as CSSProperties}>
        {value}
        <span className="live-number__unit">{`\u00a0${unit}`}</span>
      </p>
      <div aria-live="polite">
        <p className="live-number__reps">
          {goal === null ? repsText(counted) : `${counted} / ${repsText(goal)}`}
          {setDone && <strong className="live-number__done"> · Set done</strong>}
          {ratio?.target != null && ratio.summary !== null && ratio.summary.judged > 0 && ` · ${ratio.summary.met} of ${ratio.summary.judged} ≥ ${fixed2(ratio.target.min)}×`}
        </p>
        {completeBelow !== null && (
          <p className="set-complete">
            Set complete: the last rep fell below {figure(completeBelow)} {unit}.
          </p>
        )}
      </div>
    </section>
  );
}
