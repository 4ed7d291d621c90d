/**
 * The link state after the unit dropped it: "Reconnecting… (attempt 2 of 12)" with the
 * wait before that attempt and why the last one failed, then — once the app gives up — a
 * Reconnect button. It sits under the top bar on every screen, because the athlete may be on
 * any page when the unit walks out of range. The Shell holds the polite live region it renders
 * into (announced, never urgent) and loads this only while the app reconnects.
 */
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { useApp } from '../compose/appContext';

export default function ReconnectBanner(): ReactElement | null {
  useSignals();
  const { link: { reconnector }, stores } = useApp();
  const { attempt } = stores.alerts;
  const link = stores.connection.state.value.status === 'reconnecting' ? reconnector.value : null;
  const state = link?.state.value ?? null;
  const failure = link?.lastFailure.value ?? null;
  const line = link?.line.value ?? null;
  if (state === null || line === null) return null;
  return (
    <p className="alert alert--warning">
      <span>
        {line}
        {state.kind === 'reconnecting' && ` — next try ${state.nextDelayMs < 1000 ? `in ${state.nextDelayMs} ms` : `in ${state.nextDelayMs / 1000} s`}`}
        {failure !== null && <span className="hint"> Last try: {failure}</span>}
      </span>
      {state.kind === 'gave-up' && (
        <button type="button" className="button button--primary" onClick={() => void attempt(() => link?.retry())}>
          Reconnect
        </button>
      )}
    </p>
  );
}
