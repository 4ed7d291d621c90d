/**
 * Settings → Sync on an athlete's phone that holds sessions of its own athletes (trained alone
 * before joining, or under an athlete made here): one offer to count them as the team athlete's and
 * share them (src/sync/priorSessions.ts), behind a confirm that says what will happen. Declining is
 * leaving them: they stay on this phone, unshared, and the offer stays here (docs/sync.md §10).
 * Read again after each sync and each change of the log, so the count is the log's.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useApp } from '../../compose/appContext';
import { messageOf } from '../../shared/messageOf';
import type { PriorSessions } from '../../sync/priorSessions';
import type { SyncService, SyncStatus } from '../../sync/syncService';
import { listNames, sessionCount } from '../../sync/words';

export function PriorSessionsOffer({ sync, status }: { sync: SyncService; status: SyncStatus }): ReactElement | null {
  useSignals();
  const app = useApp();
  const { showStatus, showError } = app.stores.alerts;
  const revision = app.journal.value?.revision.value ?? 0;
  const [offer, setOffer] = useState<PriorSessions | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (status.running) return;
    let current = true;
    sync
      .priorSessions()
      .then((found) => current && setOffer(found))
      .catch((error: unknown) => showError(`The sessions kept only on this phone could not be read: ${messageOf(error)}`));
    return () => void (current = false);
  }, [sync, status.running, status.lastSyncAt, revision, showError]);

  if (offer === null) return null;
  const athlete = offer.athlete.name;
  const count = sessionCount(offer.sessions);
  const theirs = listNames(offer.from.map((a) => a.name));
  return (
    <section aria-labelledby="prior-title">
      <h3 id="prior-title">Sessions on this phone only</h3>
      <p>
        This phone holds {count} of {theirs} {offer.allBeforeJoining ? 'recorded before joining' : 'that the team does not see'}: count them as {athlete}’s and share them with the team.
      </p>
      <p className="hint">Until then they stay on this phone only, and the coach does not see them.</p>
      <button type="button" className="button button--primary" onClick={() => setAsking(true)}>
        Count them as {athlete}’s
      </button>
      {asking && (
        <ConfirmDialog
          title={`Count ${count} as ${athlete}’s?`}
          confirmLabel={`Count them as ${athlete}’s`}
          onCancel={() => setAsking(false)}
          onConfirm={async () => {
            const shared = await sync.sharePriorSessions();
            setAsking(false);
            showStatus(`${sessionCount(shared)} ${shared === 1 ? 'is' : 'are'} now ${athlete}’s; ${shared === 1 ? 'it goes' : 'they go'} to the team with the next sync.`);
          }}
        >
          <p>
            The sets of {theirs} in {offer.sessions === 1 ? 'it' : 'them'} become {athlete}’s: on this phone now, and on the team server with the next sync, where {athlete}’s coach sees them.
            Their figures and samples stay as they were recorded.
          </p>
          <p>
            {listNames(offer.leaving)} (this phone’s own) {offer.leaving.length === 1 ? 'leaves' : 'leave'} its athletes: {athlete} trains here from now on. This phone cannot undo it.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
