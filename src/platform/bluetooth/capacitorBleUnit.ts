/**
 * The unit over the native shell's Bluetooth LE plugin (`BleClient` of
 * @capacitor-community/bluetooth-le), behind the same {@link Unit} interface as the browser.
 *
 * Why it is built this way: the Web Bluetooth client already speaks to a small structural
 * surface (bluetoothSurface.ts), not to `navigator.bluetooth` itself. So this module does not
 * copy the connect sequence, the GATT queue, the decoding or the error names: it implements that
 * surface over `BleClient` and runs the very same {@link WebBluetoothUnit} on it. Whatever the
 * web client does (docs/behaviour.md §4 connect sequence, docs/behaviour.md §8 fallbacks and `UnitError` names, one GATT
 * operation at a time), the native unit does too, and the shared contract suite proves it.
 *
 * What the translation has to bridge:
 * - `BleClient` is addressed by device id plus service and characteristic UUIDs; the surface
 *   hands out device, service and characteristic objects that carry those ids.
 * - The plugin reports a lost link through the `onDisconnect` callback of `connect`; the surface
 *   turns it into `gattserverdisconnected`, which the client reports as a 'device' disconnect.
 * - `BleClient.disconnect` is asynchronous where Web Bluetooth's is not. The surface starts it
 *   and keeps its outcome; this unit waits for it, so `disconnect()` resolves once the link is
 *   really gone and rejects with ErrorUseBluetoothApiReplineDisconnect if the plugin failed.
 *
 * Decisions where the product rules are silent:
 * - Before every device request the plugin is initialised (Android asks for the Bluetooth
 *   permissions the first time) and Bluetooth must be switched on; a missing plugin, refused
 *   permissions or Bluetooth switched off fail with ErrorUseBluetoothApiReplineInit.
 * - Closing the native device chooser is the same "user cancelled" Connect error as in the
 *   browser (a NotFoundError), so the app treats both alike and shows no alert.
 * - A unit that does not offer service 0x1600 or one of its characteristics fails the connect
 *   with a NotFoundError naming the UUID, as Chromium does.
 */
import type { BleClientInterface, BleDevice, BleService } from '@capacitor-community/bluetooth-le';
import { isPluginMissing, missingPluginMessage } from '../pluginErrors';
import { describeError } from '../../shared/describeError';
import type { BluetoothLike, CharacteristicLike, DeviceLike, ServerLike, ServiceLike } from './bluetoothSurface';
import { toUnitError, UnitError } from '../../device/errors';
import type { ConnectedUnit, Unit, UnitEvents, UnitInfo } from '../../device/unit';
import { WebBluetoothUnit, type DeviceLogger } from './webBluetoothUnit';

/** The part of `BleClient` this adapter calls; the plugin's `BleClient` and test doubles fit it. */
export type BleClientLike = Pick<
  BleClientInterface,
  'initialize' | 'isEnabled' | 'requestDevice' | 'connect' | 'disconnect' | 'getServices' | 'read' | 'write' | 'startNotifications'
>;

/** Both native implementations reject a closed chooser with this text (Android and iOS alike). */
const CHOOSER_CANCELLED = /requestDevice cancelled/i;

function notFound(message: string): Error {
  const error = new Error(message);
  error.name = 'NotFoundError';
  return error;
}

/** The outcome of a `BleClient.disconnect` the surface started: undefined, or why it failed. */
type Closing = Promise<{ failure?: unknown }>;

class BleCharacteristic extends EventTarget implements CharacteristicLike {
  value: DataView | undefined;

  constructor(
    private readonly link: BleLink,
    private readonly serviceUuid: string,
    private readonly uuid: string,
  ) {
    super();
  }

  async readValue(): Promise<DataView> {
    this.value = await this.link.client.read(this.link.id, this.serviceUuid, this.uuid);
    return this.value;
  }

  writeValue(value: BufferSource): Promise<void> {
    const view = ArrayBuffer.isView(value) ? new DataView(value.buffer, value.byteOffset, value.byteLength) : new DataView(value);
    return this.link.client.write(this.link.id, this.serviceUuid, this.uuid, view);
  }

  async startNotifications(): Promise<this> {
    await this.link.client.startNotifications(this.link.id, this.serviceUuid, this.uuid, (value) => {
      this.value = value;
      this.dispatchEvent(new Event('characteristicvaluechanged'));
    });
    return this;
  }
}

/** One requested device: the Web Bluetooth device and its GATT server in one object. */
class BleLink extends EventTarget implements DeviceLike, ServerLike {
  readonly id: string;
  readonly name: string | undefined;
  readonly gatt = this;
  connected = false;
  /** The last disconnect this link started, if any. */
  closing: Closing | undefined;

  constructor(
    readonly client: BleClientLike,
    device: BleDevice,
  ) {
    super();
    this.id = device.deviceId;
    this.name = device.name;
  }

