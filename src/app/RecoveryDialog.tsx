/**
 * "Recover unfinished session?" at start-up: a session a reload, crash or closed tab
 * left unfinished is offered with its date, length and sample count. Recover brings it back with
 * the same reps and journals on into it, takes the user to the Workout screen where it now is
 * (the offer shows on any page) and says so, except on the profile test's page, which goes on
 * with the recovered reps; Discard deletes it (a session without a rep is discarded without
 * asking: there is nothing in it to recover); Not now (or Escape) leaves it to
 * be offered at the next start. The Shell shows it while the journal has an offer.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Dialog } from '../components/Dialog';
import type { Journaling } from '../journal/journaling';
import { formatDuration } from '../journal/sessionRecovery';
import { useApp } from '../compose/appContext';

export default function RecoveryDialog(): ReactElement | null {
  useSignals();
  const app = useApp();
  const { attempt, showStatus } = app.stores.alerts;
  const journal = app.journal.value;
  const offer = journal?.offer.value ?? null;
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A session without a rep (the rope at rest after a Reset, then a reload) holds nothing to
  // recover: it is discarded, not offered. Where the engine cannot tell, it is offered.
  const id = offer?.loaded.meta.id ?? null;
  const [withReps, setWithReps] = useState<string | null>(null);
  useEffect(() => {
    if (journal === null || offer === null) return;
    let reps = true;
    try {
      const update = app.ports.engine.reprocess(offer.loaded.samples, offer.loaded.meta.settings.engine);
      reps = update.reps.length + update.turns.length > 0;
    } catch {
      reps = true;
    }
    if (reps) setWithReps(offer.loaded.meta.id);
    else void attempt(() => journal.discard());
  }, [journal, id]);
  if (journal === null || offer === null || withReps !== id) return null;
  const run = (action: (j: Journaling) => unknown) => async () => {
    setBusy(true);
    try {
      await attempt(async () => void (await action(journal)));
    } finally {
      setBusy(false);
    }
  };
  const when = new Date(offer.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Dialog
      title="Recover unfinished session?"
      onClose={run((j) => j.postpone())}
      actions={
        <>
          <button type="button" className="button" disabled={busy} onClick={run((j) => j.postpone())}>
            Not now
          </button>
          <button type="button" className="button" disabled={busy} onClick={run((j) => j.discard())}>
            Discard
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={run((j) => {
              j.recover();
              // The profile test carries on where it was with the recovered reps: it stays on its page.
              if (pathname.startsWith('/profile/test')) return showStatus(`Recovered the session of ${when}: the profile test goes on with its reps.`);
              navigate('/');
              showStatus(`Recovered the session of ${when}: it is on the Workout screen, and connecting the unit carries it on.`);
            })}
          >
            Recover
          </button>
        </>
      }
    >
      <p>The session of {when} was not finished: the page was closed or reloaded while it was recording.</p>
      <dl className="facts">
        <dt>Started</dt>
        <dd>{when}</dd>
        <dt>Recorded</dt>
        <dd>{formatDuration(offer.durationS)}</dd>
        <dt>Samples</dt>
        <dd>{offer.samples.toLocaleString()}</dd>
      </dl>
    </Dialog>
  );
}
