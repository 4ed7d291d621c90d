/**
 * docs/behaviour.md §2 Target dialog: a draft of the target settings, applied on Save. The value input shows
 * only for Threshold and Zone, the drop input (with its %/unit toggle) only for Zone and Fatigue;
 * a percent drop is limited to 0–100 (docs/behaviour.md §5). Save waits until every shown number is valid.
 * Toggling voice feedback speaks at once (the press is the user gesture speech needs on phones).
 *
 * The value and drop are the band of the metric and phase on screen (`scope` names them); the
 * target type, rep goal, warmup and voice are the set's. Either may be left empty: a pair whose
 * target is not set is not judged (rules/targetBands), and the dialog says so under the fields,
 * so the warmup or the voice can be saved without making up a target. The rep goal is a list (none, 1–30)
 * rather than a number field: a goal is a small whole number, and a list cannot be mistyped.
 *
 * With an athlete up (`ratio`), the eccentric side too: whether the big number shows each rep's
 * eccentric/concentric ratio (peak or mean power) instead of the metric, and the least ratio a rep
 * should reach (rules/overloadTarget.ts); left empty, no ratio target.
 */
import { useState, type ReactElement } from 'react';
import { TARGET_LABELS, TARGET_TYPES } from '../../rules/target';
import { Dialog, DialogButtons } from '../Dialog';
import { NumberField } from '../NumberField';
import { Toggle } from '../Toggle';
import { SET_REST_RANGE_S, WARMUP_CHOICES, type WorkoutSettings } from '../../rules/settingsModel';
import { bandIsSet, type TargetBand } from '../../rules/targetBands';
import { OVERLOAD_RATIO_LABELS, OVERLOAD_RATIOS, type OverloadRatio } from '../../rules/overloadTarget';
import { SelectField } from '../SelectField';

const TARGET_OPTIONS = TARGET_TYPES.map((value) => ({ value, label: TARGET_LABELS[value] }));
const WARMUP_OPTIONS = WARMUP_CHOICES.map((value) => ({ value, label: String(value) }));
const NO_GOAL = 0;
const GOAL_OPTIONS = [{ value: NO_GOAL, label: 'None' }, ...Array.from({ length: 30 }, (_, i) => ({ value: i + 1, label: String(i + 1) }))];

/** The settings the Target dialog edits: the set's, and the band of the metric and phase on screen. */
export type TargetForm = Pick<WorkoutSettings, 'target' | 'repGoal' | 'setRestS' | 'warmup' | 'isVoiceFeedback'> & TargetBand;

/** The eccentric side's settings: the big number's choice and the ratio target (`min` null: none). */
export interface RatioForm {
  showRatio: boolean;
  ratio: OverloadRatio;
  min: number | null;
}

const RATIO_OPTIONS = OVERLOAD_RATIOS.map((value) => ({ value, label: OVERLOAD_RATIO_LABELS[value] }));

export interface TargetDialogProps {
  initial: TargetForm;
  /** The eccentric side, when an athlete is up to keep it with. */
  ratio?: { initial: RatioForm; onSave: (form: RatioForm) => void };
  /** Unit of the chosen metric, for the value and a unit drop (e.g. "m/s"). */
  unit: string;
  /** The metric and phase the value and drop are for, e.g. "Velocity (m/s), concentric". */
  scope: string;
  onVoiceToggle: (on: boolean) => void;
  onSave: (form: TargetForm) => void;
  onClose: () => void;
}

