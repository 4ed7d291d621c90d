/**
 * The behaviour every Bluetooth-backed `Unit` owes the app (docs/behaviour.md §4, §7, §8), written once as a
 * suite over a {@link PeripheralDouble}. The Web Bluetooth client runs it over its fake
 * `navigator.bluetooth`; the native Capacitor adapter can run it over a fake BLE plugin:
 *
 *     describeUnitContract('the Web Bluetooth unit', () => { ...; return { unit, peripheral, logged } });
 */
import { describe, expect, it } from 'vitest';
import { encodeSamplePackets } from '../../../device/protocol/samplePacket';
import { UnitType, type RawSamples, type SampleWarning, type Unit } from '../../../device/unit';
import type { PeripheralDouble } from './peripheralDouble';

export interface ContractSubject {
  /** A fresh, unconnected unit talking to `peripheral`. */
  unit: Unit;
  peripheral: PeripheralDouble;
  /** What the unit logged for silent fallbacks (docs/behaviour.md §8 "logged only"). */
  logged: unknown[];
}

const text = (s: string) => new TextEncoder().encode(s);

/** The log as short lines: "read 1611", "subscribe 1604", 'write 1608 "0"'. */
function ops(peripheral: PeripheralDouble, from = 0): string[] {
  return peripheral.log.slice(from).map((e) => {
    const id = e.characteristic.toString(16);
    return e.data ? `${e.op} ${id} ${JSON.stringify(new TextDecoder().decode(e.data))}` : `${e.op} ${id}`;
  });
}

const CONNECT_SEQUENCE = ['read 1611', 'read 1612', 'read 1613', 'read 1606', 'subscribe 1604', 'read 160b', 'write 1608 "0"'];

function record(events: { samples: RawSamples[]; warnings: SampleWarning[]; disconnected: string[] }, unit: Unit): void {
  unit.on('samples', (s) => events.samples.push(s));
  unit.on('warning', (w) => events.warnings.push(w));
  unit.on('disconnected', (r) => events.disconnected.push(r));
}

function events() {
  return { samples: [] as RawSamples[], warnings: [] as SampleWarning[], disconnected: [] as string[] };
}

