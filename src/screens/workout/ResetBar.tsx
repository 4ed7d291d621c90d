/**
 * Reset, its countdown and — with the demo unit — "Start demo set". The countdown number is big
 * and announced (role="timer" with aria-live) so the athlete knows when the rope will move.
 * Reset sits next to "Start demo set", and ends the session: what it does (ask first when there
 * is a rep to lose, say where the session went) loads when pressed (ResetConfirm).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useApp } from '../../compose/appContext';
import { demoControls } from '../../stores';

const ResetConfirm = lazy(() => import('./ResetConfirm'));

export function ResetBar(): ReactElement {
  useSignals();
  const { resetFlow, stores } = useApp();
  const { attempt } = stores.alerts;
  const [asking, setAsking] = useState(false);
  const state = stores.connection.state.value;
  const demo = state.status === 'connected' ? demoControls(state.unit) : null;
  const count = resetFlow.countdown.value;
  return (
    <div className="reset-bar">
      {demo && (
        <button type="button" className="button button--primary" onClick={() => void attempt(async () => void (await demo.startSet()))}>
          Start demo set
        </button>
      )}
      <button type="button" className="button" disabled={count !== null} onClick={() => setAsking(true)}>
        Reset
      </button>
      {asking && (
        <Suspense fallback={null}>
          <ResetConfirm onDone={() => setAsking(false)} />
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
