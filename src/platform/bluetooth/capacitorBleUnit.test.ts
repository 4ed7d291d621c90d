import { describe, expect, it } from 'vitest';
import { createFakeBleClient, FAKE_DEVICE } from './testing/fakeBleClient';
import { CapacitorBleUnit } from './capacitorBleUnit';
import { describeUnitContract } from './testing/unitContract';

function subject() {
  const fake = createFakeBleClient();
  const logged: unknown[] = [];
  const unit = new CapacitorBleUnit(async () => fake.client, (message, cause) => logged.push({ message, cause }));
  return { fake, unit, logged };
}

describeUnitContract('the Capacitor Bluetooth LE unit', () => {
  const { fake, unit, logged } = subject();
  return { unit, peripheral: fake, logged };
});

describe('the Capacitor Bluetooth LE unit, native specifics', () => {
  it('initialises the plugin, then asks the native chooser for units offering the full 128-bit 0x1600 service', async () => {
    const { fake, unit } = subject();
    const connected = await unit.connect();
    expect(fake.calls).toEqual(['initialize', 'requestDevice']);
    expect(fake.requests).toEqual([{ services: ['00001600-0000-1000-8000-00805f9b34fb'] }]);
    expect(connected).toMatchObject({ id: FAKE_DEVICE.deviceId, deviceName: 'Repline 1' });
    expect(unit.kind).toBe('native');
  });

  it('reports the user closing the native chooser as a cancelled Connect error, like the browser', async () => {
    const { fake, unit } = subject();
    fake.cancelChooser();
    const error = await unit.connect().catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'ErrorUseBluetoothApiReplineConnect: NotFoundError: User cancelled the requestDevice() chooser.', userCancelled: true });
    expect(fake.log).toEqual([]);
  });

  it('fails with ErrorUseBluetoothApiReplineInit and a clear message when the plugin is not in the app', async () => {
    const { fake, unit } = subject();
    fake.unimplemented();
    await expect(unit.connect()).rejects.toThrow(
      'ErrorUseBluetoothApiReplineInit: The Bluetooth LE plugin is not available in this app (UNIMPLEMENTED): "BluetoothLe" plugin is not implemented on android',
    );
  });

  it('fails with ErrorUseBluetoothApiReplineInit when the plugin module cannot be loaded', async () => {
    const unit = new CapacitorBleUnit(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(unit.connect()).rejects.toThrow('ErrorUseBluetoothApiReplineInit: TypeError: Failed to fetch dynamically imported module');
  });

  it('fails with ErrorUseBluetoothApiReplineInit when the Bluetooth permissions are refused', async () => {
    const { fake, unit } = subject();
    fake.failInitialize(new Error('Permission denied.'));
    await expect(unit.connect()).rejects.toThrow('ErrorUseBluetoothApiReplineInit: Permission denied.');
    expect(fake.requests).toEqual([]);
  });

  it('asks the user to switch Bluetooth on instead of opening an empty chooser', async () => {
    const { fake, unit } = subject();
    fake.switchBluetooth(false);
    await expect(unit.connect()).rejects.toThrow('ErrorUseBluetoothApiReplineInit: Bluetooth is switched off: switch it on and connect again');
    expect(fake.requests).toEqual([]);
    fake.switchBluetooth(true);
    await expect(unit.connect()).resolves.toMatchObject({ deviceName: 'Repline 1' });
  });

  it('refuses a device without the unit service and lets go of it before rejecting', async () => {
    const { fake, unit } = subject();
    fake.hideService();
    await expect(unit.connect()).rejects.toThrow(
      'ErrorUseBluetoothApiReplineConnect: NotFoundError: No Services matching UUID 00001600-0000-1000-8000-00805f9b34fb found in Device.',
    );
    expect(fake.connected).toBe(false);
  });

  it('reports a failing native disconnect as ErrorUseBluetoothApiReplineDisconnect after telling the app the link is closed', async () => {
    const { fake, unit } = subject();
    const reasons: string[] = [];
    unit.on('disconnected', (r) => reasons.push(r));
    await unit.connect();
    fake.failDisconnect(new Error('Not connected to device.'));
    await expect(unit.disconnect()).rejects.toThrow('ErrorUseBluetoothApiReplineDisconnect: Not connected to device.');
    expect(reasons).toEqual(['user']);
    await expect(unit.calibrate()).rejects.toThrow('ErrorUseBluetoothApiReplineCalibrate: No unit is connected');
  });

  it('logs a failed release after a failed connect and still rejects with the connect error', async () => {
    const { fake, unit, logged } = subject();
    fake.fail('write', 0x1608);
    fake.failDisconnect(new Error('Device busy.'));
    await expect(unit.connect()).rejects.toThrow(/^ErrorUseBluetoothApiReplineConnect: write of 0x1608 failed/);
    expect(logged).toEqual([{ message: 'Letting go of the unit after a failed connect failed too: Device busy.', cause: new Error('Device busy.') }]);
  });

});
