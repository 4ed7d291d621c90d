/**
 * Reset, its countdown and — with the demo unit — "Start demo set". The countdown number is big
 * and announced (role="timer" with aria-live) so the athlete knows when the rope will move.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { useApp } from '../../compose/appContext';
import { demoControls } from '../../stores';

export function ResetBar(): ReactElement {
  useSignals();
  const { link, resetFlow, stores } = useApp();
  const { attempt } = stores.alerts;
  const { connection, settings } = stores;
  const state = connection.state.value;
  const demo = state.status === 'connected' ? demoControls(state.unit) : null;
  const count = resetFlow.countdown.value;
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
            resetFlow.reset({ clearSet: link.reset, unit: connection.connectedUnit(), windupOnReset: settings.current.peek().windupOnReset }),
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