export function TargetDialog({ initial, ratio, unit, scope, onVoiceToggle, onSave, onClose }: TargetDialogProps): ReactElement {
  const [ratioForm, setRatioForm] = useState<RatioForm | null>(ratio?.initial ?? null);
  const [ratioMin, setRatioMin] = useState({ entered: ratio?.initial.min ?? null, ok: true });
  const [form, setForm] = useState(initial);
  const [value, setValue] = useState({ entered: initial.targetValue, ok: true });
  const [drop, setDrop] = useState({ entered: initial.dropValue, ok: true });
  const [setRestS, setSetRest] = useState<number | null>(initial.setRestS);
  const set = (patch: Partial<TargetForm>) => setForm((f) => ({ ...f, ...patch }));
  const showValue = form.target === 'Threshold' || form.target === 'Zone';
  const showDrop = form.target === 'Zone' || form.target === 'Fatigue';
  const canSave = (!showValue || value.ok) && (!showDrop || drop.ok) && setRestS !== null && ratioMin.ok;
  const band: TargetBand = {
    targetValue: showValue ? value.entered : form.targetValue,
    dropValue: showDrop ? drop.entered : form.dropValue,
    dropPercent: form.dropPercent,
  };

  function save(): void {
    if (ratio !== undefined && ratioForm !== null) ratio.onSave({ ...ratioForm, min: ratioMin.entered });
    onSave({ ...form, ...band, setRestS: setRestS ?? form.setRestS });
  }

  return (
    <Dialog
      title="Target"
      onClose={onClose}
      actions={<DialogButtons onCancel={onClose} confirmLabel="Save" onConfirm={save} confirmDisabled={!canSave} />}
    >
      <p className="dialog__lead">Choose the target for your workout</p>
      <SelectField label="Target type" value={form.target} options={TARGET_OPTIONS} onChange={(target) => set({ target })} />
      {(showValue || showDrop) && <p className="dialog__scope">Value and drop for {scope}</p>}
      {showValue && (
        <NumberField label="Target value" unit={unit} value={form.targetValue} min={0} optional onChange={(entered, ok) => setValue({ entered, ok })} />
      )}
      {showDrop && (
        <div className="drop">
          <NumberField
            label="Drop"
            value={form.dropValue}
            min={0}
            max={form.dropPercent ? 100 : undefined}
            optional
            onChange={(entered, ok) => setDrop({ entered, ok })}
          />
          <div className="segmented" role="group" aria-label="Drop in">
            <button type="button" aria-pressed={form.dropPercent} onClick={() => set({ dropPercent: true })}>
              %
            </button>
            <button type="button" aria-pressed={!form.dropPercent} onClick={() => set({ dropPercent: false })}>
              {unit}
            </button>
          </div>
        </div>
      )}
      {form.target !== 'None' && !bandIsSet(form.target, band) && (
        <p className="dialog__note">Not set yet: {scope} is not judged until {showValue && showDrop ? 'both fields are' : 'the field above is'} filled in.</p>
      )}
      <SelectField
        label="Rep goal"
        description="Planned reps after the warmup"
        value={form.repGoal ?? NO_GOAL}
        options={GOAL_OPTIONS}
        onChange={(goal) => set({ repGoal: goal === NO_GOAL ? null : goal })}
      />
      <NumberField label="New set after a rest of" unit="s" value={form.setRestS} min={SET_REST_RANGE_S[0]} max={SET_REST_RANGE_S[1]} onChange={setSetRest} />
      <SelectField
        label="Warmup"
        description="Number of warmup repetitions"
        value={form.warmup}
        options={WARMUP_OPTIONS}
        onChange={(warmup) => set({ warmup })}
      />
      <Toggle
        title="Voice Feedback"
        description="Voices the statistic after each repetition"
        checked={form.isVoiceFeedback}
        onChange={(on) => {
          set({ isVoiceFeedback: on });
          onVoiceToggle(on);
        }}
      />
      {ratioForm !== null && (
        <section aria-labelledby="ratio-title">
          <h3 id="ratio-title">Eccentric overload</h3>
          <Toggle
            title="Big number: eccentric/concentric"
            description="Shows each rep’s eccentric over concentric power instead of the metric"
            checked={ratioForm.showRatio}
            onChange={(showRatio) => setRatioForm({ ...ratioForm, showRatio })}
          />
          <SelectField label="Ratio" value={ratioForm.ratio} options={RATIO_OPTIONS} onChange={(r) => setRatioForm({ ...ratioForm, ratio: r })} />
          <NumberField label="Ratio target: at least" unit="×" value={ratioForm.min} min={0} max={10} optional onChange={(entered, ok) => setRatioMin({ entered, ok })} />
        </section>
      )}
    </Dialog>
  );
}
