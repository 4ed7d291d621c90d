/**
 * Web Bluetooth rejects a GATT operation while another is in flight on the same device
 * ("GATT operation already in progress"), and the app issues commands from independent places
 * (the connect sequence, a boost change, a calibrate click). Every GATT call therefore goes
 * through one queue per connection, strictly one at a time, in call order. A failing operation
 * rejects its own caller only; the next operation still runs.
 */

export interface GattQueue {
  /** Runs `operation` after every operation queued before it has settled. */
  run<T>(operation: () => Promise<T>): Promise<T>;
}

export function createGattQueue(): GattQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(operation: () => Promise<T>): Promise<T> {
      const result = tail.then(operation);
      tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
  };
}
