/**
 * docs/behaviour.md §2 Inertia dialog. The plate counts, the Overload Boost and Windup on Reset are a
 * draft: the total follows every press, and Save applies them all at once; Cancel, Escape and
 * Skip leave every setting as it was. Applying plates as they were pressed made a Cancel keep
 * them: a plate added and cancelled fed torque and power and started a set. The boost is a
 * command to the motor, which must not fire on every arrow key in the select either.
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
  /** Plate counts, largest plate first. */
  plates: number[];
  boost: number;
  windupOnReset: boolean;
}

export interface InertiaDialogProps {
  /** The plates on now; the dialog edits a copy. */
  plates: readonly number[];
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
  const { boostOptions, firstTime = false, onSave, onClose } = props;
  const [plates, setPlates] = useState<number[]>(() => [...props.plates]);
  const [boost, setBoost] = useState(props.boost);
  const [windupOnReset, setWindup] = useState(props.windupOnReset);
  const [saving, setSaving] = useState(false);
  const options = boostOptions.includes(boost) ? boostOptions : [boost, ...boostOptions];

  async function save(): Promise<void> {
    setSaving(true);
    try {
      await onSave({ plates, boost, windupOnReset });
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
            onChange={(count) => setPlates((now) => now.map((c, j) => (j === i ? count : c)))}
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
