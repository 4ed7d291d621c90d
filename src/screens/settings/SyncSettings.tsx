/**
 * Settings → Sync (docs/behaviour.md §11): this device and a team server. Before joining: the
 * server's address (checked as it is typed: plain http:// only to this machine, src/sync/address.ts),
 * a check that a Repline team server answers there, and joining with a code, whose role (coach,
 * or one athlete's phone) comes with the code. Joined: the team, the last sync, what waits to be
 * sent, the last problem in one sentence, this device's clock against the server's, Sync now, and
 * leaving the team (the log stays on the device); for a coach's device, the team's devices and a
 * code for an athlete's phone (TeamDevices.tsx); on an athlete's phone that holds sessions of its
 * own athletes, the offer to count them as its team athlete's (PriorSessions.tsx).
 *
 * The sync's code loads when this page opens (it is not in the settings chunk: only a device in a
 * team, or one on this page, loads it).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useApp } from '../../compose/appContext';
import { messageOf } from '../../shared/messageOf';
import { parseServerAddress } from '../../sync/address';
import type { MembershipView } from '../../sync/membership';
import type { SyncService, SyncStatus } from '../../sync/syncService';
import { ago, clockIsOff, describeOffset } from '../../sync/words';
import { PriorSessionsOffer } from './PriorSessions';
import { TeamDevices } from './TeamDevices';

/** How often the page counts what waits to be sent while it shows. */
const WAITING_EVERY_MS = 5000;

const time = (at: number) => new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

