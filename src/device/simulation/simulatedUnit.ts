/**
 * The "Demo unit": a motorised unit (MOTOR_RACK, number 1, "Repline Demo", firmware 6.2.0, or
 * 6.1.0 with the legacy sample format) that behaves like the real one through the same `Unit`
 * interface. Its samples come from the flywheel physics (physics.ts), are encoded into the very
 * 0x1604 packets a unit sends, and are decoded by the same SampleStream, so the demo exercises
 * the whole path the hardware does.
 *
 * Streaming: while connected the unit samples continuously at ~200 Hz like the hardware (rest
 * samples with sensor noise between sets) and notifies a BLE-like batch every 25 ms (one 5-record
 * packet, or five 10-byte legacy packets). Times come from the injected {@link Scheduler}.
 *
 * When the demo athlete trains (the product rules are silent):
 * - the demo starts with the rope pulled straight out at angle 0, as if just calibrated;
 * - 1.5 s after `calibrate()` and after `windup()` a set starts by itself (the motor first winds
 *   the rope in when it is out), unless the app holds it (`holdAutoSet`: it asks for the plates
 *   first); `startSet(reps)` starts one on demand (a "Start demo set" button, the plates chosen);
 *   a set asked for while one is running follows it;
 * - `calibrate()` re-zeroes the angle at the rope's current position;
 * - sets use the inertia from `setInertia` (0 = the demo default) and the boost last set; the
 *   motor mode is kept and answered like the unit, boost applies whenever it is above 0.
 * - `simulateDrop(ms)` drops the link from the unit's side (`disconnected('device')`): the
 *   athlete and the unit's clock carry on, the samples made meanwhile are lost like over the
 *   air, and `reconnect()` fails ('Connect', out of reach) until `ms` have passed. A reconnect
 *   keeps the calibration, the set in progress and the sample stream (times keep increasing).
 */
import { UnitEmitter } from '../emitter';
import { notConnected, UnitError, type UnitOperation } from '../errors';
import { assertBoost } from '../protocol/boost';
import { encodeSamplePackets, type SampleFormat } from '../protocol/samplePacket';
import { batchesOf, SampleStream } from '../protocol/sampleStream';
import { encodeUnitInfo } from '../protocol/unitInfo';
import { UnitType, type ConnectedUnit, type Unit, type UnitEvents, type UnitInfo } from '../unit';
import { synthesizeSet } from './physics';
import { createRandom } from './random';
import { realScheduler, type Scheduler } from './scheduler';
import { createSensor, type Sensor, type SensorOptions } from './sensor';

export interface SimulatedUnitOptions {
  /** Seeds every set and the sensor noise; the same seed replays the same session. */
  seed?: number;
  /** 'records' (firmware 6.2.0, default) or 'legacy' (firmware 6.1.0). */
  format?: SampleFormat;
  scheduler?: Scheduler;
  /** Flywheel inertia, kg·m² (0 = demo default). */
  inertia?: number;
  /** Start a set by itself after calibrate and windup (default true). */
  autoSet?: boolean;
  /** Reps of a set started by itself or by `startSet()` without an argument (default 8). */
  reps?: number;
  /** The unit's µs clock at connect (default 5 s); near 2^32 it shows the clock wrapping. */
  clockStartUs?: number;
  sensor?: SensorOptions;
}

export interface SimulatedUnit extends Unit {
  /** Starts a set of `reps` repetitions now, or after the set that is running. */
  startSet(reps?: number): void;
  /** Uses this flywheel inertia (kg·m², the workout's plates) for the next sets. */
  setInertia(kgm2: number): void;
  /** The set about to start by itself (after calibrating or winding up) does not: the app asks the user something first, then calls `startSet`. */
  holdAutoSet(): void;
  /** The unit drops the link now and can be reached again `ms` later (see the module notes). */
  simulateDrop(ms: number): void;
  reconnect(): Promise<ConnectedUnit>;
}

const BATCH_MS = 25;
const AUTO_SET_DELAY_MS = 1500;
const DEMO_INFO: UnitInfo = { type: UnitType.MOTOR_RACK, number: 1, name: 'Repline Demo' };

