/**
 * An in-memory double of the `navigator.bluetooth` surface the client uses, with one unit behind
 * it. It behaves like Chromium where it matters for the contract: a second GATT operation while
 * one is in flight is rejected ("GATT operation already in progress"), every operation settles
 * on a later macrotask, `gatt.disconnect()` fires `gattserverdisconnected`, and a successful
 * `readValue()` on 0x1604 fires `characteristicvaluechanged` (the real-browser tests push packets
 * that way). Its controls are the {@link PeripheralDouble} the contract suite drives.
 */
import type { BluetoothLike, CharacteristicLike, DeviceLike, ServerLike, ServiceLike } from '../bluetoothSurface';
import { CHARACTERISTIC, SERVICE_UUID } from '../../../device/protocol/uuids';
import type { GattLogEntry, GattOp, PeripheralDouble } from './peripheralDouble';

const SHORT_ID_BY_UUID = new Map<string, number>(Object.values(CHARACTERISTIC).map((uuid) => [uuid, parseInt(uuid.slice(4, 8), 16)]));

function later(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function domError(name: string, message: string): Error {
  return new DOMException(message, name);
}

export interface FakeBluetooth extends PeripheralDouble {
  readonly bluetooth: BluetoothLike;
  /** The options of every requestDevice call. */
  readonly requests: Array<{ filters: Array<{ services: string[] }> }>;
  /** Makes the next requestDevice fail as if the user closed the chooser. */
  cancelChooser(): void;
  /** The 0x1604 characteristic object, as a page script would reach it. */
  samplesCharacteristic(): CharacteristicLike;
}

class FakeCharacteristic extends EventTarget implements CharacteristicLike {
  value: DataView | undefined;
  notifying = false;

  constructor(
    private readonly unit: FakeUnit,
    readonly shortId: number,
  ) {
    super();
  }

  readValue(): Promise<DataView> {
    return this.unit.operation({ op: 'read', characteristic: this.shortId }, () => {
      const bytes = this.unit.values.get(this.shortId) ?? new Uint8Array([0]);
      this.value = new DataView(bytes.slice().buffer);
      if (this.shortId === 0x1604) this.dispatchEvent(new Event('characteristicvaluechanged'));
      return this.value;
    });
  }

  writeValue(value: BufferSource): Promise<void> {
    const data = ArrayBuffer.isView(value)
      ? new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength))
      : new Uint8Array(value.slice(0));
    return this.unit.operation({ op: 'write', characteristic: this.shortId, data }, () => undefined);
  }

  startNotifications(): Promise<this> {
    return this.unit.operation({ op: 'subscribe', characteristic: this.shortId }, () => {
      this.notifying = true;
      return this;
    });
  }

  notify(bytes: Uint8Array): void {
    if (!this.notifying || !this.unit.connected) return;
    this.deliver(bytes);
  }

  /** Fires the event to whoever still listens, link or not. */
  deliver(bytes: Uint8Array): void {
    this.value = new DataView(bytes.slice().buffer);
    this.dispatchEvent(new Event('characteristicvaluechanged'));
  }
}

/** The unit's state plus the GATT server, service and device objects in front of it. */
class FakeUnit implements ServerLike, ServiceLike {
  connected = false;
  readonly values = new Map<number, Uint8Array>();
  readonly failures = new Map<string, Error>();
  readonly log: GattLogEntry[] = [];
  readonly characteristics = new Map<number, FakeCharacteristic>();
  inFlight = 0;
  maxInFlight = 0;
  private epoch = 0;
  /** `op:shortId` of the operation during which the link drops, once. */
  dropAt: string | null = null;
  readonly device: DeviceLike & EventTarget;

  constructor() {
    const device = new EventTarget() as DeviceLike & EventTarget;
    Object.assign(device, { id: 'fake-unit-1', name: 'Repline 1', gatt: this });
    this.device = device;
  }

