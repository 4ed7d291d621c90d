import { describe, expect, it } from 'vitest';
import { UnitType, type RawSamples, type SampleWarning } from '../unit';
import { createManualScheduler } from './scheduler';
import { createSimulatedUnit, type SimulatedUnitOptions } from './simulatedUnit';

function demo(options: SimulatedUnitOptions = {}) {
  const scheduler = createManualScheduler();
  const unit = createSimulatedUnit({ seed: 1, scheduler, ...options });
  const batches: RawSamples[] = [];
  const warnings: SampleWarning[] = [];
  const disconnected: string[] = [];
  unit.on('samples', (s) => batches.push(s));
  unit.on('warning', (w) => warnings.push(w));
  unit.on('disconnected', (r) => disconnected.push(r));
  const times = () => batches.flatMap((b) => b.timeUs);
  const angles = () => batches.flatMap((b) => b.angleDeg);
  return { unit, scheduler, batches, warnings, disconnected, times, angles };
}

describe('the Demo unit', () => {
  it('connects as a motorised rack with firmware 6.2.0', async () => {
    const { unit } = demo();
    expect(unit.kind).toBe('demo');
    expect(await unit.connect()).toEqual({
      id: 'demo',
      deviceName: 'Repline Demo',
      firmware: { major: 6, minor: 2, patch: 0 },
      info: { type: UnitType.MOTOR_RACK, number: 1, name: 'Repline Demo' },
    });
  });

  it('reports firmware 6.1.0 when asked for the legacy sample format', async () => {
    const { unit } = demo({ format: 'legacy' });
    expect((await unit.connect()).firmware).toEqual({ major: 6, minor: 1, patch: 0 });
  });

  it('streams about 200 samples a second at rest, five to a notification every 25 ms', async () => {
    const { unit, scheduler, batches, times, warnings } = demo();
    await unit.connect();
    scheduler.advance(2000);
    expect(batches.length).toBeGreaterThanOrEqual(78);
    expect(times().length).toBeGreaterThan(390);
    expect(times().length).toBeLessThan(410);
    expect(Math.max(...batches.map((b) => b.timeUs.length))).toBeLessThanOrEqual(5);
    expect(warnings).toEqual([]);
  });

  it('sends one sample per notification in the legacy format', async () => {
    const { unit, scheduler, batches } = demo({ format: 'legacy' });
    await unit.connect();
    scheduler.advance(500);
    expect(batches.length).toBeGreaterThan(90);
    expect(batches.every((b) => b.timeUs.length === 1)).toBe(true);
  });

  it('rests with the rope straight out (angle 0, sensor noise only) until a set starts', async () => {
    const { unit, scheduler, angles } = demo();
    await unit.connect();
    scheduler.advance(10_000);
    expect(Math.max(...angles().map(Math.abs))).toBeLessThan(0.5);
  });

  it('starts a set by itself 1.5 s after calibrate, the motor first winding the rope in', async () => {
    const { unit, scheduler, angles, times } = demo();
    await unit.connect();
    await unit.calibrate();
    scheduler.advance(1400);
    expect(Math.max(...angles().map(Math.abs))).toBeLessThan(0.5);
    scheduler.advance(20_000);
    // 0.55 m of rope on the 0.014 m shaft is 0.55 / 0.014 rad = 2251°.
    expect(Math.max(...angles().map(Math.abs))).toBeGreaterThan(2251);
    const t = times();
    expect(t.every((v, i) => i === 0 || v > t[i - 1]!)).toBe(true);
  });

  it('does not train on its own when autoSet is off', async () => {
    const { unit, scheduler, angles } = demo({ autoSet: false });
    await unit.connect();
    await unit.calibrate();
    await unit.windup();
    scheduler.advance(20_000);
    expect(Math.max(...angles().map(Math.abs))).toBeLessThan(0.5);
  });

  it('replays the same session from the same seed', async () => {
    const run = async () => {
      const d = demo({ seed: 77 });
      await d.unit.connect();
      d.unit.startSet(2);
      d.scheduler.advance(15_000);
      return d.batches;
    };
    expect(await run()).toEqual(await run());
  });

  it('keeps time increasing across the unit clock wrapping at 2^32 µs', async () => {
    const { unit, scheduler, times, warnings } = demo({ clockStartUs: 2 ** 32 - 1_000_000 });
    await unit.connect();
    scheduler.advance(3000);
    const t = times();
    expect(t.at(-1)!).toBeGreaterThan(2 ** 32 + 1_500_000);
    expect(t.every((v, i) => i === 0 || v > t[i - 1]!)).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('answers motor on and off and remembers the mode, motor off after connecting', async () => {
    const { unit } = demo();
    const unitWithMotor = unit as typeof unit & { readonly motor: boolean };
    await unit.connect();
    expect(unitWithMotor.motor).toBe(false);
    await unit.setMotor(true);
    expect(unitWithMotor.motor).toBe(true);
  });

  it('refuses a boost outside its range, and follows the unit type written', async () => {
    const { unit } = demo();
    await unit.connect();
    await expect(unit.setBoost(80)).resolves.toBeUndefined();
    await expect(unit.setBoost(81)).rejects.toThrow(/^ErrorUseBluetoothApiReplineSetMotorBoost: RangeError: Boost 81 %/);
    await unit.writeUnitInfo({ type: UnitType.MOTOR_RACK_LEGACY, number: 2, name: 'Old-Rack' });
    expect(await unit.readUnitInfo()).toEqual({ type: UnitType.MOTOR_RACK_LEGACY, number: 2, name: 'Old-Rack' });
    await expect(unit.setBoost(12)).rejects.toThrow(/0 or 10–80 in steps of 5/);
  });

  it('refuses unit info with an unknown type', async () => {
    const { unit } = demo();
    await unit.connect();
    await expect(unit.writeUnitInfo({ type: 7 as UnitType, number: 1, name: 'x' })).rejects.toThrow(/^ErrorUseBluetoothApiReplineRun: Unknown unit type 7/);
  });

  it.each([
    ['Calibrate', (u: ReturnType<typeof demo>['unit']) => u.calibrate()],
    ['Motor', (u: ReturnType<typeof demo>['unit']) => u.setMotor(false)],
    ['Windup', (u: ReturnType<typeof demo>['unit']) => u.windup()],
    ['SetMotorBoost', (u: ReturnType<typeof demo>['unit']) => u.setBoost(0)],
    ['Run', (u: ReturnType<typeof demo>['unit']) => u.readUnitInfo()],
  ])('refuses %s while not connected', async (op, command) => {
    const { unit } = demo();
    await expect(command(unit)).rejects.toThrow(`ErrorUseBluetoothApiRepline${op}: No unit is connected`);
  });

  it('refuses to start a set while not connected', () => {
    const { unit } = demo();
    expect(() => unit.startSet(3)).toThrow('ErrorUseBluetoothApiReplineRun: No unit is connected');
  });

  it('refuses an inertia that is not a plausible number of kg·m²', () => {
    const { unit } = demo();
    expect(() => unit.setInertia(-0.01)).toThrow(RangeError);
    expect(() => unit.setInertia(NaN)).toThrow(RangeError);
    expect(() => unit.setInertia(0.05)).not.toThrow();
  });

  it('moves slower with a heavier flywheel', async () => {
    const peakSpeed = async (inertia: number) => {
      const d = demo({ seed: 5 });
      d.unit.setInertia(inertia);
      await d.unit.connect();
      d.unit.startSet(2);
      d.scheduler.advance(12_000);
      const t = d.times();
      const a = d.angles();
      let peak = 0;
      for (let i = 1; i < t.length; i++) peak = Math.max(peak, Math.abs(a[i]! - a[i - 1]!) / (t[i]! - t[i - 1]!));
      return peak;
    };
    expect(await peakSpeed(0.1)).toBeLessThan(0.8 * (await peakSpeed(0.025)));
  });

  it('stops streaming and says "user" when disconnected', async () => {
    const { unit, scheduler, batches, disconnected } = demo();
    await unit.connect();
    scheduler.advance(100);
    await unit.disconnect();
    const count = batches.length;
    scheduler.advance(1000);
    expect(batches.length).toBe(count);
    expect(disconnected).toEqual(['user']);
    expect(scheduler.pending).toBe(0);
  });

  it('cancels a pending automatic set on disconnect', async () => {
    const { unit, scheduler } = demo();
    await unit.connect();
    await unit.calibrate();
    await unit.disconnect();
    expect(scheduler.pending).toBe(0);
  });
});

describe('the Demo unit dropping the link', () => {
  it('says "device", sends nothing while dropped and refuses commands', async () => {
    const { unit, scheduler, batches, disconnected } = demo();
    await unit.connect();
    scheduler.advance(1000);
    unit.simulateDrop(2000);
    const count = batches.length;
    scheduler.advance(1500);
    expect(batches.length).toBe(count);
    expect(disconnected).toEqual(['device']);
    await expect(unit.calibrate()).rejects.toThrow('ErrorUseBluetoothApiReplineCalibrate: No unit is connected');
  });

  it('is out of reach until the outage is over, then streams on the same clock without the lost samples', async () => {
    const { unit, scheduler, times } = demo();
    await unit.connect();
    scheduler.advance(1000);
    const before = times().length;
    const lastBefore = times().at(-1)!;
    unit.simulateDrop(2000);
    scheduler.advance(1900);
    await expect(unit.reconnect()).rejects.toThrow('ErrorUseBluetoothApiReplineConnect: The demo unit is out of reach');
    scheduler.advance(200);
    await expect(unit.reconnect()).resolves.toMatchObject({ id: 'demo' });
    scheduler.advance(1000);
    const t = times();
    expect(t.every((v, i) => i === 0 || v > t[i - 1]!)).toBe(true);
    // Nothing made during the 2.1 s without a link arrives; about a second (200 samples) after it does.
    expect(t[before]! - lastBefore).toBeGreaterThan(2_000_000);
    expect(t.length - before).toBeGreaterThan(190);
    expect(t.length - before).toBeLessThan(210);
  });

  it('keeps the calibration and the set in progress across the reconnect', async () => {
    const { unit, scheduler, angles } = demo({ autoSet: false });
    await unit.connect();
    await unit.calibrate();
    unit.startSet(6);
    scheduler.advance(3000);
    unit.simulateDrop(500);
    scheduler.advance(600);
    await unit.reconnect();
    scheduler.advance(6000);
    const after = angles().slice(-600);
    // The athlete is still pulling after the reconnect: the rope travels hundreds of degrees.
    expect(Math.max(...after) - Math.min(...after)).toBeGreaterThan(500);
  });

  it('gives the dropped unit up on a user disconnect', async () => {
    const { unit, scheduler, disconnected } = demo();
    await unit.connect();
    unit.simulateDrop(100);
    await unit.disconnect();
    scheduler.advance(200);
    expect(disconnected).toEqual(['device', 'user']);
    await expect(unit.reconnect()).rejects.toThrow('ErrorUseBluetoothApiReplineConnect: No unit to reconnect to: connect one first');
    expect(scheduler.pending).toBe(0);
  });
});

