/**
 * docs/behaviour.md §2 Inertia dialog. Plate counts apply live (the workout inertia follows every press, as
 * as docs/behaviour.md §2 asks); the Overload Boost and Windup on Reset are drafts that apply on Save, because the
 * boost is a command to the motor and should not fire on every arrow key in the select.
 * Opened by the connect flow (`firstTime`), it says why it asks, and can be skipped.
 */
import { useState, type ReactElement } from 'react';
import { boostLabel } from '../../rules/labels';
import { PLATE_STEPS, plateTotal } from '../../rules/plates';
import { Dialog, DialogButtons } from '../Dialog';
import { Stepper } from '../Stepper';
import { Toggle } from '../Toggle';
import { SelectField } from '../SelectField';

export interface InertiaChoice {
  boost: number;
  windupOnReset: boolean;
}

export interface InertiaDialogProps {
  plates: readonly number[];
  onPlatesChange: (plates: number[]) => void;
  boost: number;
  /** The connected unit's allowed boost values (docs/behaviour.md §5), 0 first. */
  boostOptions: readonly number[];
  windupOnReset: boolean;
  /** Opened by the connect flow because no plates are chosen: says why, and Cancel reads Skip. */
  firstTime?: boolean;
  onSave: (choice: InertiaChoice) => Promise<void>;
  onClose: () => void;
}

export function InertiaDialog(props: InertiaDialogProps): ReactElement {
  const { plates, onPlatesChange, boostOptions, firstTime = false, onSave, onClose } = props;
  const [boost, setBoost] = useState(props.boost);
  const [windupOnReset, setWindup] = useState(props.windupOnReset);
  const [saving, setSaving] = useState(false);
  const options = boostOptions.includes(boost) ? boostOptions : [boost, ...boostOptions];

  async function save(): Promise<void> {
    setSaving(true);
    try {
      await onSave({ boost, windupOnReset });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      title="Inertia"
      onClose={onClose}
      actions={<DialogButtons cancelLabel={firstTime ? 'Skip' : 'Cancel'} onCancel={onClose} confirmLabel="Save" onConfirm={save} confirmDisabled={saving} />}
    >
      {firstTime && <p className="dialog__note">Torque, force and power need the flywheel’s inertia. Choose your plates now, or skip and choose them later.</p>}
      <p className="dialog__lead">Select which flywheels you are using</p>
      <div className="steppers">
        {PLATE_STEPS.map((step, i) => (
          <Stepper
            key={step}
            label="Flywheel"
            step={step}
            modelValue={plates[i]}
            onChange={(count) => onPlatesChange(plates.map((c, j) => (j === i ? count : c)))}
          />
        ))}
      </div>
      <p className="total">
        Total <output aria-label="Total inertia">{plateTotal(plates)}</output> kg·m²
      </p>
      <SelectField
        label="Overload Boost"
        description="Choose the motorized boost for the eccentric phase"
        value={boost}
        options={options.map((value) => ({ value, label: boostLabel(value) }))}
        onChange={setBoost}
      />
      <Toggle
        title="Windup on Reset"
        description="Starts a count down then automatically winds in the rope"
        checked={windupOnReset}
        onChange={setWindup}
      />
    </Dialog>
  );
}