export function describeUnitContract(name: string, make: () => ContractSubject): void {
  describe(`${name}: connect sequence`, () => {
    it('reads firmware and unit info, starts notifications, turns the motor off and sets boost 0, in that order', async () => {
      const { unit, peripheral } = make();
      const connected = await unit.connect();
      expect(ops(peripheral)).toEqual(CONNECT_SEQUENCE);
      expect(connected.firmware).toEqual({ major: 6, minor: 2, patch: 0 });
      expect(connected.info).toEqual({ type: UnitType.MOTOR_RACK, number: 1, name: 'Repline 1' });
    });

    it('falls back to firmware 0.0.0 when a firmware read fails, logs it, and still connects', async () => {
      const { unit, peripheral, logged } = make();
      peripheral.fail('read', 0x1612);
      const connected = await unit.connect();
      expect(connected.firmware).toEqual({ major: 0, minor: 0, patch: 0 });
      expect(logged.length).toBe(1);
      expect(ops(peripheral)).toEqual(['read 1611', 'read 1612', ...CONNECT_SEQUENCE.slice(3)]);
    });

    it('falls back to type 0, number 0, name Repline when the unit info read fails, and logs it', async () => {
      const { unit, peripheral, logged } = make();
      peripheral.fail('read', 0x1606);
      expect((await unit.connect()).info).toEqual({ type: 0, number: 0, name: 'Repline' });
      expect(logged.length).toBe(1);
    });

    it('falls back the same way when the unit info text cannot be parsed', async () => {
      const { unit, peripheral, logged } = make();
      peripheral.setReadValue(0x1606, text('garbage'));
      expect((await unit.connect()).info).toEqual({ type: 0, number: 0, name: 'Repline' });
      expect(logged.length).toBe(1);
    });

    it.each([
      ['the GATT connect', 'connect', 0],
      ['starting notifications', 'subscribe', 0x1604],
      ['the motor-off read', 'read', 0x160b],
      ['the boost 0 write', 'write', 0x1608],
    ] as const)('fails with ErrorUseBluetoothApiReplineConnect when %s fails, and lets go of the unit', async (_what, op, id) => {
      const { unit, peripheral } = make();
      peripheral.fail(op, id);
      await expect(unit.connect()).rejects.toThrow(/^ErrorUseBluetoothApiReplineConnect: /);
      expect(peripheral.connected).toBe(false);
      await expect(unit.calibrate()).rejects.toThrow('ErrorUseBluetoothApiReplineCalibrate: No unit is connected');
    });
  });

  describe(`${name}: commands`, () => {
    it.each([
      ['calibrate', (u: Unit) => u.calibrate(), 'read 1605'],
      ['motor on', (u: Unit) => u.setMotor(true), 'read 160a'],
      ['motor off', (u: Unit) => u.setMotor(false), 'read 160b'],
      ['windup', (u: Unit) => u.windup(), 'read 160c'],
      ['boost 25', (u: Unit) => u.setBoost(25), 'write 1608 "25"'],
      ['write unit info', (u: Unit) => u.writeUnitInfo({ type: UnitType.MOTOR_RACK_SAFE, number: 3, name: 'Left-Rack' }), 'write 1606 "{\\"unitType\\":5.2,\\"unitNumber\\":3,\\"unitName\\":\\"Left-Rack\\"}"'],
      ['read unit info', (u: Unit) => u.readUnitInfo(), 'read 1606'],
    ])('sends %s as "%s"', async (_what, command, expected) => {
      const { unit, peripheral } = make();
      await unit.connect();
      const before = peripheral.log.length;
      await command(unit);
      expect(ops(peripheral, before)).toEqual([expected]);
    });

    it.each([
      ['Calibrate', (u: Unit) => u.calibrate(), 'read', 0x1605],
      ['Motor', (u: Unit) => u.setMotor(true), 'read', 0x160a],
      ['Motor', (u: Unit) => u.setMotor(false), 'read', 0x160b],
      ['Windup', (u: Unit) => u.windup(), 'read', 0x160c],
      ['SetMotorBoost', (u: Unit) => u.setBoost(10), 'write', 0x1608],
      ['Run', (u: Unit) => u.readUnitInfo(), 'read', 0x1606],
      ['Run', (u: Unit) => u.writeUnitInfo({ type: UnitType.RACK, number: 1, name: 'x' }), 'write', 0x1606],
    ] as const)('reports a failure as ErrorUseBluetoothApiRepline%s with its cause', async (op, command, gattOp, id) => {
      const { unit, peripheral } = make();
      await unit.connect();
      const cause = new Error('the unit said no');
      peripheral.fail(gattOp, id, cause);
      const error = await command(unit).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ message: `ErrorUseBluetoothApiRepline${op}: the unit said no`, op, cause });
    });

    it('reads back unit info whose name contains dashes', async () => {
      const { unit, peripheral } = make();
      await unit.connect();
      peripheral.setReadValue(0x1606, text('4.2-7-Home-Gym-Rack'));
      expect(await unit.readUnitInfo()).toEqual({ type: 4.2, number: 7, name: 'Home-Gym-Rack' });
    });

    it('refuses a boost outside the unit range without writing anything', async () => {
      const { unit, peripheral } = make();
      await unit.connect();
      const before = peripheral.log.length;
      await expect(unit.setBoost(81)).rejects.toThrow(/^ErrorUseBluetoothApiReplineSetMotorBoost: RangeError: Boost 81 % is not allowed/);
      expect(peripheral.log.length).toBe(before);
    });

    it('takes the boost range from the unit type last written', async () => {
      const { unit } = make();
      await unit.connect();
      await unit.writeUnitInfo({ type: UnitType.MOTOR_RACK_SAFE, number: 1, name: 'Safe' });
      await expect(unit.setBoost(31)).rejects.toThrow(/0–30 in steps of 1/);
      await expect(unit.setBoost(30)).resolves.toBeUndefined();
    });

    it('allows only boost 0 when the unit type is unknown', async () => {
      const { unit, peripheral } = make();
      peripheral.fail('read', 0x1606);
      await unit.connect();
      await expect(unit.setBoost(10)).rejects.toThrow(/only 0/);
    });

    it('refuses unit info with an unknown type without writing anything', async () => {
      const { unit, peripheral } = make();
      await unit.connect();
      const before = peripheral.log.length;
      await expect(unit.writeUnitInfo({ type: 6 as UnitType, number: 1, name: 'x' })).rejects.toThrow(/^ErrorUseBluetoothApiReplineRun: Unknown unit type 6/);
      expect(peripheral.log.length).toBe(before);
    });

    it.each([
      ['Calibrate', (u: Unit) => u.calibrate()],
      ['Motor', (u: Unit) => u.setMotor(true)],
      ['Windup', (u: Unit) => u.windup()],
      ['SetMotorBoost', (u: Unit) => u.setBoost(0)],
      ['Run', (u: Unit) => u.readUnitInfo()],
      ['Run', (u: Unit) => u.writeUnitInfo({ type: 0, number: 0, name: 'x' })],
    ])('refuses %s while no unit is connected', async (op, command) => {
      const { unit, peripheral } = make();
      await expect(command(unit)).rejects.toThrow(`ErrorUseBluetoothApiRepline${op}: No unit is connected`);
      expect(peripheral.log).toEqual([]);
    });
  });

  describe(`${name}: queueing`, () => {
    it('never has two GATT operations in flight, and sends commands in call order', async () => {
      const { unit, peripheral } = make();
      await unit.connect();
      const before = peripheral.log.length;
      await Promise.all([unit.calibrate(), unit.setMotor(true), unit.windup(), unit.setBoost(10), unit.setBoost(20), unit.readUnitInfo()]);
      expect(peripheral.maxInFlight).toBe(1);
      expect(ops(peripheral, before)).toEqual(['read 1605', 'read 160a', 'read 160c', 'write 1608 "10"', 'write 1608 "20"', 'read 1606']);
    });

    it('runs the next command after one that fails', async () => {
      const { unit, peripheral } = make();
      await unit.connect();
      peripheral.fail('read', 0x1605);
      const [calibrated, windup] = await Promise.allSettled([unit.calibrate(), unit.windup()]);
      expect(calibrated.status).toBe('rejected');
      expect(windup.status).toBe('fulfilled');
    });
  });

  describe(`${name}: samples`, () => {
    it('delivers the decoded samples of each notification', async () => {
      const { unit, peripheral } = make();
      const seen = events();
      record(seen, unit);
      await unit.connect();
      for (const p of encodeSamplePackets({ timeUs: [1000, 6000, 11000], angleDeg: [10.5, 11, 11.5] }, { recordsPerPacket: 2 })) peripheral.notify(p);
      expect(seen.samples).toEqual([
        { timeUs: [1000, 6000], angleDeg: [10.5, 11] },
        { timeUs: [11000], angleDeg: [11.5] },
      ]);
      expect(seen.warnings).toEqual([]);
    });

    it('decodes legacy packets from a unit with firmware below 6.2', async () => {
      const { unit, peripheral } = make();
      peripheral.setReadValue(0x1612, new Uint8Array([1]));
      const seen = events();
      record(seen, unit);
      await unit.connect();
      for (const p of encodeSamplePackets({ timeUs: [1000, 6000], angleDeg: [-2.5, -3] }, { format: 'legacy' })) peripheral.notify(p);
      expect(seen.samples).toEqual([
        { timeUs: [1000], angleDeg: [-2.5] },
        { timeUs: [6000], angleDeg: [-3] },
      ]);
    });

    it('tells the format from the packet length when the firmware is unknown', async () => {
      const { unit, peripheral } = make();
      peripheral.fail('read', 0x1611);
      const seen = events();
      record(seen, unit);
      await unit.connect();
      for (const p of encodeSamplePackets({ timeUs: [1000, 6000], angleDeg: [1, 2] })) peripheral.notify(p);
      expect(seen.samples).toEqual([{ timeUs: [1000, 6000], angleDeg: [1, 2] }]);
    });

    it('proves bad packets harmless: they are skipped with warnings and later samples flow', async () => {
      const { unit, peripheral } = make();
      const seen = events();
      record(seen, unit);
      await unit.connect();
      const good = (t: number, a: number) => encodeSamplePackets({ timeUs: [t], angleDeg: [a] })[0]!;
      peripheral.notify(good(10_000, 1));
      peripheral.notify(new Uint8Array(7));
      peripheral.notify(good(5_000, 2));
      peripheral.notify(good(15_000, NaN));
      peripheral.notify(new Uint8Array(0));
      peripheral.notify(good(20_000, 3));
      expect(seen.samples).toEqual([
        { timeUs: [10_000], angleDeg: [1] },
        { timeUs: [20_000], angleDeg: [3] },
      ]);
      expect(seen.warnings.map((w) => w.kind)).toEqual(['bad-length', 'time-not-increasing', 'non-finite', 'bad-length']);
    });
  });

  describe(`${name}: disconnect`, () => {
    it('lets the user disconnect: one "user" event, the link closed, commands refused', async () => {
      const { unit, peripheral } = make();
      const seen = events();
      record(seen, unit);
      await unit.connect();
      await unit.disconnect();
      expect(seen.disconnected).toEqual(['user']);
      expect(peripheral.connected).toBe(false);
      await expect(unit.windup()).rejects.toThrow('ErrorUseBluetoothApiReplineWindup: No unit is connected');
    });

    it('hands out no sample that arrives after the user disconnected', async () => {
      const { unit, peripheral } = make();
      const seen = events();
      record(seen, unit);
      await unit.connect();
      await unit.disconnect();
      peripheral.notifyLate(encodeSamplePackets({ timeUs: [1_000], angleDeg: [1] })[0]!);
      expect(seen.samples).toEqual([]);
    });

    it('fails the connect, without a disconnect event, when the unit drops the link during the sequence', async () => {
      const { unit, peripheral } = make();
      const seen = events();
      record(seen, unit);
      peripheral.dropDuring('read', 0x160b);
      await expect(unit.connect()).rejects.toThrow(/^ErrorUseBluetoothApiReplineConnect: /);
      expect(seen.disconnected).toEqual([]);
      expect(peripheral.connected).toBe(false);
    });

    it('does nothing on disconnect when not connected', async () => {
      const { unit } = make();
      const seen = events();
      record(seen, unit);
      await unit.disconnect();
      expect(seen.disconnected).toEqual([]);
    });

    it('reports the unit dropping the link as a "device" disconnect and clears the connection', async () => {
      const { unit, peripheral } = make();
      const seen = events();
      record(seen, unit);
      await unit.connect();
      peripheral.dropConnection();
      expect(seen.disconnected).toEqual(['device']);
      await expect(unit.setBoost(0)).rejects.toThrow('ErrorUseBluetoothApiReplineSetMotorBoost: No unit is connected');
    });

    it('connects again after the unit dropped, running the whole sequence with a fresh sample clock', async () => {
      const { unit, peripheral } = make();
      const seen = events();
      record(seen, unit);
      await unit.connect();
      peripheral.notify(encodeSamplePackets({ timeUs: [90_000], angleDeg: [1] })[0]!);
      peripheral.dropConnection();
      const before = peripheral.log.length;
      await unit.connect();
      expect(ops(peripheral, before)).toEqual(CONNECT_SEQUENCE);
      peripheral.notify(encodeSamplePackets({ timeUs: [1_000], angleDeg: [2] })[0]!);
      expect(seen.samples.at(-1)).toEqual({ timeUs: [1_000], angleDeg: [2] });
    });
  });
}
