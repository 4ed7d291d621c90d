/**
 * An in-memory double of the Bluetooth LE plugin's `BleClient`, with one unit behind it, so the
 * native unit adapter runs the same contract suite as the Web Bluetooth client. It behaves like
 * the plugin where the contract can tell:
 * - every call settles on a later macrotask, and a call on a dropped link fails;
 * - it does NOT queue GATT operations (like `BleClient.disableQueue()`): overlapping calls are
 *   counted in `maxInFlight`, so only the adapter's own queue can keep that at 1;
 * - `connect` keeps the `onDisconnect` callback and calls it whenever the link ends, user
 *   disconnects included (Android and iOS both report those);
 * - a closed chooser rejects with the plugin's own text, "requestDevice cancelled.".
 * Its controls are the {@link PeripheralDouble} the contract suite drives, plus a few for the
 * native-only paths (plugin missing, permissions refused, Bluetooth off, unit without service).
 */
import { CapacitorException, ExceptionCode } from '@capacitor/core';
import type { BleCharacteristic, BleDevice, BleService, RequestBleDeviceOptions } from '@capacitor-community/bluetooth-le';
import type { BleClientLike } from '../capacitorBleUnit';
import { CHARACTERISTIC, SERVICE_UUID } from '../../../device/protocol/uuids';
import type { GattLogEntry, GattOp, PeripheralDouble } from './peripheralDouble';

const SHORT_ID_BY_UUID = new Map<string, number>(Object.values(CHARACTERISTIC).map((uuid) => [uuid, parseInt(uuid.slice(4, 8), 16)]));

