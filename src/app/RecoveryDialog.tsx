/**
 * "Recover unfinished session?" at start-up (issue 7): a session a reload, crash or closed tab
 * left unfinished is offered with its date, length and sample count. Recover brings it back with
 * the same reps and journals on into it; Discard deletes it; Not now (or Escape) leaves it to be
 * offered at the next start. The journal code loads on the first answer, not with the Shell.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactElement } from 'react';
import { Dialog } from '../components/Dialog';
import { attempt } from '../stores/alerts';
import { formatDuration } from '../journal/sessionRecovery';
import { recoveryOffer } from '../stores/recoveryOffer';

const journaling = () => import('../journal/journaling');

export default function RecoveryDialog(): ReactElement | null {
  useSignals();
  const offer = recoveryOffer.value;
  const [busy, setBusy] = useState(false);
  if (offer === null) return null;
  const run = (action: (j: Awaited<ReturnType<typeof journaling>>) => unknown) => async () => {
    setBusy(true);
    try {
      await attempt(async () => void (await action(await journaling())));
    } finally {
      setBusy(false);
    }
  };
  const when = new Date(offer.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Dialog
      title="Recover unfinished session?"
      onClose={run((j) => j.postponeRecovery())}
      actions={
        <>
          <button type="button" className="button" disabled={busy} onClick={run((j) => j.postponeRecovery())}>
            Not now
          </button>
          <button type="button" className="button" disabled={busy} onClick={run((j) => j.discardRecovery())}>
            Discard
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={run((j) => j.recoverSession())}>
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
