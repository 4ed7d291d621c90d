/**
 * The link service: connect, calibrate or cancel, disconnect, boost and unit-info writes, and what
 * happens when the unit drops the link. It moves the connection store (`stores/connection.ts`);
 * the unit is passed in, so this layer never knows whether it talks to Bluetooth, the Demo unit
 * or a test double.
 *
 * A device-side drop of a unit that can reconnect (`Unit.reconnect`) keeps the session open: the
 * state is 'reconnecting' while the reconnect attempts run (`reconnectAttempts.ts`, wired to this
 * link by `resumeLink.ts`), the live session marks the break, and on success the same session
 * carries on. Only a user disconnect, or a drop of a unit that cannot reconnect, ends the session.
 *
 * The journal's recorder follows the link (`follow`): it hears of each connection as it begins,
 * succeeds or fails, of the session's end and of Reset. The link needs no recorder to work; the
 * journal, which loads after start-up, subscribes once it is open.
 */
import { batch, effect, signal, type ReadonlySignal } from '@preact/signals-react';
import type { DisconnectReason, Unit, UnitInfo } from '../device/unit';
import type { Recorder } from '../journal/recorder';
import { demoControls, type ConnectionStore } from '../stores/connection';
import type { LiveSession } from '../workout/liveSession';
import type { ReconnectableUnit, Reconnector } from './reconnectAttempts';

/**
 * What follows the link (the journal's recorder): `connecting` is asked as a unit is about to
 * stream, and answers whether it carries on the session being recorded (a recovered one).
 */
export type LinkFollower = Pick<Recorder, 'connecting' | 'connected' | 'connectFailed' | 'end' | 'reset'>;

export interface LinkDeps {
  session: LiveSession;
  /** The connection store, which this service alone moves. */
  connection: ConnectionStore;
  /** Resolves once the engine can take samples (it loads after start-up). */
  loadEngine: () => Promise<void>;
  /** The plates' inertia, which the Demo unit's flywheel follows. */
  inertia: ReadonlySignal<number>;
  /** The reconnector of a unit that can reconnect (its code loads with the first such unit). */
  reconnectorFor: (unit: ReconnectableUnit, session: LiveSession) => Promise<Reconnector>;
  onError: (message: string) => void;
}

export interface Link {
  /** The reconnect attempts of the connected unit (null when it cannot reconnect or none is connected). */
  readonly reconnector: ReadonlySignal<Reconnector | null>;
  /** `follower` hears of every connection from now on; returns the function that stops it. */
  follow(follower: LinkFollower): () => void;
  /** Connects, learns firmware and unit info, sets boost 0, then opens the Calibrate modal. */
  connect(unit: Unit): Promise<void>;
  /** User disconnect; the local state is cleared even if the unit does not answer. */
  disconnect(): Promise<void>;
  /** Reset: the set on screen is cleared; the journal finishes its session and, with a unit at hand, begins the next. */
  reset(): void;
  /** Calibrate: closes the modal once the unit has calibrated (it stays open on failure); `holdDemoSet`: the Demo unit's athlete waits for `startSet` (the app asks for the plates first). */
  calibrate(holdDemoSet?: boolean): Promise<void>;
  /** Cancel in the Calibrate modal: closes it and disconnects. */
  cancelCalibration(): Promise<void>;
  /** Writes the boost to the unit whenever it changes. */
  saveBoost(percent: number): Promise<void>;
  saveUnitInfo(info: UnitInfo): Promise<void>;
  dispose(): void;
}

export function createLink(deps: LinkDeps): Link {
  const { session } = deps;
  const followers = new Set<LinkFollower>();
  const { state: connection, firmware, unitInfo, boostPercent, calibrateOpen } = deps.connection;
  const reconnector = signal<Reconnector | null>(null);

  function requireUnit(): Unit {
    const unit = deps.connection.connectedUnit();
    if (unit === null) throw new Error('No unit is connected');
    return unit;
  }

  function onDisconnected(unit: Unit, reason: DisconnectReason): void {
    const state = connection.peek();
    if (state.status === 'disconnected' || state.unit !== unit) return;
    const link = reconnector.peek();
    if (reason === 'device' && link !== null && state.status === 'connected') {
      session.interrupt();
      connection.value = { status: 'reconnecting', unit, device: state.device };
      link.disconnected('device');
      return;
    }
    if (reason === 'device' && state.status === 'reconnecting') return;
    link?.disconnected(reason);
    link?.dispose();
    session.detach();
    for (const follower of followers) void follower.end();
    batch(() => {
      reconnector.value = null;
      connection.value = { status: 'disconnected' };
      calibrateOpen.value = false;
    });
    if (reason === 'device') deps.onError('The unit disconnected. Your reps stay on screen; connect again to start a new set.');
  }

  async function disconnect(): Promise<void> {
    const state = connection.peek();
    if (state.status === 'disconnected') return;
    try {
      await state.unit.disconnect();
    } finally {
      onDisconnected(state.unit, 'user');
    }
  }

  // The Demo unit's simulated flywheel follows the plates the user picks.
  const stopFollowingPlates = effect(() => {
    const state = connection.value;
    const kgm2 = deps.inertia.value;
    if (state.status !== 'connected') return;
    demoControls(state.unit)?.setInertia(kgm2);
  });

  return {
    reconnector,
    follow(follower) {
      followers.add(follower);
      return () => void followers.delete(follower);
    },
    async connect(unit) {
      await deps.loadEngine();
      if (connection.peek().status !== 'disconnected') throw new Error('A unit is already connected: disconnect it first');
      connection.value = { status: 'connecting', unit };
      const offDisconnected = unit.on('disconnected', (reason) => onDisconnected(unit, reason));
      // Every follower is told, so none is asked and then skipped.
      const continueSession = [...followers].map((follower) => follower.connecting()).includes(true);
      session.attach(unit, { continueSession });
      try {
        const linkCode = unit.reconnect ? deps.reconnectorFor(unit as ReconnectableUnit, session) : null;
        const device = await unit.connect();
        const link = linkCode && (await linkCode);
        batch(() => {
          connection.value = { status: 'connected', unit, device };
          firmware.value = device.firmware;
          unitInfo.value = device.info;
          boostPercent.value = 0;
          calibrateOpen.value = true;
          reconnector.value = link;
        });
        for (const follower of followers) follower.connected({ unit, device });
      } catch (error) {
        offDisconnected();
        session.detach();
        for (const follower of followers) follower.connectFailed();
        connection.value = { status: 'disconnected' };
        throw error;
      }
    },
    disconnect,
    reset() {
      const state = connection.peek();
      const atHand = state.status === 'connected' || state.status === 'reconnecting' ? { unit: state.unit, device: state.device } : null;
      for (const follower of followers) void follower.reset(atHand);
      session.reset();
    },
    async calibrate(holdDemoSet) {
      const unit = requireUnit();
      await unit.calibrate();
      if (holdDemoSet) demoControls(unit)?.holdAutoSet?.();
      calibrateOpen.value = false;
    },
    async cancelCalibration() {
      calibrateOpen.value = false;
      await disconnect();
    },
    async saveBoost(percent) {
      if (percent === boostPercent.peek()) return;
      await requireUnit().setBoost(percent);
      boostPercent.value = percent;
    },
    async saveUnitInfo(info) {
      await requireUnit().writeUnitInfo(info);
      unitInfo.value = { ...info };
    },
    dispose() {
      stopFollowingPlates();
      reconnector.peek()?.dispose();
    },
  };
}
