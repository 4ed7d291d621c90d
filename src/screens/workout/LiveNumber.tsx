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
 * The figure fills the box's width whatever the metric: "0.86 m/s" and "1275.60 N" both fit a
 * 320 px phone. Its size is the box's width over the text's width in ems (`--ems`, a bold digit
 * being at most about 0.72 em wide), capped for a wide box; it counts at least four figures, so
 * the number does not jump in size between reps of one metric.
 */
import type { CSSProperties, ReactElement } from 'react';
import { fixed2, PHASE_LABELS, repsText, type Phase } from '../../rules/labels';
import type { RepRow } from '../../rules/workoutView';

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

export function LiveNumber({ row, phase, unit, counted, goal, setDone, completeBelow, unknown }: LiveNumberProps): ReactElement {
  const state = tone(row, unknown);
  const value = row === null || row.value === null || unknown ? '–' : fixed2(row.value);
  const label = row === null ? PHASE_LABELS[phase] : `${row.count <= 0 ? 'Warmup' : `Rep ${row.count}`} · ${PHASE_LABELS[phase]}`;
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
        </p>
        {completeBelow !== null && (
          <p className="set-complete">
            Set complete: the last rep fell below {fixed2(completeBelow)} {unit}.
          </p>
        )}
      </div>
    </section>
  );
}
