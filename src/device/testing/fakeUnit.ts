/**
 * In-memory test double of the `Unit` contract: tests synthesize samples, warnings and device
 * disconnections, and read back every command the app sent. Commands can be made to fail.
 */
import type {
  ConnectedUnit,
  DisconnectReason,
  RawSamples,
  SampleWarning,
  Unit,
  UnitEvents,
  UnitInfo,
} from '../unit';

export interface FakeUnit extends Unit {
  readonly calls: string[];
  /** Makes the named command reject with `error` (e.g. fail.set('calibrate', new Error('x'))). */
  readonly fail: Map<string, Error>;
  emitSamples(samples: RawSamples): void;
  emitWarning(warning: SampleWarning): void;
  /** The device drops the link (docs/behaviour.md §4: keeps the reps). */
  dropConnection(): void;
  info: UnitInfo;
}

export const FAKE_DEVICE: ConnectedUnit = {
  id: 'fake-1',
  deviceName: 'Repline',
  firmware: { major: 6, minor: 2, patch: 1 },
  info: { type: 4.1, number: 7, name: 'Repline' },
};

export function createFakeUnit(kind: Unit['kind'] = 'demo', device: ConnectedUnit = FAKE_DEVICE): FakeUnit {
  const listeners: { [E in keyof UnitEvents]: Set<UnitEvents[E]> } = {
    samples: new Set(),
    warning: new Set(),
    disconnected: new Set(),
  };
  const calls: string[] = [];
  const fail = new Map<string, Error>();
  const emitDisconnected = (reason: DisconnectReason) => listeners.disconnected.forEach((l) => l(reason));

  async function command(name: string): Promise<void> {
    calls.push(name);
    const error = fail.get(name.split('(')[0]);
    if (error) throw error;
  }

  const unit: FakeUnit = {
    kind,
    calls,
    fail,
    info: { ...device.info },
    async connect() {
      await command('connect');
      return { ...device, info: { ...unit.info } };
    },
    async disconnect() {
      await command('disconnect');
      emitDisconnected('user');
    },
    calibrate: () => command('calibrate'),
    setMotor: (on) => command(`setMotor(${on})`),
    windup: () => command('windup'),
    setBoost: (percent) => command(`setBoost(${percent})`),
    async readUnitInfo() {
      await command('readUnitInfo');
      return { ...unit.info };
    },
    async writeUnitInfo(info) {
      await command(`writeUnitInfo(${info.type}-${info.number}-${info.name})`);
      unit.info = { ...info };
    },
    on(event, listener) {
      const set = listeners[event] as Set<typeof listener>;
      set.add(listener);
      return () => void set.delete(listener);
    },
    emitSamples: (samples) => listeners.samples.forEach((l) => l(samples)),
    emitWarning: (warning) => listeners.warning.forEach((l) => l(warning)),
    dropConnection: () => emitDisconnected('device'),
  };
  return unit;
}

export interface FakeDemoUnit extends FakeUnit {
  readonly inertias: number[];
  readonly sets: (number | undefined)[];
  startSet(reps?: number): void;
  setInertia(kgm2: number): void;
}

/** The fake with the demo unit's extra controls, recording what it was asked. */
export function createFakeDemoUnit(): FakeDemoUnit {
  const inertias: number[] = [];
  const sets: (number | undefined)[] = [];
  return Object.assign(createFakeUnit('demo'), {
    inertias,
    sets,
    startSet: (reps?: number) => void sets.push(reps),
    setInertia: (kgm2: number) => void inertias.push(kgm2),
  });
}
