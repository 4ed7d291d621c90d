/**
 * The Inertia and Target dialogs wired to the settings and the unit, loaded on first open (they
 * are not needed to see the set). Save in the Inertia dialog writes the boost to the unit (only
 * when it changed), then applies the plates and windup, and closes only if that worked; Save in the Target
 * dialog applies the target settings, its value and drop to the metric and phase on screen (left
 * empty, that pair has no target), and with an athlete up, the eccentric side: the big number's
 * choice and the ratio target, kept with that athlete.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { boostRange } from '../../device';
import { UnitType } from '../../device/unit';
import { InertiaDialog, type InertiaChoice } from '../../components/dialogs/InertiaDialog';
import { TargetDialog, type RatioForm, type TargetForm } from '../../components/dialogs/TargetDialog';
import { METRIC_LABELS, METRIC_UNITS, PHASE_LABELS } from '../../rules/labels';
import { bandFor, withBand } from '../../rules/targetBands';
import { useApp } from '../../compose/appContext';
import { demoControls } from '../../stores';
import type { WorkoutDialog } from '../../stores/workoutHints';
import { togglePhrase } from '../../workout/voiceFeedback';

export default function WorkoutDialogs({ open, onClose }: { open: WorkoutDialog; onClose: () => void }): ReactElement {
  useSignals();
  const { link, ports, stores, team } = useApp();
  const { attempt } = stores.alerts;
  const { settings, connection } = stores;
  const updateSettings = settings.update;
  const s = settings.current.value;
  const state = connection.state.value;

  if (open === 'inertia') {
    // The prompt after calibrating held the Demo athlete's set (CalibrateModal.tsx): it starts once the plates are chosen or skipped.
    const prompted = stores.workoutHints.inertiaPrompt.value === 'open';
    const close = () => {
      onClose();
      const unit = connection.connectedUnit();
      if (prompted && unit !== null) void attempt(async () => void (await demoControls(unit)?.startSet()));
    };
    const saveInertia = async (choice: InertiaChoice): Promise<void> => {
      // The boost first: when the unit refuses it, nothing is applied and the dialog stays open.
      const ok = await attempt(async () => {
        if (connection.connectedUnit() !== null) await link.saveBoost(choice.boost);
        updateSettings({ plates: choice.plates, windupOnReset: choice.windupOnReset });
      });
      if (ok) close();
    };
    return (
      <InertiaDialog
        plates={s.plates}
        boost={connection.boostPercent.value}
        boostOptions={boostRange(state.status === 'connected' ? state.device.info.type : UnitType.NONE)}
        windupOnReset={s.windupOnReset}
        firstTime={prompted}
        onSave={saveInertia}
        onClose={close}
      />
    );
  }

  const saveTarget = ({ targetValue, dropPercent, dropValue, ...set }: TargetForm): void =>
    void attempt(() => {
      updateSettings({ ...set, targets: withBand(s.targets, s.metric, s.phase, { targetValue, dropPercent, dropValue }) });
      onClose();
    });
  const athlete = team.value?.store.active.value ?? null;
  const ratio = athlete === null
    ? undefined
    : {
        initial: { showRatio: athlete.settings.bigNumber === 'ratio', ratio: athlete.settings.ratioTarget?.ratio ?? 'peakPowerRatio', min: athlete.settings.ratioTarget?.min ?? null },
        onSave: ({ showRatio, ratio: which, min }: RatioForm) =>
          void attempt(() => team.value?.updateActive({ bigNumber: showRatio ? 'ratio' : 'metric', ratioTarget: min === null ? null : { ratio: which, min } })),
      };
  return (
    <TargetDialog
      ratio={ratio}
      initial={{
        target: s.target,
        ...bandFor(s.targets, s.metric, s.phase),
        repGoal: s.repGoal,
        setRestS: s.setRestS,
        warmup: s.warmup,
        isVoiceFeedback: s.isVoiceFeedback,
      }}
      unit={METRIC_UNITS[s.metric]}
      scope={`${METRIC_LABELS[s.metric]}, ${PHASE_LABELS[s.phase].toLowerCase()}`}
      onVoiceToggle={(on) => void attempt(() => ports.speech().speak(togglePhrase(on)))}
      onSave={saveTarget}
      onClose={onClose}
    />
  );
}
