/**
 * Settings → Sync on a coach's device: the team's devices (name, coach's or which athlete's, when
 * the server last heard from it), each but this one removable from the team (its token revoked:
 * its next sync is refused, what it sent stays in the team's log); and a join code for an
 * athlete's phone, made for one athlete, to type on that phone (one phone, within 7 days).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField } from '../../components/SelectField';
import { useApp } from '../../compose/appContext';
import { messageOf } from '../../shared/messageOf';
import type { SyncService } from '../../sync/syncService';
import type { JoinCode, TeamDevice } from '../../sync/wire';
import { ago } from '../../sync/words';

const day = (at: number) => new Date(at).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

function DeviceCard({ device, athleteName, onRemove }: { device: TeamDevice; athleteName: (id: string) => string; onRemove: () => void }): ReactElement {
  const role = device.role === 'coach' ? 'Coach' : `Phone of ${athleteName(device.athleteId ?? '')}`;
  const seen = device.lastSeenAt === null ? 'never synced' : `last seen ${ago(device.lastSeenAt, Date.now())}`;
  return (
    <li className="item-card">
      <h4 className="item-card__title">
        {device.name}
        {device.thisDevice && ' (this device)'}
      </h4>
      <p className="item-card__facts">
        {role} · {device.revokedAt === null ? seen : `removed ${day(device.revokedAt)}`}
      </p>
      {device.revokedAt === null && !device.thisDevice && (
        <div className="item-card__actions">
          <button type="button" className="button" aria-label={`Remove ${device.name} from the team`} onClick={onRemove}>
            Remove from the team
          </button>
        </div>
      )}
    </li>
  );
}

function InviteAthlete({ sync }: { sync: SyncService }): ReactElement {
  useSignals();
  const athletes = useApp().team.value?.athletes.value ?? [];
  const [athleteId, setAthleteId] = useState<string>('');
  const [code, setCode] = useState<(JoinCode & { name: string }) | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = athletes.find((a) => a.id === athleteId) ?? athletes[0];

  return (
    <section aria-labelledby="invite-title">
      <h3 id="invite-title">Invite an athlete’s phone</h3>
      <p>An athlete’s phone sends the sets it records and sees only that athlete’s sets. Make a code for the athlete, then type it in Settings → Sync on their phone: it works once, within 7 days.</p>
      {chosen === undefined ? (
        <p className="hint">Add the athlete on the Team page first.</p>
      ) : (
        <div className="form">
          <SelectField label="Athlete" value={chosen.id} options={athletes.map((a) => ({ value: a.id, label: a.name }))} onChange={setAthleteId} />
          <p>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                setProblem(null);
                sync
                  .inviteAthlete(chosen.id)
                  .then((made) => setCode({ ...made, name: chosen.name }))
                  .catch((error: unknown) => setProblem(messageOf(error)))
                  .finally(() => setBusy(false));
              }}
            >
              Make a code for {chosen.name}
            </button>
          </p>
        </div>
      )}
      {problem !== null && (
        <p className="field__message" role="alert">
          {problem}
        </p>
      )}
      {code !== null && (
        <dl className="facts" aria-label={`Join code for ${code.name}`}>
          <dt>Code for {code.name}</dt>
          <dd>
            <strong className="join-code">{code.code}</strong>
          </dd>
          <dt>Valid until</dt>
          <dd>{new Date(code.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
        </dl>
      )}
    </section>
  );
}

export function TeamDevices({ sync, athleteName }: { sync: SyncService; athleteName: (id: string) => string }): ReactElement {
  const { showStatus } = useApp().stores.alerts;
  const [devices, setDevices] = useState<TeamDevice[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TeamDevice | null>(null);

  const load = () =>
    sync.devices().then(
      (list) => {
        setDevices(list);
        setProblem(null);
      },
      (error: unknown) => setProblem(`The team’s devices could not be read: ${messageOf(error)}`),
    );
  useEffect(() => void load(), [sync]);

  return (
    <>
      <section aria-labelledby="devices-title">
        <h3 id="devices-title">The team’s devices</h3>
        {problem !== null && <p className="hint">{problem}</p>}
        {devices === null && problem === null && <p className="hint">Loading…</p>}
        {devices !== null && (
          <ul className="cards-list" aria-label="The team’s devices">
            {devices.map((d) => (
              <DeviceCard key={d.id} device={d} athleteName={athleteName} onRemove={() => setRemoving(d)} />
            ))}
          </ul>
        )}
        <p>
          <button type="button" className="button" onClick={() => void load()}>
            Refresh the list
          </button>
        </p>
      </section>
      <InviteAthlete sync={sync} />
      {removing !== null && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove from the team"
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            await sync.revoke(removing.id);
            setRemoving(null);
            showStatus(`${removing.name} was removed from the team: its next sync is refused. What it sent stays in the team’s log.`);
            await load();
          }}
        >
          <p>Its key stops working at once: it can no longer send or receive the team’s log, and joins again only with a new code. What it sent stays in the team’s log, and what it holds stays on it.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