  async connect(): Promise<this> {
    await this.client.connect(this.id, () => this.lost());
    this.connected = true;
    return this;
  }

  disconnect(): void {
    if (!this.connected) return;
    this.connected = false;
    this.closing = this.client.disconnect(this.id).then(
      () => ({}),
      (failure: unknown) => ({ failure }),
    );
    this.dispatchEvent(new Event('gattserverdisconnected'));
  }

  async getPrimaryService(uuid: string): Promise<ServiceLike> {
    const services: BleService[] = await this.client.getServices(this.id);
    const service = services.find((s) => s.uuid.toLowerCase() === uuid);
    if (!service) throw notFound(`No Services matching UUID ${uuid} found in Device.`);
    const offered = new Set(service.characteristics.map((c) => c.uuid.toLowerCase()));
    return {
      getCharacteristic: async (characteristic: string) => {
        if (!offered.has(characteristic)) throw notFound(`No Characteristics matching UUID ${characteristic} found in Service.`);
        return new BleCharacteristic(this, service.uuid, characteristic);
      },
    };
  }

  /** The plugin's disconnect callback: the unit (or the phone) dropped the link. */
  private lost(): void {
    if (!this.connected) return;
    this.connected = false;
    this.dispatchEvent(new Event('gattserverdisconnected'));
  }
}

/** `navigator.bluetooth`, as far as the client needs it, over `BleClient`. */
class BleSurface implements BluetoothLike {
  /** The device of the latest request: where the client's disconnects happen. */
  current: BleLink | undefined;

  constructor(private readonly load: () => Promise<BleClientLike>) {}

  async requestDevice(options: { filters: Array<{ services: string[] }> }): Promise<DeviceLike> {
    const client = await this.ready();
    let device: BleDevice;
    try {
      device = await client.requestDevice({ services: options.filters.flatMap((f) => f.services) });
    } catch (error) {
      if (error instanceof Error && CHOOSER_CANCELLED.test(error.message)) {
        throw Object.assign(notFound('User cancelled the requestDevice() chooser.'), { cause: error });
      }
      throw error;
    }
    this.current = new BleLink(client, device);
    return this.current;
  }

  /** The outcome of the latest disconnect, reported once. */
  async takeClosing(): Promise<{ failure?: unknown }> {
    const closing = this.current?.closing;
    if (this.current) this.current.closing = undefined;
    return closing ?? {};
  }

  private async ready(): Promise<BleClientLike> {
    let client: BleClientLike;
    try {
      client = await this.load();
      await client.initialize();
    } catch (error) {
      throw new UnitError('Init', isPluginMissing(error) ? new Error(missingPluginMessage('The Bluetooth LE plugin', error)) : error);
    }
    let enabled: boolean;
    try {
      enabled = await client.isEnabled();
    } catch (error) {
      throw new UnitError('Init', error);
    }
    if (!enabled) throw new UnitError('Init', new Error('Bluetooth is switched off: switch it on and connect again'));
    return client;
  }
}

const warnToConsole: DeviceLogger = (message, cause) => console.warn(message, cause);

export class CapacitorBleUnit implements Unit {
  readonly kind = 'native';
  private readonly surface: BleSurface;
  private readonly client: WebBluetoothUnit;

  /** `load` resolves to the plugin's `BleClient` (a dynamic import, so browsers never load it). */
  constructor(
    load: () => Promise<BleClientLike>,
    private readonly log: DeviceLogger = warnToConsole,
  ) {
    this.surface = new BleSurface(load);
    this.client = new WebBluetoothUnit(this.surface, log);
  }

  on<E extends keyof UnitEvents>(event: E, listener: UnitEvents[E]): () => void {
    return this.client.on(event, listener);
  }

  /** Rejects only once a half-open link has been let go, so a retry starts clean. */
  async connect(): Promise<ConnectedUnit> {
    try {
      return await this.client.connect();
    } catch (error) {
      const { failure } = await this.surface.takeClosing();
      if (failure !== undefined) this.log(`Letting go of the unit after a failed connect failed too: ${describeError(failure)}`, failure);
      throw error;
    }
  }

  async disconnect(): Promise<void> {
    await this.client.disconnect();
    const { failure } = await this.surface.takeClosing();
    if (failure !== undefined) throw toUnitError('Disconnect', failure);
  }

  calibrate(): Promise<void> {
    return this.client.calibrate();
  }

  setMotor(on: boolean): Promise<void> {
    return this.client.setMotor(on);
  }

  windup(): Promise<void> {
    return this.client.windup();
  }

  setBoost(percent: number): Promise<void> {
    return this.client.setBoost(percent);
  }

  readUnitInfo(): Promise<UnitInfo> {
    return this.client.readUnitInfo();
  }

  writeUnitInfo(info: UnitInfo): Promise<void> {
    return this.client.writeUnitInfo(info);
  }
}
