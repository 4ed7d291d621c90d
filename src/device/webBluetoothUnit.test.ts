import { describe, expect, it } from 'vitest';
import { createWebBluetoothUnit, isWebBluetoothAvailable } from './index';
import { encodeSamplePackets } from './protocol/samplePacket';
import { createFakeBluetooth } from './testing/fakeBluetooth';
import { describeUnitContract } from './testing/unitContract';
import type { RawSamples } from './unit';
import { WebBluetoothUnit } from './webBluetoothUnit';

function subject() {
  const fake = createFakeBluetooth();
  const logged: unknown[] = [];
  const unit = new WebBluetoothUnit(fake.bluetooth, (message, cause) => logged.push({ message, cause }));
  return { fake, unit, logged };
}

describeUnitContract('the Web Bluetooth unit', () => {
  const { fake, unit, logged } = subject();
  return { unit, peripheral: fake, logged };
});

describe('the Web Bluetooth unit, browser specifics', () => {
  it('asks the chooser for units offering the full 128-bit 0x1600 service', async () => {
    const { fake, unit } = subject();
    const connected = await unit.connect();
    expect(fake.requests).toEqual([{ filters: [{ services: ['00001600-0000-1000-8000-00805f9b34fb'] }] }]);
    expect(connected).toMatchObject({ id: 'fake-unit-1', deviceName: 'Repline 1' });
  });

  it('reports the user closing the chooser as a cancelled Connect error', async () => {
    const { fake, unit } = subject();
    fake.cancelChooser();
    const error = await unit.connect().catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'ErrorUseBluetoothApiReplineConnect: NotFoundError: User cancelled the requestDevice() chooser.', userCancelled: true });
    expect(fake.log).toEqual([]);
  });

  it('fails with ErrorUseBluetoothApiReplineInit when the browser has no Web Bluetooth', async () => {
    expect(isWebBluetoothAvailable()).toBe(false);
    await expect(createWebBluetoothUnit().connect()).rejects.toThrow('ErrorUseBluetoothApiReplineInit: Web Bluetooth is not available in this browser');
  });

  it('shares one connect between calls made while it runs, and returns the open connection after', async () => {
    const { fake, unit } = subject();
    const [a, b] = await Promise.all([unit.connect(), unit.connect()]);
    expect(a).toBe(b);
    expect(await unit.connect()).toBe(a);
    expect(fake.requests.length).toBe(1);
  });

  it('delivers a packet read from 0x1604 by the page, as the real-browser tests push them', async () => {
    const { fake, unit } = subject();
    const seen: RawSamples[] = [];
    unit.on('samples', (s) => seen.push(s));
    await unit.connect();
    fake.setReadValue(0x1604, encodeSamplePackets({ timeUs: [42_000], angleDeg: [7.5] })[0]!);
    await fake.samplesCharacteristic().readValue();
    expect(seen).toEqual([{ timeUs: [42_000], angleDeg: [7.5] }]);
  });

  it('stops listening to 0x1604 once the user disconnected', async () => {
    const { fake, unit } = subject();
    const seen: RawSamples[] = [];
    unit.on('samples', (s) => seen.push(s));
    await unit.connect();
    await unit.disconnect();
    const characteristic = fake.samplesCharacteristic() as unknown as EventTarget & { value?: DataView };
    characteristic.value = new DataView(encodeSamplePackets({ timeUs: [1], angleDeg: [1] })[0]!.buffer);
    characteristic.dispatchEvent(new Event('characteristicvaluechanged'));
    expect(seen).toEqual([]);
  });

  it('emits a single "user" event although the browser also fires gattserverdisconnected', async () => {
    const { unit } = subject();
    const reasons: string[] = [];
    unit.on('disconnected', (r) => reasons.push(r));
    await unit.connect();
    await unit.disconnect();
    expect(reasons).toEqual(['user']);
  });

  it('fails the connect when the unit drops the link during the sequence', async () => {
    const { fake, unit } = subject();
    const reasons: string[] = [];
    unit.on('disconnected', (r) => reasons.push(r));
    const connecting = unit.connect();
    await new Promise((resolve) => setTimeout(resolve, 5));
    fake.dropConnection();
    await expect(connecting).rejects.toThrow(/^ErrorUseBluetoothApiReplineConnect: /);
    expect(reasons).toEqual([]);
  });
});