interface Session {
  startMs: number;
  clockStartUs: number;
  stream: SampleStream;
  sensor: Sensor;
  /** Samples planned by sets, not yet notified; angles in the physics frame. */
  queue: { timeUs: number[]; angleDeg: number[] };
  /** Time of the last sample notified or queued, µs. */
  lastUs: number;
  /** Physics-frame angle of the last sample notified. */
  lastAngleDeg: number;
  /** Physics-frame angle where the rope rests once the queue is played. */
  restAngleDeg: number;
  cancel: Array<() => void>;
  /** Cancels the set about to start by itself, while one is. */
  autoSet: (() => void) | null;
  /** False between a simulated drop and the reconnect: nothing reaches the app. */
  linkUp: boolean;
  /** Scheduler time of the last simulated drop, ms (the outage the stream is told about). */
  droppedAtMs: number;
  /** Scheduler time from which a reconnect reaches the unit again, ms. */
  reachableAtMs: number;
}

class DemoUnit implements SimulatedUnit {
  readonly kind = 'demo';
  private readonly emitter = new UnitEmitter();
  private readonly scheduler: Scheduler;
  private readonly format: SampleFormat;
  private readonly seed: number;
  private readonly reps: number;
  private readonly autoSet: boolean;
  private inertia: number;
  private info: UnitInfo = { ...DEMO_INFO };
  private boost = 0;
  private motorOn = false;
  private setsStarted = 0;
  /**
   * Angles live in a physics frame where 0 is the rope straight out; the unit reports them
   * relative to its calibration zero, which `calibrate()` moves to the current position.
   */
  private zeroDeg = 0;
  private session: Session | undefined;

  constructor(private readonly options: SimulatedUnitOptions) {
    this.scheduler = options.scheduler ?? realScheduler;
    this.format = options.format ?? 'records';
    this.seed = options.seed ?? 1;
    this.reps = options.reps ?? 8;
    this.autoSet = options.autoSet ?? true;
    this.inertia = 0;
    this.setInertia(options.inertia ?? 0);
  }

  on<E extends keyof UnitEvents>(event: E, listener: UnitEvents[E]): () => void {
    return this.emitter.on(event, listener);
  }

  get motor(): boolean {
    return this.motorOn;
  }

  async connect(): Promise<ConnectedUnit> {
    // A fresh connection after a drop starts over, like a unit chosen again in the chooser.
    if (this.session && !this.session.linkUp) this.endSession(this.session);
    if (!this.session) {
      const clockStartUs = this.options.clockStartUs ?? 5_000_000;
      const session: Session = {
        startMs: this.scheduler.now(),
        clockStartUs,
        stream: new SampleStream(this.format),
        sensor: createSensor(createRandom(this.seed ^ 0x5e45), this.options.sensor),
        queue: { timeUs: [], angleDeg: [] },
        lastUs: clockStartUs,
        lastAngleDeg: 0,
        restAngleDeg: 0,
        cancel: [],
        autoSet: null,
        linkUp: true,
        droppedAtMs: 0,
        reachableAtMs: 0,
      };
      session.cancel.push(this.scheduler.every(BATCH_MS, () => this.tick(session)));
      this.session = session;
      this.motorOn = false;
      this.boost = 0;
    }
    return this.connectedUnit();
  }

  async reconnect(): Promise<ConnectedUnit> {
    const session = this.session;
    if (!session) throw new UnitError('Connect', new Error('No unit to reconnect to: connect one first'));
    if (!session.linkUp) {
      if (this.scheduler.now() < session.reachableAtMs) throw new UnitError('Connect', new Error('The demo unit is out of reach'));
      session.linkUp = true;
      session.stream.resumeAfter((this.scheduler.now() - session.droppedAtMs) * 1000);
    }
    return this.connectedUnit();
  }

  simulateDrop(ms: number): void {
    if (!(Number.isFinite(ms) && ms >= 0)) throw new RangeError(`simulateDrop: the outage must be ≥ 0 ms, got ${ms}`);
    const session = this.connected('Run');
    session.linkUp = false;
    session.droppedAtMs = this.scheduler.now();
    session.reachableAtMs = this.scheduler.now() + ms;
    this.emitter.emit('disconnected', 'device');
  }

  private connectedUnit(): ConnectedUnit {
    const firmware = this.format === 'records' ? { major: 6, minor: 2, patch: 0 } : { major: 6, minor: 1, patch: 0 };
    return { id: 'demo', deviceName: 'Repline Demo', firmware, info: { ...this.info } };
  }

  async disconnect(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.endSession(session);
    this.emitter.emit('disconnected', 'user');
  }

  private endSession(session: Session): void {
    for (const cancel of session.cancel) cancel();
    this.session = undefined;
  }

