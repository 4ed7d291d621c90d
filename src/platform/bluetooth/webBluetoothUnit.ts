/**
 * The Web Bluetooth client: the only module that talks to `navigator.bluetooth` (it is handed the
 * `Bluetooth` object, so tests pass an in-memory double). It runs the docs/behaviour.md §4 connect sequence:
 *
 * 1. requestDevice by the 0x1600 service filter (needs a user gesture), 2. GATT connect and
 * service discovery, 3. read firmware 0x1611–0x1613, 4. read unit info 0x1606, 5. start
 * notifications on 0x1604, 6. motor off (read 0x160B), 7. boost 0 (write "0" to 0x1608).
 *
 * Decisions where the product rules are silent:
 * - Steps 3–4 never fail the connect: a failed read is logged and falls back (docs/behaviour.md §8). If any
 *   firmware part fails, the whole version is 0.0.0 ("unknown") rather than a half-read version
 *   that could pick the wrong sample format; the decoder then tells formats apart by length.
 * - An explicit `readUnitInfo()` after connecting rejects on failure instead: the caller asked.
 * - Boost is refused locally (UnitError SetMotorBoost, cause RangeError) when outside the range
 *   of the unit type read at connect or last written.
 * - Notifications are taken from `characteristicvaluechanged` on the 0x1604 characteristic only,
 *   reading its `value`; a successful `readValue()` on it fires that event too, which the
 *   real-browser tests use to push packets.
 * - The user's own disconnect emits `disconnected('user')` once; the device's
 *   `gattserverdisconnected` emits `disconnected('device')`. Both clear every connection state.
 * - After a device-side drop the chosen device and its sample stream are kept, so `reconnect()`
 *   can run steps 2–7 on the same device without the chooser (no user gesture needed) and the
 *   samples continue on the same timeline (see SampleStream.resumeAfter). Motor off and boost 0
 *   are re-sent like on a first connect; the app re-applies its boost. `disconnect()` while
 *   dropped forgets the device and aborts a reconnect in flight.
 */
import type { BluetoothLike, CharacteristicLike, DeviceLike, ServerLike, ServiceLike } from './bluetoothSurface';
import { UnitEmitter } from '../../device/emitter';
import { notConnected, toUnitError, UnitError, type UnitOperation } from '../../device/errors';
import { createGattQueue, type GattQueue } from './gattQueue';
import { assertBoost, encodeBoost } from '../../device/protocol/boost';
import { decodeVersionPart, UNKNOWN_FIRMWARE, usesRecordFormat, isUnknownFirmware } from '../../device/protocol/firmware';
import { batchesOf, SampleStream } from '../../device/protocol/sampleStream';
import { DEFAULT_UNIT_INFO, encodeUnitInfo, parseUnitInfo } from '../../device/protocol/unitInfo';
import { assertWritable, CHARACTERISTIC, SERVICE_UUID, type CharacteristicName } from '../../device/protocol/uuids';
import type { ConnectedUnit, FirmwareVersion, Unit, UnitEvents, UnitInfo } from '../../device/unit';

/** Where silent fallbacks are logged (docs/behaviour.md §8: "logged only"). */
export type DeviceLogger = (message: string, cause: unknown) => void;

const warnToConsole: DeviceLogger = (message, cause) => console.warn(message, cause);

/** An open GATT link: enough to run operations, before the connect sequence has finished. */
interface Link {
  device: DeviceLike;
  server: ServerLike;
  service: ServiceLike;
  queue: GattQueue;
  characteristics: Map<CharacteristicName, CharacteristicLike>;
}

interface Connection extends Link {
  unit: ConnectedUnit;
  stream: SampleStream;
  detach: () => void;
}

/** A unit that dropped the link on its own: what `reconnect()` needs to carry on. */
interface Dropped {
  device: DeviceLike;
  stream: SampleStream;
  /** `now()` at the drop, ms. */
  atMs: number;
}

export class WebBluetoothUnit implements Unit {
  readonly kind = 'bluetooth';
  private readonly emitter = new UnitEmitter();
  private connection: Connection | undefined;
  private connecting: Promise<ConnectedUnit> | undefined;
  private dropped: Dropped | undefined;
  /** Bumped by `disconnect()`: a connect sequence started before it must not open a link after it. */
  private generation = 0;

