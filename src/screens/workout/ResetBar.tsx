/**
 * Reset, its countdown and — with the demo unit — "Start demo set". The countdown number is big
 * and announced (role="timer" with aria-live) so the athlete knows when the rope will move.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { attempt } from '../../stores/alerts';
import { useApp } from '../../compose/appContext';
import { connectedUnit, connection, demoControls } from '../../stores/connection';
import { countdown, resetWorkout } from '../../workout/resetFlow';
import { settings } from '../../stores/settings';

export function ResetBar(): ReactElement {
  useSignals();
  const { link } = useApp();
  const state = connection.value;
  const demo = state.status === 'connected' ? demoControls(state.unit) : null;
  const count = countdown.value;
  return (
    <div className="reset-bar">
      {demo && (
        <button type="button" className="button button--primary" onClick={() => void attempt(async () => void (await demo.startSet()))}>
          Start demo set
        </button>
      )}
      <button
        type="button"
        className="button"
        disabled={count !== null}
        onClick={() =>
          void attempt(() =>
            resetWorkout({ clearSet: link.reset, unit: connectedUnit(), windupOnReset: settings.peek().windupOnReset }),
          )
        }
      >
        Reset
      </button>
      {count !== null && (
        <p className="countdown" role="timer" aria-live="assertive" aria-label="Windup countdown">
          {count}
        </p>
      )}
    </div>
  );
}
