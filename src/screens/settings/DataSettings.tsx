/**
 * Settings → Data: what the app keeps, where, and how to delete it. The wording here
 * is the README's, so users read the same promise in both places.
 *
 * "Delete all data" removes every kept session (finished or not) and the saved settings, and
 * clears the set on screen; it is refused while a unit is connected, because that set is being
 * recorded (disconnect first). A device in a team also leaves it (compose/backgroundServices.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useApp } from '../../compose/appContext';
import { AthleteExport } from './AthleteExport';
import { BackupRestore } from './BackupRestore';

export default function DataSettings(): ReactElement {
  useSignals();
  const app = useApp();
  const { showStatus } = app.stores.alerts;
  const journal = app.journal.value;
  const state = journal?.state.value ?? { kind: 'opening' };
  const connected = app.stores.connection.state.value.status !== 'disconnected';
  const [confirming, setConfirming] = useState(false);
  // Read when the page opens: joining and leaving happen on Settings → Sync.
  const inTeam = journal?.sync.member() ?? false;

  return (
    <div className="form">
      <h2>Your data</h2>
      <p>
        While a unit is connected, Repline keeps every raw sample of the session (time and angle), with its settings and plate counts, in
        this browser&apos;s storage (IndexedDB database <code>repline-journal</code>) on this device.{' '}
        {inTeam ? (
          <>
            This device is in a team: its log is also shared with the team&apos;s server it joined, and nowhere else (
            <Link to="/settings/sync">Settings → Sync</Link>).
          </>
        ) : (
          <>
            Nothing is sent anywhere: this device is in no team (<Link to="/settings/sync">Settings → Sync</Link>).
          </>
        )}{' '}
        A session cut short by a reload, a crash or a closed tab is offered for recovery at the next start; finished sessions are listed
        in the <Link to="/history">History</Link>, where each can be exported or deleted. Your settings are kept in this browser too.
      </p>
      {state.kind === 'unavailable' && <p className="hint">Sessions are not kept on this device: {state.reason}</p>}
      <BackupRestore journal={journal} share={app.ports.share} connected={connected} />
      <AthleteExport journal={journal} share={app.ports.share} />
      <h3>Delete all data</h3>
      <button type="button" className="button" disabled={connected || state.kind !== 'open'} onClick={() => setConfirming(true)}>
        Delete all data
      </button>
      {connected && <p className="hint">Disconnect the unit first: its session is being recorded.</p>}
      {confirming && (
        <ConfirmDialog
          title="Delete all data?"
          confirmLabel="Delete all data"
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            await journal?.deleteAll();
            setConfirming(false);
            showStatus('All sessions and settings were deleted from this device');
          }}
        >
          <p>Every kept session and your saved settings will be deleted from this device, and the set on screen cleared. This cannot be undone.</p>
          {inTeam && <p>This device also leaves its team, or the next sync would bring the team&apos;s log back; the team&apos;s log stays on the server.</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}