  constructor(
    private readonly bluetooth: BluetoothLike | undefined,
    private readonly log: DeviceLogger = warnToConsole,
    /** Wall clock, ms: measures an outage for the sample stream. */
    private readonly now: () => number = () => Date.now(),
  ) {}

  on<E extends keyof UnitEvents>(event: E, listener: UnitEvents[E]): () => void {
    return this.emitter.on(event, listener);
  }

  connect(): Promise<ConnectedUnit> {
    if (this.connection) return Promise.resolve(this.connection.unit);
    this.connecting ??= this.openConnection().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  reconnect(): Promise<ConnectedUnit> {
    if (this.connection) return Promise.resolve(this.connection.unit);
    const dropped = this.dropped;
    if (!dropped) return Promise.reject(new UnitError('Connect', new Error('No unit to reconnect to: connect one first')));
    this.connecting ??= this.establish(dropped.device, dropped)
      .then((unit) => {
        if (this.dropped === dropped) this.dropped = undefined;
        return unit;
      })
      .finally(() => {
        this.connecting = undefined;
      });
    return this.connecting;
  }

  async disconnect(): Promise<void> {
    this.generation++;
    const connection = this.connection;
    if (!connection) {
      this.forgetDropped();
      return;
    }
    this.close(connection);
    try {
      if (connection.server.connected) connection.server.disconnect();
    } catch (error) {
      throw toUnitError('Disconnect', error);
    } finally {
      this.emitter.emit('disconnected', 'user');
    }
  }

  async calibrate(): Promise<void> {
    await this.command('Calibrate', (c) => this.read(c, 'calibrate'));
  }

  async setMotor(on: boolean): Promise<void> {
    await this.command('Motor', (c) => this.read(c, on ? 'motorOn' : 'motorOff'));
  }

  async windup(): Promise<void> {
    await this.command('Windup', (c) => this.read(c, 'windup'));
  }

  async setBoost(percent: number): Promise<void> {
    await this.command('SetMotorBoost', (c) => {
      assertBoost(c.unit.info.type, percent);
      return this.write(c, 'boost', encodeBoost(percent));
    });
  }

  readUnitInfo(): Promise<UnitInfo> {
    return this.command('Run', async (c) => {
      const info = parseUnitInfo(await this.read(c, 'unitInfo'));
      c.unit = { ...c.unit, info };
      return info;
    });
  }

  async writeUnitInfo(info: UnitInfo): Promise<void> {
    await this.command('Run', async (c) => {
      await this.write(c, 'unitInfo', encodeUnitInfo(info));
      c.unit = { ...c.unit, info: { ...info } };
    });
  }

  private async command<T>(op: UnitOperation, body: (c: Connection) => Promise<T>): Promise<T> {
    const connection = this.connection;
    if (!connection) throw notConnected(op);
    try {
      return await body(connection);
    } catch (error) {
      throw toUnitError(op, error);
    }
  }

  private async openConnection(): Promise<ConnectedUnit> {
    if (!this.bluetooth) throw new UnitError('Init', new Error('Web Bluetooth is not available in this browser'));
    let device: DeviceLike;
    try {
      device = await this.bluetooth.requestDevice({ filters: [{ services: [SERVICE_UUID] }] });
    } catch (error) {
      throw toUnitError('Connect', error);
    }
    const unit = await this.establish(device, undefined);
    this.dropped = undefined;
    return unit;
  }

  /** A dropped unit is given up: no reconnect, and a reconnect in flight is aborted. */
  private forgetDropped(): void {
    const dropped = this.dropped;
    if (!dropped) return;
    this.dropped = undefined;
    try {
      dropped.device.gatt?.disconnect();
    } finally {
      this.emitter.emit('disconnected', 'user');
    }
  }

  /**
   * Steps 2–7 of the connect sequence on a chosen device. `resume` continues the sample stream
   * of a dropped link; without it the stream starts fresh with the firmware's format.
   */
  private async establish(device: DeviceLike, resume: Dropped | undefined): Promise<ConnectedUnit> {
    const generation = this.generation;
    const gatt = device.gatt;
    if (!gatt) throw new UnitError('Connect', new Error(`Device "${device.name ?? device.id}" has no GATT server`));
    const queue = createGattQueue();
    let lost = false;
    const onDeviceDisconnected = () => {
      lost = true;
      const connection = this.connection;
      if (connection?.device === device) {
        this.close(connection);
        this.dropped = { device, stream: connection.stream, atMs: this.now() };
        this.emitter.emit('disconnected', 'device');
      }
    };
    device.addEventListener('gattserverdisconnected', onDeviceDisconnected);
    let detachSamples = (): void => undefined;
    try {
      const server = await queue.run(() => gatt.connect());
      const service = await queue.run(() => server.getPrimaryService(SERVICE_UUID));
      const link: Link = { device, server, service, queue, characteristics: new Map() };
      const firmware = await this.readFirmware(link);
      const info = await this.readUnitInfoOrDefault(link);
      const stream = resume?.stream ?? new SampleStream(isUnknownFirmware(firmware) ? 'auto' : usesRecordFormat(firmware) ? 'records' : 'legacy');
      if (resume) stream.resumeAfter(Math.max(0, this.now() - resume.atMs) * 1000);
      await this.gattJob(link, 'samples', async (characteristic) => {
        const onValue = () => this.deliver(stream, characteristic.value);
        characteristic.addEventListener('characteristicvaluechanged', onValue);
        detachSamples = () => characteristic.removeEventListener('characteristicvaluechanged', onValue);
        await characteristic.startNotifications();
      });
      await this.read(link, 'motorOff');
      await this.write(link, 'boost', encodeBoost(0));
      if (lost) throw new Error('The unit disconnected during the connect sequence');
      if (generation !== this.generation) throw new Error('The user disconnected during the connect sequence');
      const connection: Connection = {
        ...link,
        stream,
        unit: { id: device.id, deviceName: device.name ?? '', firmware, info },
        detach: () => {
          detachSamples();
          device.removeEventListener('gattserverdisconnected', onDeviceDisconnected);
        },
      };
      this.connection = connection;
      return connection.unit;
    } catch (error) {
      detachSamples();
      device.removeEventListener('gattserverdisconnected', onDeviceDisconnected);
      if (gatt.connected) gatt.disconnect();
      throw toUnitError('Connect', error);
    }
  }

  private close(connection: Connection): void {
    connection.detach();
    if (this.connection === connection) this.connection = undefined;
  }

  private deliver(stream: SampleStream, value: DataView | null | undefined): void {
    const result = stream.push(value ?? new DataView(new ArrayBuffer(0)));
    for (const samples of batchesOf(result)) this.emitter.emit('samples', samples);
    for (const warning of result.warnings) this.emitter.emit('warning', warning);
  }

  private async readFirmware(c: Link): Promise<FirmwareVersion> {
    const parts = ['major', 'minor', 'patch'] as const;
    const names = { major: 'firmwareMajor', minor: 'firmwareMinor', patch: 'firmwarePatch' } as const;
    const version = { ...UNKNOWN_FIRMWARE };
    for (const part of parts) {
      try {
        version[part] = decodeVersionPart(await this.read(c, names[part]), part);
      } catch (error) {
        this.log(`Reading the firmware ${part} failed; the firmware version is unknown (0.0.0)`, error);
        return { ...UNKNOWN_FIRMWARE };
      }
    }
    return version;
  }

  private async readUnitInfoOrDefault(c: Link): Promise<UnitInfo> {
    try {
      return parseUnitInfo(await this.read(c, 'unitInfo'));
    } catch (error) {
      this.log('Reading the unit info failed; using type 0, number 0, name "Repline"', error);
      return { ...DEFAULT_UNIT_INFO };
    }
  }

  /**
   * Runs `op` on a characteristic as one queued GATT job. The lookup happens inside the job, so
   * jobs reach the unit strictly in call order, lookups included.
   */
  private gattJob<T>(c: Link, name: CharacteristicName, op: (characteristic: CharacteristicLike) => Promise<T>): Promise<T> {
    return c.queue.run(async () => {
      let characteristic = c.characteristics.get(name);
      if (!characteristic) {
        characteristic = await c.service.getCharacteristic(CHARACTERISTIC[name]);
        c.characteristics.set(name, characteristic);
      }
      return op(characteristic);
    });
  }

  private read(c: Link, name: CharacteristicName): Promise<DataView> {
    return this.gattJob(c, name, (characteristic) => characteristic.readValue());
  }

  private write(c: Link, name: CharacteristicName, data: Uint8Array): Promise<void> {
    const bytes = assertWritable(data);
    return this.gattJob(c, name, (characteristic) => characteristic.writeValue(bytes));
  }
}