  async operation<T>(entry: GattLogEntry, body: () => T): Promise<T> {
    if (this.inFlight > 0) throw domError('NetworkError', 'GATT operation already in progress.');
    if (!this.connected) throw domError('NetworkError', 'GATT Server is disconnected. Cannot perform GATT operations.');
    const epoch = this.epoch;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      this.log.push(entry);
      if (this.dropAt === `${entry.op}:${entry.characteristic}`) {
        this.dropAt = null;
        this.disconnect();
      }
      await later();
      if (epoch !== this.epoch) throw domError('NetworkError', 'GATT Server is disconnected. Cannot perform GATT operations.');
      const failure = this.failures.get(`${entry.op}:${entry.characteristic}`);
      if (failure) throw failure;
      return body();
    } finally {
      this.inFlight--;
    }
  }

  async connect(): Promise<this> {
    await later();
    const failure = this.failures.get('connect:0');
    if (failure) throw failure;
    this.connected = true;
    return this;
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.epoch++;
    for (const c of this.characteristics.values()) c.notifying = false;
    this.device.dispatchEvent(new Event('gattserverdisconnected'));
  }

  async getPrimaryService(service: string): Promise<this> {
    await later();
    if (!this.connected) throw domError('NetworkError', 'GATT Server is disconnected.');
    if (service !== SERVICE_UUID) throw domError('NotFoundError', `No Services matching UUID ${service} found in Device.`);
    return this;
  }

  async getCharacteristic(uuid: string): Promise<FakeCharacteristic> {
    await later();
    const shortId = SHORT_ID_BY_UUID.get(uuid);
    if (shortId === undefined) throw domError('NotFoundError', `No Characteristics matching UUID ${uuid} found in Service.`);
    return this.characteristicById(shortId);
  }

  characteristicById(shortId: number): FakeCharacteristic {
    let c = this.characteristics.get(shortId);
    if (!c) {
      c = new FakeCharacteristic(this, shortId);
      this.characteristics.set(shortId, c);
    }
    return c;
  }
}

/** Firmware 6.2.0, a MOTOR_RACK named "Repline 1", every other read answering one zero byte. */
export function createFakeBluetooth(): FakeBluetooth {
  const unit = new FakeUnit();
  const text = new TextEncoder();
  unit.values.set(0x1611, new Uint8Array([6]));
  unit.values.set(0x1612, new Uint8Array([2]));
  unit.values.set(0x1613, new Uint8Array([0]));
  unit.values.set(0x1606, text.encode('5.1-1-Repline 1'));
  const requests: FakeBluetooth['requests'] = [];
  let cancelNext = false;
  return {
    bluetooth: {
      async requestDevice(options) {
        requests.push(options);
        await later();
        if (cancelNext) {
          cancelNext = false;
          throw domError('NotFoundError', 'User cancelled the requestDevice() chooser.');
        }
        return unit.device;
      },
    },
    requests,
    cancelChooser() {
      cancelNext = true;
    },
    samplesCharacteristic: () => unit.characteristicById(0x1604),
    get log() {
      return unit.log;
    },
    get maxInFlight() {
      return unit.maxInFlight;
    },
    get connected() {
      return unit.connected;
    },
    setReadValue(shortId, bytes) {
      unit.values.set(shortId, bytes.slice());
    },
    fail(op: GattOp, shortId: number, error = domError('NetworkError', `${op} of 0x${shortId.toString(16)} failed`)) {
      unit.failures.set(`${op}:${shortId}`, error);
    },
    heal(op: GattOp, shortId: number) {
      unit.failures.delete(`${op}:${shortId}`);
    },
    notify(bytes) {
      unit.characteristicById(0x1604).notify(bytes);
    },
    notifyLate(bytes) {
      unit.characteristicById(0x1604).deliver(bytes);
    },
    dropConnection() {
      unit.disconnect();
    },
    dropDuring(op, shortId) {
      unit.dropAt = `${op}:${shortId}`;
    },
  };
}
