/**
 * History (beyond the documented routes): the finished sessions kept on this device, newest
 * first, each with its date, reps after the warmup and best value (metric and phase). A session
 * can be reopened on the Workout screen for review, exported as the session CSV, or deleted after
 * a confirmation. Below, the progress across sessions (ProgressSection). Loaded lazily.
 *
 * Decisions where the product rules are silent: reopening replaces the set on screen (read-only review) and is
 * refused while a unit is connected, because that set is being recorded; the export is the same
 * session CSV as the Workout screen's, dated when the session started.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { HistoryEntry } from '../../journal/records';
import { fixed2, METRIC_LABELS, PHASE_LABELS } from '../../rules/labels';
import type { Journaling } from '../../journal/journaling';
import type { SharePort } from '../../platform/share/port';
import { exportSessionCsv, sessionCsvInput, type ExportReport } from '../../workout/sessionExport';
import { useApp } from '../../compose/appContext';
import { ProgressSection } from './ProgressSection';

function when(entry: HistoryEntry): string {
  return new Date(entry.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function best(entry: HistoryEntry): string {
  if (entry.best === null) return '—';
  return `${fixed2(entry.best.value)} ${METRIC_LABELS[entry.best.metric]}, ${PHASE_LABELS[entry.best.phase].toLowerCase()}`;
}

async function exportRecorded(journal: Journaling, entry: HistoryEntry, share: SharePort, report: ExportReport): Promise<void> {
  const { loaded, settings, reps, loads } = await journal.recorded(entry.id);
  const input = sessionCsvInput({ date: new Date(entry.startedAt), settings, firmware: loaded.meta.unit?.firmware ?? null, reps, raw: loaded.samples, loads });
  await exportSessionCsv(input, settings, share, report);
}

export default function HistoryScreen(): ReactElement {
  useSignals();
  const app = useApp();
  const { alerts, connection } = app.stores;
  const { attempt } = alerts;
  const journal = app.journal.value;
  const state = journal?.state.value ?? { kind: 'opening' };
  const open = (): Journaling => {
    if (journal === null) throw new Error('The session journal is still opening');
    return journal;
  };
  const connected = connection.state.value.status !== 'disconnected';
  const navigate = useNavigate();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [confirming, setConfirming] = useState<HistoryEntry | null>(null);

  const refresh = useCallback(() => attempt(async () => setEntries((await journal?.history()) ?? null)), [journal]);
  useEffect(() => {
    if (state.kind === 'open') void refresh();
  }, [state.kind, refresh]);

  return (
    <section className="screen history">
      <h1>History</h1>
      <p className="hint">
        Finished sessions kept on this device only. <Link to="/settings/data">What is kept, and how to delete it</Link>
      </p>
      {state.kind === 'opening' && <p className="hint">Loading…</p>}
      {state.kind === 'unavailable' && <p className="empty">Sessions are not kept on this device: {state.reason}</p>}
      {state.kind === 'open' && entries !== null && entries.length === 0 && <p className="empty">No finished sessions yet.</p>}
      {state.kind === 'open' && entries !== null && entries.length > 0 && (
        <div className="table-wrap">
          <table className="reps history__table">
            <caption>Finished sessions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Reps</th>
                <th scope="col">Best</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{when(entry)}</th>
                  <td>{entry.reps}</td>
                  <td>{best(entry)}</td>
                  <td className="history__actions">
                    <button
                      type="button"
                      className="button"
                      disabled={connected}
                      aria-label={`Open the session of ${when(entry)}`}
                      onClick={() => void attempt(async () => {
                        await open().reopen(entry.id);
                        navigate('/');
                      })}
                    >
                      Open
                    </button>
                    <button type="button" className="button" aria-label={`Export the session of ${when(entry)} as CSV`} onClick={() => void attempt(() => exportRecorded(open(), entry, app.ports.share(), alerts))}>
                      Export CSV
                    </button>
                    <button type="button" className="button" aria-label={`Delete the session of ${when(entry)}`} onClick={() => setConfirming(entry)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {connected && entries !== null && entries.length > 0 && <p className="hint">Disconnect the unit to open a session: the set on screen is being recorded.</p>}
      {journal !== null && entries !== null && entries.length > 0 && <ProgressSection journal={journal} entries={entries} when={when} />}
      {confirming !== null && (
        <ConfirmDialog
          title="Delete session?"
          confirmLabel="Delete"
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            await open().remove(confirming.id);
            setConfirming(null);
            await refresh();
          }}
        >
          <p>
            The session of {when(confirming)} ({confirming.reps} reps) and all its samples will be deleted from this device. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
