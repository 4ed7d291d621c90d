/**
 * The line that says the target type on screen has no target for the metric and phase shown, so
 * their reps are not judged (rules/targetBands), with a button to the Target dialog. Part of the
 * set's views (setViews.ts), not of the Workout screen's start-up.
 */
import type { ReactElement } from 'react';
import type { Metric } from '../../engine/types';
import { METRIC_LABELS, PHASE_LABELS, type Phase } from '../../rules/labels';
import { TARGET_LABELS, type TargetType } from '../../rules/target';

export interface TargetUnsetProps {
  target: TargetType;
  metric: Metric;
  phase: Phase;
  onSet: () => void;
}

export function TargetUnset({ target, metric, phase, onSet }: TargetUnsetProps): ReactElement {
  return (
    <p className="hint target-unset">
      No {TARGET_LABELS[target]} target for {METRIC_LABELS[metric]}, {PHASE_LABELS[phase].toLowerCase()}: its reps are not judged.{' '}
      <button type="button" className="button" onClick={onSet}>
        Set one
      </button>
    </p>
  );
}
