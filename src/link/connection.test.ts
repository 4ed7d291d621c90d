import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeUnit, FAKE_DEVICE } from '../device/testing/fakeUnit';
import { errors } from '../stores/alerts';
import { boostPercent, calibrateOpen, connection, firmware, unitInfo } from '../stores/connection';
import { updateSettings } from '../stores/settings';
import { repSamples } from '../workout/testing/fakeEngine';
import { createTestLink } from './testing/testLink';

const { session, link } = createTestLink();
const { calibrate, cancelCalibration, connect: connectUnit, disconnect: disconnectUnit, saveBoost, saveUnitInfo } = link;

beforeEach(async () => {
  await disconnectUnit();
  errors.value = [];
});

describe('connection', () => {
  it('connects, learns firmware and unit info, zeroes the boost and opens Calibrate', async () => {
    boostPercent.value = 30;
    await connectUnit(createFakeUnit());
    expect(connection.value.status).toBe('connected');
    expect(firmware.value).toEqual(FAKE_DEVICE.firmware);
    expect(unitInfo.value).toEqual(FAKE_DEVICE.info);
    expect(boostPercent.value).toBe(0);
    expect(calibrateOpen.value).toBe(true);
  });

  it('calibrates and closes the modal', async () => {
    const unit = createFakeUnit();
    await connectUnit(unit);
    await calibrate();
    expect(unit.calls).toContain('calibrate');
    expect(calibrateOpen.value).toBe(false);
  });

  it('keeps the modal open when calibration fails, and passes the error on', async () => {
    const unit = createFakeUnit();
    unit.fail.set('calibrate', new Error('ErrorUseBluetoothApiReplineCalibrate: GATT busy'));
    await connectUnit(unit);
    await expect(calibrate()).rejects.toThrow('ErrorUseBluetoothApiReplineCalibrate: GATT busy');
    expect(calibrateOpen.value).toBe(true);
  });

  it('Cancel closes the modal and disconnects', async () => {
    const unit = createFakeUnit();
    await connectUnit(unit);
    await cancelCalibration();
    expect(calibrateOpen.value).toBe(false);
    expect(unit.calls).toContain('disconnect');
    expect(connection.value.status).toBe('disconnected');
  });

  it('returns to disconnected when connecting fails', async () => {
    const unit = createFakeUnit();
    unit.fail.set('connect', new Error('ErrorUseBluetoothApiReplineConnect: no device'));
    await expect(connectUnit(unit)).rejects.toThrow(/no device/);
    expect(connection.value.status).toBe('disconnected');
    expect(session.live.value).toBe(false);
  });

  it('refuses a second connection while one is open', async () => {
    await connectUnit(createFakeUnit());
    await expect(connectUnit(createFakeUnit())).rejects.toThrow(/already connected/);
  });

  it('keeps the reps and says so when the device drops the link', async () => {
    const unit = createFakeUnit();
    await connectUnit(unit);
    unit.emitSamples(repSamples(0, 90));
    unit.dropConnection();
    expect(connection.value.status).toBe('disconnected');
    expect(session.reps.value).toHaveLength(1);
    expect(errors.value.map((e) => e.message)).toEqual([
      'The unit disconnected. Your reps stay on screen; connect again to start a new set.',
    ]);
  });

  it('writes the boost only when it changes', async () => {
    const unit = createFakeUnit();
    await connectUnit(unit);
    await saveBoost(0);
    await saveBoost(40);
    expect(unit.calls.filter((c) => c.startsWith('setBoost'))).toEqual(['setBoost(40)']);
    expect(boostPercent.value).toBe(40);
  });

  it('writes unit info to the unit', async () => {
    const unit = createFakeUnit();
    await connectUnit(unit);
    await saveUnitInfo({ type: 5.2, number: 12, name: 'Garage' });
    expect(unit.calls).toContain('writeUnitInfo(5.2-12-Garage)');
    expect(unitInfo.value).toEqual({ type: 5.2, number: 12, name: 'Garage' });
  });

  it('refuses unit commands while disconnected', async () => {
    await expect(saveBoost(10)).rejects.toThrow('No unit is connected');
  });

  it('tells the demo unit about the plates the user picks', async () => {
    const unit = Object.assign(createFakeUnit('demo'), {
      inertias: [] as number[],
      startSet() {},
      setInertia(kgm2: number) {
        this.inertias.push(kgm2);
      },
    });
    await connectUnit(unit);
    updateSettings({ plates: [1, 1, 0, 0, 0] });
    expect(unit.inertias.at(-1)).toBe(0.15);
  });
});
