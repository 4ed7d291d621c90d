/**
 * The slice of the Web Bluetooth API the client uses, as structural types. Real
 * `navigator.bluetooth` objects satisfy them, and so does the in-memory double in
 * testing/fakeBluetooth.ts, which only has to implement what is listed here.
 */

export interface CharacteristicLike {
  /** The last value read or notified. */
  readonly value?: DataView | null | undefined;
  readValue(): Promise<DataView>;
  writeValue(value: BufferSource): Promise<void>;
  startNotifications(): Promise<unknown>;
  addEventListener(type: 'characteristicvaluechanged', listener: (event: Event) => void): void;
  removeEventListener(type: 'characteristicvaluechanged', listener: (event: Event) => void): void;
}

export interface ServiceLike {
  getCharacteristic(characteristic: string): Promise<CharacteristicLike>;
}

export interface ServerLike {
  readonly connected: boolean;
  connect(): Promise<ServerLike>;
  disconnect(): void;
  getPrimaryService(service: string): Promise<ServiceLike>;
}

export interface DeviceLike {
  readonly id: string;
  readonly name?: string | undefined;
  readonly gatt?: ServerLike | undefined;
  addEventListener(type: 'gattserverdisconnected', listener: (event: Event) => void): void;
  removeEventListener(type: 'gattserverdisconnected', listener: (event: Event) => void): void;
}

export interface BluetoothLike {
  requestDevice(options: { filters: Array<{ services: string[] }> }): Promise<DeviceLike>;
}