  async calibrate(): Promise<void> {
    const session = this.connected('Calibrate');
    this.zeroDeg = session.lastAngleDeg;
    this.scheduleAutoSet(session);
  }

  async setMotor(on: boolean): Promise<void> {
    this.connected('Motor');
    this.motorOn = on;
  }

  async windup(): Promise<void> {
    this.scheduleAutoSet(this.connected('Windup'));
  }

  async setBoost(percent: number): Promise<void> {
    this.connected('SetMotorBoost');
    this.guard('SetMotorBoost', () => assertBoost(this.info.type, percent));
    this.boost = percent;
  }

  async readUnitInfo(): Promise<UnitInfo> {
    this.connected('Run');
    return { ...this.info };
  }

  async writeUnitInfo(info: UnitInfo): Promise<void> {
    this.connected('Run');
    this.guard('Run', () => encodeUnitInfo(info));
    this.info = { ...info };
  }

  setInertia(kgm2: number): void {
    if (!(Number.isFinite(kgm2) && kgm2 >= 0 && kgm2 <= 2)) {
      throw new RangeError(`Inertia must be a number of kg·m² in [0, 2], got ${kgm2}`);
    }
    this.inertia = kgm2;
  }

  startSet(reps = this.reps): void {
    const session = this.connected('Run');
    const set = synthesizeSet({
      reps,
      seed: (Math.imul(this.seed, 0x9e3779b1) + ++this.setsStarted) >>> 0,
      inertia: this.inertia,
      boost: this.boost,
      startTimeUs: 0,
      startAngleDeg: session.restAngleDeg,
      ...this.options.sensor,
    });
    const offsetUs = session.sensor.nextTimeUs(session.lastUs);
    for (let i = 0; i < set.timeUs.length; i++) {
      session.queue.timeUs.push(set.timeUs[i]! + offsetUs);
      session.queue.angleDeg.push(set.angleDeg[i]!);
    }
    session.lastUs = session.queue.timeUs[session.queue.timeUs.length - 1]!;
    session.restAngleDeg = set.endAngleDeg;
  }

  private scheduleAutoSet(session: Session): void {
    if (!this.autoSet) return;
    const cancel = this.scheduler.after(AUTO_SET_DELAY_MS, () => {
      session.autoSet = null;
      this.startSet();
    });
    session.cancel.push(cancel);
    session.autoSet = cancel;
  }

  holdAutoSet(): void {
    this.session?.autoSet?.();
    if (this.session) this.session.autoSet = null;
  }

  private connected(op: UnitOperation): Session {
    if (!this.session?.linkUp) throw notConnected(op);
    return this.session;
  }

  private guard(op: UnitOperation, check: () => unknown): void {
    try {
      check();
    } catch (error) {
      throw new UnitError(op, error);
    }
  }

  /** Notifies every sample due by now on the unit's clock, in BLE-sized packets. */
  private tick(session: Session): void {
    const nowUs = session.clockStartUs + Math.round((this.scheduler.now() - session.startMs) * 1000);
    const due = { timeUs: [] as number[], angleDeg: [] as number[] };
    const queue = session.queue;
    let taken = 0;
    while (taken < queue.timeUs.length && queue.timeUs[taken]! <= nowUs) taken++;
    due.timeUs.push(...queue.timeUs.splice(0, taken));
    due.angleDeg.push(...queue.angleDeg.splice(0, taken));
    if (queue.timeUs.length === 0) {
      for (let t = session.sensor.nextTimeUs(session.lastUs); t <= nowUs; t = session.sensor.nextTimeUs(t)) {
        due.timeUs.push(t);
        due.angleDeg.push(session.sensor.measure(session.restAngleDeg));
        session.lastUs = t;
      }
    }
    if (due.timeUs.length === 0) return;
    session.lastAngleDeg = due.angleDeg[due.angleDeg.length - 1]!;
    if (!session.linkUp) return;
    const reported = { timeUs: due.timeUs, angleDeg: due.angleDeg.map((a) => a - this.zeroDeg) };
    for (const packet of encodeSamplePackets(reported, { format: this.format, recordsPerPacket: 5 })) {
      const result = session.stream.push(packet);
      for (const samples of batchesOf(result)) this.emitter.emit('samples', samples);
      for (const warning of result.warnings) this.emitter.emit('warning', warning);
    }
  }
}

export function createSimulatedUnit(options: SimulatedUnitOptions = {}): SimulatedUnit {
  return new DemoUnit(options);
}
