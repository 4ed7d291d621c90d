import { describe, expect, it } from 'vitest';
import { createWebBluetoothUnit, isWebBluetoothAvailable } from './index';
import { encodeSamplePackets } from '../../device/protocol/samplePacket';
import { createFakeBluetooth } from './testing/fakeBluetooth';
import { describeUnitContract } from './testing/unitContract';
import type { RawSamples } from '../../device/unit';
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

});

describe('the Web Bluetooth unit, reconnecting after the unit dropped the link', () => {
  /** A unit that connected, received a sample at 90 ms, then lost the link at wall clock 1 000 ms. */
  async function droppedUnit() {
    const fake = createFakeBluetooth();
    let nowMs = 0;
    const unit = new WebBluetoothUnit(fake.bluetooth, () => undefined, () => nowMs);
    const seen: RawSamples[] = [];
    const reasons: string[] = [];
    unit.on('samples', (s) => seen.push(s));
    unit.on('disconnected', (r) => reasons.push(r));
    await unit.connect();
    fake.notify(encodeSamplePackets({ timeUs: [90_000], angleDeg: [1] })[0]!);
    nowMs = 1_000;
    fake.dropConnection();
    const packet = (timeUs: number) => encodeSamplePackets({ timeUs: [timeUs], angleDeg: [2] })[0]!;
    return { fake, unit, seen, reasons, packet, setNow: (ms: number) => (nowMs = ms) };
  }

  it('connects the same device again without the chooser and re-runs steps 2 to 7', async () => {
    const { fake, unit, reasons } = await droppedUnit();
    const before = fake.log.length;
    const connected = await unit.reconnect();
    expect(fake.requests).toHaveLength(1);
    expect(connected.id).toBe('fake-unit-1');
    expect(reasons).toEqual(['device']);
    expect(fake.log.slice(before).map((e) => `${e.op} ${e.characteristic.toString(16)}`)).toEqual([
      'read 1611', 'read 1612', 'read 1613', 'read 1606', 'subscribe 1604', 'read 160b', 'write 1608',
    ]);
    await expect(unit.calibrate()).resolves.toBeUndefined();
  });

  it('delivers each later notification once, on the same clock: an older time is still skipped', async () => {
    const { fake, unit, seen, packet } = await droppedUnit();
    await unit.reconnect();
    fake.notify(packet(2_095_000));
    fake.notify(packet(2_000_000));
    expect(seen.map((s) => s.timeUs)).toEqual([[90_000], [2_095_000]]);
  });

  it('places the first sample of a unit whose clock restarted the outage after the last one', async () => {
    const { fake, unit, seen, packet, setNow } = await droppedUnit();
    setNow(3_500);
    await unit.reconnect();
    fake.notify(packet(1_000));
    fake.notify(packet(6_000));
    // 90 ms + (3 500 − 1 000) ms of outage = 2 590 ms.
    expect(seen.map((s) => s.timeUs)).toEqual([[90_000], [2_590_000], [2_595_000]]);
  });

  it('rejects with a Connect error while the unit cannot be reached, and succeeds once it can', async () => {
    const { fake, unit } = await droppedUnit();
    fake.fail('connect', 0, new DOMException('Connection attempt failed.', 'NetworkError'));
    await expect(unit.reconnect()).rejects.toThrow('ErrorUseBluetoothApiReplineConnect: NetworkError: Connection attempt failed.');
    fake.heal('connect', 0);
    await expect(unit.reconnect()).resolves.toMatchObject({ id: 'fake-unit-1' });
    expect(fake.connected).toBe(true);
  });

  it('refuses to reconnect a unit that never dropped', async () => {
    const fake = createFakeBluetooth();
    const unit = new WebBluetoothUnit(fake.bluetooth, () => undefined);
    await expect(unit.reconnect()).rejects.toThrow('ErrorUseBluetoothApiReplineConnect: No unit to reconnect to: connect one first');
  });

  it('gives the dropped unit up on a user disconnect: one "user" event, no reconnect after', async () => {
    const { unit, reasons } = await droppedUnit();
    await unit.disconnect();
    expect(reasons).toEqual(['device', 'user']);
    await expect(unit.reconnect()).rejects.toThrow(/No unit to reconnect to/);
  });

  it('does not open the link when the user disconnects while a reconnect runs', async () => {
    const { fake, unit } = await droppedUnit();
    const reconnecting = unit.reconnect();
    await unit.disconnect();
    await expect(reconnecting).rejects.toThrow(/^ErrorUseBluetoothApiReplineConnect: /);
    expect(fake.connected).toBe(false);
  });
});
