/**
 * The Inertia and Target cards with their dialogs, wired to the settings and the unit. Plate
 * changes apply at once; Save in the Inertia dialog writes the boost to the unit (only when it
 * changed) and closes only if that worked; Save in the Target dialog applies the target settings.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactElement } from 'react';
import { boostRange } from '../../device';
import { UnitType } from '../../device/unit';
import { InertiaCard } from '../../components/cards/InertiaCard';
import { TargetCard } from '../../components/cards/TargetCard';
import { InertiaDialog, type InertiaChoice } from '../../components/dialogs/InertiaDialog';
import { TargetDialog, type TargetForm } from '../../components/dialogs/TargetDialog';
import { speech } from '../../platform/speech';
import { METRIC_UNITS } from '../../rules/labels';
import { attempt } from '../../state/alerts';
import { boostPercent, connectedUnit, connection, saveBoost } from '../../state/connection';
import { workoutView } from '../../state/session';
import { inertia, settings, updateSettings } from '../../state/settings';
import { togglePhrase } from '../../state/voice';

type Open = 'inertia' | 'target' | null;

export function WorkoutCards(): ReactElement {
  useSignals();
  const [open, setOpen] = useState<Open>(null);
  const s = settings.value;
  const state = connection.value;
  const boostOptions = boostRange(state.status === 'connected' ? state.device.info.type : UnitType.NONE);

  async function saveInertia(choice: InertiaChoice): Promise<void> {
    const ok = await attempt(async () => {
      updateSettings({ windupOnReset: choice.windupOnReset });
      if (connectedUnit() !== null) await saveBoost(choice.boost);
    });
    if (ok) setOpen(null);
  }

  function saveTarget(form: TargetForm): void {
    void attempt(() => {
      updateSettings(form);
      setOpen(null);
    });
  }

  return (
    <div className="cards">
      <InertiaCard inertia={inertia.value} windupOnReset={s.windupOnReset} boost={boostPercent.value} onOpen={() => setOpen('inertia')} />
      <TargetCard counted={workoutView.value.counted} target={s.target} voice={s.isVoiceFeedback} onOpen={() => setOpen('target')} />
      {open === 'inertia' && (
        <InertiaDialog
          plates={s.plates}
          onPlatesChange={(plates) => void attempt(() => updateSettings({ plates }))}
          boost={boostPercent.value}
          boostOptions={boostOptions}
          windupOnReset={s.windupOnReset}
          onSave={saveInertia}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'target' && (
        <TargetDialog
          initial={{
            target: s.target,
            targetValue: s.targetValue,
            dropPercent: s.dropPercent,
            dropValue: s.dropValue,
            warmup: s.warmup,
            isVoiceFeedback: s.isVoiceFeedback,
          }}
          unit={METRIC_UNITS[s.metric]}
          onVoiceToggle={(on) => void attempt(() => speech().speak(togglePhrase(on)))}
          onSave={saveTarget}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
