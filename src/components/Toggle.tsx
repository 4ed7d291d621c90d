/**
 * An on/off switch with a title and description (Windup on Reset and Voice Feedback).
 * A real button with role="switch", so Space and Enter work and screen readers say on/off.
 */
import { useId, type ReactElement } from 'react';
import { TitleDescription } from './TitleDescription';

export interface ToggleProps {
  title: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function Toggle({ title, description, checked, onChange }: ToggleProps): ReactElement {
  const id = useId();
  return (
    <div className="field field--row">
      <TitleDescription title={title} description={description} titleId={`${id}-t`} descriptionId={`${id}-d`} />
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-t`}
        aria-describedby={`${id}-d`}
        onClick={() => onChange(!checked)}
      >
        <span className="switch__knob" />
      </button>
    </div>
  );
}