function JoinForm({ sync, again }: { sync: SyncService; again: MembershipView | null }): ReactElement {
  const id = useId();
  const { showStatus } = useApp().stores.alerts;
  const [address, setAddress] = useState(again?.server ?? '');
  const [code, setCode] = useState('');
  const [name, setName] = useState(again?.deviceName ?? '');
  const [checked, setChecked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const parsed = parseServerAddress(address);
  const addressProblem = address.trim() === '' || parsed.ok ? null : parsed.reason;

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form"
      aria-label="Join a team"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          const joined = await sync.join(address, code, name);
          showStatus(joined.role === 'coach' ? `This device joined ${joined.team.name} as a coach’s device.` : `This device joined ${joined.team.name} as an athlete’s phone.`);
        });
      }}
    >
      <h3>{again === null ? 'Join a team' : 'Join again'}</h3>
      <div className="field">
        <label htmlFor={`${id}-address`}>Team server’s address</label>
        <input
          id={`${id}-address`}
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="https://team.example.org"
          aria-describedby={addressProblem === null ? undefined : `${id}-address-problem`}
          aria-invalid={addressProblem !== null}
          value={address}
          onChange={(e) => {
            setAddress(e.target.value);
            setChecked(null);
          }}
        />
        {addressProblem !== null && (
          <span id={`${id}-address-problem`} className="field__message">
            {addressProblem}
          </span>
        )}
      </div>
      <p>
        <button
          type="button"
          className="button"
          disabled={busy || !parsed.ok}
          onClick={() =>
            void run(async () => {
              const found = await sync.check(address);
              setChecked(`A Repline team server answers at ${found.base}${clockIsOff(found.offsetMs) ? `; this device’s clock is ${describeOffset(found.offsetMs)} its clock (edits will be timed by the server’s)` : ''}.`);
            })
          }
        >
          Check the address
        </button>
      </p>
      {checked !== null && <p className="hint">{checked}</p>}
      <div className="field">
        <label htmlFor={`${id}-code`}>Join code</label>
        <input id={`${id}-code`} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} placeholder="ABCDE-FGHJK" maxLength={40} value={code} onChange={(e) => setCode(e.target.value)} />
        <span className="hint">The server prints a coach’s code when it starts; a coach’s device makes one for an athlete’s phone.</span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-name`}>This device’s name</label>
        <input id={`${id}-name`} type="text" autoComplete="off" placeholder="Coach’s tablet" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        <span className="hint">What the coach sees in the team’s device list.</span>
      </div>
      {problem !== null && (
        <p className="field__message" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy || !parsed.ok || code.trim() === '' || name.trim() === ''}>
        Join the team
      </button>
    </form>
  );
}

/** The status of a device in a team, as facts. */
function Status({ status, membership, athleteName }: { status: SyncStatus; membership: MembershipView; athleteName: (id: string) => string }): ReactElement {
  const role = membership.role === 'coach' ? 'a coach’s device (the whole team)' : `the phone of ${athleteName(membership.athleteId ?? '')} (their sets only)`;
  const last = status.lastSyncAt === null ? 'not yet' : `${time(status.lastSyncAt)} (${ago(status.lastSyncAt, Date.now())})`;
  const waiting = status.waiting === null ? '…' : status.waiting === 0 ? 'nothing' : `${status.waiting} change${status.waiting === 1 ? '' : 's'}`;
  return (
    <dl className="facts" aria-label="Sync status">
      <dt>Team</dt>
      <dd>
        {membership.team.name} on {membership.server}
      </dd>
      <dt>This device</dt>
      <dd>
        {membership.deviceName}, {role}
      </dd>
      <dt>Last sync</dt>
      <dd>{status.running ? 'syncing now…' : last}</dd>
      <dt>Waiting to be sent</dt>
      <dd>{waiting}</dd>
      {status.problem !== null && (
        <>
          <dt>Last problem</dt>
          <dd>{status.problem}</dd>
        </>
      )}
      {status.retryAt !== null && status.problem !== null && (
        <>
          <dt>Next try</dt>
          <dd>{time(status.retryAt)}</dd>
        </>
      )}
      {clockIsOff(membership.offsetMs) && (
        <>
          <dt>Clock</dt>
          <dd>This device’s clock is {describeOffset(membership.offsetMs)} the team server’s: edits made here are timed by the server’s clock.</dd>
        </>
      )}
    </dl>
  );
}

function Joined({ sync, status, membership }: { sync: SyncService; status: SyncStatus; membership: MembershipView }): ReactElement {
  const app = useApp();
  const { showStatus } = app.stores.alerts;
  const [leaving, setLeaving] = useState(false);
  const roster = app.team.value?.store.roster.value ?? [];
  const athleteName = (id: string) => roster.find((a) => a.id === id)?.name ?? 'an athlete';

  useEffect(() => {
    void sync.refreshWaiting();
    const timer = setInterval(() => void sync.refreshWaiting(), WAITING_EVERY_MS);
    return () => clearInterval(timer);
  }, [sync]);

  return (
    <>
      <Status status={status} membership={membership} athleteName={athleteName} />
      {status.notice !== null && <p className="hint">{status.notice}</p>}
      <div className="data__actions">
        <button type="button" className="button button--primary" disabled={status.running || membership.refused} onClick={() => void sync.syncNow()}>
          Sync now
        </button>
        <button type="button" className="button" onClick={() => setLeaving(true)}>
          Leave the team
        </button>
      </div>
      {membership.role === 'athlete' && !membership.refused && <PriorSessionsOffer sync={sync} status={status} />}
      {membership.refused && <JoinForm sync={sync} again={membership} />}
      {membership.role === 'coach' && !membership.refused && <TeamDevices sync={sync} athleteName={athleteName} />}
      {leaving && (
        <ConfirmDialog
          title="Leave the team?"
          confirmLabel="Leave the team"
          onCancel={() => setLeaving(false)}
          onConfirm={async () => {
            const { told } = await sync.leave();
            setLeaving(false);
            showStatus(told ? 'This device left the team; its log stays on it.' : 'This device left the team; its log stays on it. The server could not be told (no connection): remove the device from the coach’s device list.');
          }}
        >
          <p>
            This device stops syncing with {membership.team.name} and forgets its key. Everything it holds stays on it, and the team’s log stays on the server.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

export default function SyncSettings(): ReactElement {
  useSignals();
  const journal = useApp().journal.value;
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const sync = journal?.sync.service.value ?? null;
  useEffect(() => {
    if (journal === null || sync !== null) return;
    journal.sync.load().catch((error: unknown) => setLoadProblem(`Syncing could not load: ${messageOf(error)}`));
  }, [journal, sync]);
  const status = sync?.status.value ?? null;
  const membership = status?.membership ?? null;

  return (
    <div>
      <h2>Team sync</h2>
      {membership === null ? (
        <p>
          With a team server (your club’s: README “Run a team server”), every device of the team keeps the same log: the coach’s tablet and
          desktop see every session, and an athlete’s phone sends its sets and sees only that athlete’s. Recording never waits for the server:
          what is recorded offline goes up later, and nothing on this device is deleted by a sync. This device talks to no server until it
          joins one here, and then only to that one.
        </p>
      ) : (
        <p>This device keeps the team’s log with the server below, after each set and whenever it comes back online. Recording never waits for it.</p>
      )}
      {loadProblem !== null && <p className="field__message">{loadProblem}</p>}
      {sync === null || status === null ? (
        loadProblem === null && <p className="hint">Loading…</p>
      ) : membership === null ? (
        <JoinForm sync={sync} again={null} />
      ) : (
        <Joined sync={sync} status={status} membership={membership} />
      )}
    </div>
  );
}
