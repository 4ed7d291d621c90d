/**
 * History (beyond the documented routes): the finished sessions kept on this device, newest
 * first, each a card with its date, reps after the warmup and best value (metric and phase), and
 * its buttons in view at any width (a table would hide them off a phone's screen). A session
 * opens on a page of its own (SessionScreen: every set, as a chart and a table), exports as the
 * session CSV, or is deleted after a confirmation. Above the list, the session being recorded
 * (InProgressCard); below it, the progress across sessions (ProgressSection). Loaded lazily.
 *
 * Decisions where the product rules are silent: opening a session leaves the set on screen alone,
 * so it works while a unit is connected; the export is the same session CSV as the Workout
 * screen's, dated when the session started.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { HistoryEntry } from '../../journal/records';
import { repsText } from '../../rules/labels';
import type { Journaling } from '../../journal/journaling';
import { useApp } from '../../compose/appContext';
import { InProgressCard } from './InProgressCard';
import { ProgressSection } from './ProgressSection';
import { best, exportRecorded, when } from './sessionText';

export default function HistoryScreen(): ReactElement {
  useSignals();
  const app = useApp();
  const { alerts } = app.stores;
  const { attempt } = alerts;
  const journal = app.journal.value;
  const state = journal?.state.value ?? { kind: 'opening' };
  const open = (): Journaling => {
    if (journal === null) throw new Error('The session journal is still opening');
    return journal;
  };
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
      {state.kind === 'open' && journal !== null && <InProgressCard journal={journal} when={when} best={best} />}
      {state.kind === 'open' && entries !== null && entries.length === 0 && <p className="empty">No finished sessions yet.</p>}
      {state.kind === 'open' && entries !== null && entries.length > 0 && (
        <section aria-labelledby="sessions-title">
          <h2 id="sessions-title">Sessions</h2>
          <ul className="cards-list" aria-label="Finished sessions, newest first">
            {entries.map((entry) => (
              <li key={entry.id} className="item-card">
                <h3 className="item-card__title">{when(entry)}</h3>
                <p className="item-card__facts">
                  {repsText(entry.reps)} · best {best(entry)}
                </p>
                <div className="item-card__actions">
                  <Link className="button" to={`/history/${encodeURIComponent(entry.id)}`} aria-label={`Open the session of ${when(entry)}`}>
                    Open
                  </Link>
                  <button type="button" className="button" aria-label={`Export CSV of the session of ${when(entry)}`} onClick={() => void attempt(() => exportRecorded(open(), entry, app.ports.share(), alerts))}>
                    Export CSV
                  </button>
                  <button type="button" className="button" aria-label={`Delete the session of ${when(entry)}`} onClick={() => setConfirming(entry)}>
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {journal !== null && entries !== null && entries.length > 0 && <ProgressSection journal={journal} entries={entries} />}
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
            The session of {when(confirming)} ({repsText(confirming.reps)}) and all its samples will be deleted from this device. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
