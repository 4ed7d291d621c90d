/**
 * A numeric input that refuses anything but a number, with a visible message instead of a silent
 * coercion. It keeps the typed text (so "0." can become "0.5") and reports `null` upward while the
 * text is not acceptable, which the dialogs use to disable Save. The report is re-sent when the
 * bounds change (a drop switching from unit to percent), so the parent never holds a stale value.
 * An `optional` field may be left empty ("not set"): it reports `null` then too, and its second
 * argument tells the two apart (true: acceptable, empty included). A required field that starts
 * empty says nothing in red until the user has typed in it or left it: an empty form is not an
 * error yet (its Save stays disabled meanwhile).
 */
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';

export interface NumberFieldProps {
  label: string;
  /** null: empty (an optional field not set). */
  value: number | null;
  onChange: (value: number | null, acceptable: boolean) => void;
  /** Empty is acceptable and means "not set". */
  optional?: boolean;
  min?: number;
  max?: number;
  /** Unit shown after the input, e.g. "%" or "m/s". */
  unit?: string;
}

/** `text` as written, with a decimal comma ("12,5", as many keyboards type it) read as a point. */
function normalised(text: string): string {
  return text.trim().replace(/^([-+]?\d*),(\d+)$/, '$1.$2');
}

/** The message for `text`, or null when it is an acceptable number. Exported for tests. */
export function numberProblem(text: string, min?: number, max?: number): string | null {
  const trimmed = normalised(text);
  if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return 'Enter a number';
  const value = Number(trimmed);
  if (min !== undefined && max !== undefined && (value < min || value > max)) return `Enter a number from ${min} to ${max}`;
  if (min !== undefined && value < min) return `Enter a number of at least ${min}`;
  if (max !== undefined && value > max) return `Enter a number of at most ${max}`;
  return null;
}

export function NumberField({ label, value, onChange, min, max, unit, optional = false }: NumberFieldProps): ReactElement {
  const id = useId();
  const [text, setText] = useState(value === null ? '' : String(value));
  const [touched, setTouched] = useState(value !== null);
  const empty = optional && normalised(text) === '';
  const problem = empty ? null : numberProblem(text, min, max);
  const shown = touched ? problem : null;
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    report.current(problem === null && !empty ? Number(normalised(text)) : null, problem === null);
  }, [text, problem, empty]);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <span className="number-field">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={optional ? 'not set' : undefined}
          value={text}
          aria-invalid={shown !== null}
          aria-describedby={shown ? `${id}-msg` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
        />
        {unit && <span className="number-field__unit">{unit}</span>}
      </span>
      {shown && (
        <span className="field__message" id={`${id}-msg`}>
          {shown}
        </span>
      )}
    </div>
  );
}
