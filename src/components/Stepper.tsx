/**
 * docs/behaviour.md §2 "Stepper": minus and plus around an integer count, minimum 0, steps of 1, no upper
 * bound, with the step divided by 100000 shown beside the label (a plate's kg·m²). Minus is
 * disabled (and dimmed by CSS) at 0, so the count can never go below.
 */
import type { ReactElement } from 'react';
import { PLATE_SCALE } from '../rules/plates';

export interface StepperProps {
  label: string;
  /** Tally step; the label shows step / 100000. */
  step: number;
  modelValue: number;
  onChange: (value: number) => void;
}

export function Stepper({ label, step, modelValue, onChange }: StepperProps): ReactElement {
  if (!Number.isInteger(modelValue) || modelValue < 0) {
    throw new Error(`Stepper "${label}" needs a non-negative integer, got ${modelValue}`);
  }
  const name = `${label} ${step / PLATE_SCALE}`;
  return (
    <div className="stepper" role="group" aria-label={name}>
      <span className="stepper__label">
        {label} <span className="stepper__step">{step / PLATE_SCALE}</span>
      </span>
      <button type="button" className="stepper__button" aria-label={`Remove one ${name}`} disabled={modelValue === 0} onClick={() => onChange(modelValue - 1)}>
        −
      </button>
      <output className="stepper__value" aria-live="polite">
        {modelValue}
      </output>
      <button type="button" className="stepper__button" aria-label={`Add one ${name}`} onClick={() => onChange(modelValue + 1)}>
        +
      </button>
    </div>
  );
}
