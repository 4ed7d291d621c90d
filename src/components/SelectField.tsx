/**
 * A labelled drop-down: the label (with an optional one-line description, tied to the control by
 * aria-describedby) and a native <select>, whose keyboard and screen-reader behaviour come for
 * free. Values keep their type: the option chosen is handed back as given, never as its text.
 */
import { useId, type ReactElement } from 'react';
import { TitleDescription } from './TitleDescription';

export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
}

export interface SelectFieldProps<T extends string | number> {
  label: string;
  description?: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  /** Label and control on one line (the toolbar). */
  inline?: boolean;
}

export function SelectField<T extends string | number>({ label, description, value, options, onChange, inline }: SelectFieldProps<T>): ReactElement {
  const id = useId();
  const describedBy = description === undefined ? undefined : `${id}-d`;
  return (
    <div className={inline ? 'field field--inline' : 'field'}>
      {description === undefined ? (
        <label htmlFor={id}>{label}</label>
      ) : (
        <TitleDescription title={<label htmlFor={id}>{label}</label>} description={description} descriptionId={describedBy} />
      )}
      <select id={id} aria-describedby={describedBy} value={value} onChange={(e) => onChange(options[e.target.selectedIndex]!.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