function later(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export const FAKE_DEVICE: BleDevice = { deviceId: 'C0:FF:EE:00:16:00', name: 'Repline 1' };

export interface FakeBleClient extends PeripheralDouble {
  readonly client: BleClientLike;
  /** Every requestDevice option and every initialize, in order. */
  readonly calls: string[];
  readonly requests: RequestBleDeviceOptions[];
  cancelChooser(): void;
  /** The plugin is not in this app build: every call rejects with UNIMPLEMENTED. */
  unimplemented(): void;
  /** `initialize` rejects with `error` (permissions refused, no Bluetooth LE hardware). */
  failInitialize(error: Error): void;
  switchBluetooth(on: boolean): void;
  /** The unit answers service discovery without service 0x1600. */
  hideService(): void;
  /** `disconnect` rejects with `error` (the link stays up). */
  failDisconnect(error: Error): void;
}

interface Notifier {
  characteristic: number;
  callback: (value: DataView) => void;
}

export function createFakeBleClient(): FakeBleClient {
  const values = new Map<number, Uint8Array>();
  const failures = new Map<string, Error>();
  const log: GattLogEntry[] = [];
  const calls: string[] = [];
  const requests: RequestBleDeviceOptions[] = [];
  const text = new TextEncoder();
  values.set(0x1611, new Uint8Array([6]));
  values.set(0x1612, new Uint8Array([2]));
  values.set(0x1613, new Uint8Array([0]));
  values.set(0x1606, text.encode('5.1-1-Repline 1'));
  let connected = false;
  let epoch = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let onDisconnect: ((deviceId: string) => void) | undefined;
  let notifiers: Notifier[] = [];
  /** The callbacks of the link that closed last: a late notification still reaches them. */
  let closedNotifiers: Notifier[] = [];
  let cancelNext = false;
  let missing = false;
  let initFailure: Error | undefined;
  let enabled = true;
  let serviceHidden = false;
  let disconnectFailure: Error | undefined;
  let dropAt: string | undefined;

  const disconnected = () => new Error('Not connected to device.');

  async function call(): Promise<void> {
    if (missing) throw new CapacitorException('"BluetoothLe" plugin is not implemented on android', ExceptionCode.Unimplemented);
    await later();
  }

  function endLink(): void {
    connected = false;
    epoch++;
    closedNotifiers = notifiers;
    notifiers = [];
    onDisconnect?.(FAKE_DEVICE.deviceId);
  }

  async function operation<T>(entry: GattLogEntry, body: () => T): Promise<T> {
    if (!connected) throw disconnected();
    const at = epoch;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      log.push(entry);
      if (dropAt === `${entry.op}:${entry.characteristic}`) {
        dropAt = undefined;
        endLink();
      }
      await call();
      if (at !== epoch) throw disconnected();
      const failure = failures.get(`${entry.op}:${entry.characteristic}`);
      if (failure) throw failure;
      return body();
    } finally {
      inFlight--;
    }
  }

  function shortId(service: string, characteristic: string): number {
    const id = SHORT_ID_BY_UUID.get(characteristic);
    if (service !== SERVICE_UUID || id === undefined) throw new Error(`Characteristic ${characteristic} not found.`);
    return id;
  }

  const characteristics: BleCharacteristic[] = Object.values(CHARACTERISTIC).map((uuid) => ({
    uuid,
    descriptors: [],
    properties: { broadcast: false, read: true, writeWithoutResponse: false, write: true, notify: uuid === CHARACTERISTIC.samples, indicate: false, authenticatedSignedWrites: false },
  }));

  const client: BleClientLike = {
    async initialize() {
      calls.push('initialize');
      await call();
      if (initFailure) throw initFailure;
    },
    async isEnabled() {
      await call();
      return enabled;
    },
    async requestDevice(options) {
      requests.push(options ?? {});
      calls.push('requestDevice');
      await call();
      if (cancelNext) {
        cancelNext = false;
        throw new Error('requestDevice cancelled.');
      }
      return { ...FAKE_DEVICE };
    },
    async connect(deviceId, callback) {
      await call();
      if (deviceId !== FAKE_DEVICE.deviceId) throw new Error('Device not found.');
      const failure = failures.get('connect:0');
      if (failure) throw failure;
      onDisconnect = callback;
      connected = true;
    },
    async disconnect() {
      await call();
      if (disconnectFailure) throw disconnectFailure;
      if (connected) endLink();
    },
    async getServices(): Promise<BleService[]> {
      await call();
      if (!connected) throw disconnected();
      return serviceHidden ? [] : [{ uuid: SERVICE_UUID, characteristics }];
    },
    read(_deviceId, service, characteristic) {
      const id = shortId(service, characteristic);
      return operation({ op: 'read', characteristic: id }, () => new DataView((values.get(id) ?? new Uint8Array([0])).slice().buffer));
    },
    write(_deviceId, service, characteristic, value) {
      const data = new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
      return operation({ op: 'write', characteristic: shortId(service, characteristic), data }, () => undefined);
    },
    async startNotifications(_deviceId, service, characteristic, callback) {
      const id = shortId(service, characteristic);
      await operation({ op: 'subscribe', characteristic: id }, () => {
        notifiers = [...notifiers.filter((n) => n.characteristic !== id), { characteristic: id, callback }];
      });
    },
  };

  return {
    client,
    calls,
    requests,
    log,
    get maxInFlight() {
      return maxInFlight;
    },
    get connected() {
      return connected;
    },
    setReadValue(id, bytes) {
      values.set(id, bytes.slice());
    },
    fail(op: GattOp, id: number, error = new Error(`${op} of 0x${id.toString(16)} failed`)) {
      failures.set(`${op}:${id}`, error);
    },
    heal(op: GattOp, id: number) {
      failures.delete(`${op}:${id}`);
    },
    notify(bytes) {
      if (!connected) return;
      for (const n of notifiers) if (n.characteristic === 0x1604) n.callback(new DataView(bytes.slice().buffer));
    },
    notifyLate(bytes) {
      for (const n of [...closedNotifiers, ...notifiers]) if (n.characteristic === 0x1604) n.callback(new DataView(bytes.slice().buffer));
    },
    dropConnection() {
      if (connected) endLink();
    },
    cancelChooser() {
      cancelNext = true;
    },
    unimplemented() {
      missing = true;
    },
    failInitialize(error) {
      initFailure = error;
    },
    switchBluetooth(on) {
      enabled = on;
    },
    hideService() {
      serviceHidden = true;
    },
    failDisconnect(error) {
      disconnectFailure = error;
    },
    dropDuring(op, id) {
      dropAt = `${op}:${id}`;
    },
  };
}
