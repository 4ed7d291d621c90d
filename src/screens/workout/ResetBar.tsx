/**
 * Reset, its countdown and — with the demo unit — "Start demo set". The countdown number is big
 * and announced (role="timer" with aria-live) so the athlete knows when the rope will move.
 * Reset sits next to "Start demo set", and ends the session: with a rep on screen it asks first
 * (ResetConfirm, loaded then) and says afterwards where the session went.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useApp } from '../../compose/appContext';
import { demoControls } from '../../stores';

const ResetConfirm = lazy(() => import('./ResetConfirm'));

export function ResetBar(): ReactElement {
  useSignals();
  const { link, resetFlow, session, stores } = useApp();
  const { attempt, showStatus } = stores.alerts;
  const { connection, settings } = stores;
  const [asking, setAsking] = useState(false);
  const state = connection.state.value;
  const demo = state.status === 'connected' ? demoControls(state.unit) : null;
  const count = resetFlow.countdown.value;
  /** Clears the set at once (saying `saved` then, before any windup countdown), then winds up when asked. */
  const reset = (saved?: string) => {
    const clearSet = () => {
      link.reset();
      if (saved !== undefined) showStatus(saved);
    };
    void attempt(() => resetFlow.reset({ clearSet, unit: connection.connectedUnit(), windupOnReset: settings.current.peek().windupOnReset }));
  };
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
        onClick={() => (session.reps.peek().length > 0 || session.turn.peek() !== null ? setAsking(true) : reset())}
      >
        Reset
      </button>
      {asking && (
        <Suspense fallback={null}>
          <ResetConfirm
            onCancel={() => setAsking(false)}
            onReset={(saved) => {
              setAsking(false);
              reset(saved);
            }}
          />
        </Suspense>
      )}
      {count !== null && (
        <p className="countdown" role="timer" aria-live="assertive" aria-label="Windup countdown">
          {count}
        </p>
      )}
    </div>
  );
}
