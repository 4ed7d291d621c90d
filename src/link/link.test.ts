import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestLink } from '../compose/testing/testLink';
import { createFakeUnit, FAKE_DEVICE } from '../device/testing/fakeUnit';
import { repSamples } from '../workout/testing/fakeEngine';

let t: ReturnType<typeof createTestLink>;
beforeEach(() => {
  t = createTestLink();
});
afterEach(async () => {
  await t.link.disconnect();
  t.link.dispose();
});

describe('connection', () => {
  it('connects, learns firmware and unit info, zeroes the boost and opens Calibrate', async () => {
    t.stores.connection.boostPercent.value = 30;
    await t.link.connect(createFakeUnit());
    expect(t.stores.connection.state.value.status).toBe('connected');
    expect(t.stores.connection.firmware.value).toEqual(FAKE_DEVICE.firmware);
    expect(t.stores.connection.unitInfo.value).toEqual(FAKE_DEVICE.info);
    expect(t.stores.connection.boostPercent.value).toBe(0);
    expect(t.stores.connection.calibrateOpen.value).toBe(true);
  });

  it('calibrates and closes the modal', async () => {
    const unit = createFakeUnit();
    await t.link.connect(unit);
    await t.link.calibrate();
    expect(unit.calls).toContain('calibrate');
    expect(t.stores.connection.calibrateOpen.value).toBe(false);
  });

  it('keeps the modal open when calibration fails, and passes the error on', async () => {
    const unit = createFakeUnit();
    unit.fail.set('calibrate', new Error('ErrorUseBluetoothApiReplineCalibrate: GATT busy'));
    await t.link.connect(unit);
    await expect(t.link.calibrate()).rejects.toThrow('ErrorUseBluetoothApiReplineCalibrate: GATT busy');
    expect(t.stores.connection.calibrateOpen.value).toBe(true);
  });

  it('Cancel closes the modal and disconnects', async () => {
    const unit = createFakeUnit();
    await t.link.connect(unit);
    await t.link.cancelCalibration();
    expect(t.stores.connection.calibrateOpen.value).toBe(false);
    expect(unit.calls).toContain('disconnect');
    expect(t.stores.connection.state.value.status).toBe('disconnected');
  });

  it('returns to disconnected when connecting fails', async () => {
    const unit = createFakeUnit();
    unit.fail.set('connect', new Error('ErrorUseBluetoothApiReplineConnect: no device'));
    await expect(t.link.connect(unit)).rejects.toThrow(/no device/);
    expect(t.stores.connection.state.value.status).toBe('disconnected');
    expect(t.session.live.value).toBe(false);
  });

  it('refuses a second connection while one is open', async () => {
    await t.link.connect(createFakeUnit());
    await expect(t.link.connect(createFakeUnit())).rejects.toThrow(/already connected/);
  });

  it('keeps the reps and says so when the device drops the link', async () => {
    const unit = createFakeUnit();
    await t.link.connect(unit);
    unit.emitSamples(repSamples(0, 90));
    unit.dropConnection();
    expect(t.stores.connection.state.value.status).toBe('disconnected');
    expect(t.session.reps.value).toHaveLength(1);
    expect(t.stores.alerts.errors.value.map((e) => e.message)).toEqual([
      'The unit disconnected. Your reps stay on screen; connect again to start a new set.',
    ]);
  });

  it('writes the boost only when it changes', async () => {
    const unit = createFakeUnit();
    await t.link.connect(unit);
    await t.link.saveBoost(0);
    await t.link.saveBoost(40);
    expect(unit.calls.filter((c) => c.startsWith('setBoost'))).toEqual(['setBoost(40)']);
    expect(t.stores.connection.boostPercent.value).toBe(40);
  });

  it('writes unit info to the unit', async () => {
    const unit = createFakeUnit();
    await t.link.connect(unit);
    await t.link.saveUnitInfo({ type: 5.2, number: 12, name: 'Garage' });
    expect(unit.calls).toContain('writeUnitInfo(5.2-12-Garage)');
    expect(t.stores.connection.unitInfo.value).toEqual({ type: 5.2, number: 12, name: 'Garage' });
  });

  it('refuses unit commands while disconnected', async () => {
    await expect(t.link.saveBoost(10)).rejects.toThrow('No unit is connected');
  });

  it('tells the demo unit about the plates the user picks', async () => {
    const unit = Object.assign(createFakeUnit('demo'), {
      inertias: [] as number[],
      startSet() {},
      setInertia(kgm2: number) {
        this.inertias.push(kgm2);
      },
    });
    await t.link.connect(unit);
    t.stores.settings.update({ plates: [1, 1, 0, 0, 0] });
    expect(unit.inertias.at(-1)).toBe(0.15);
  });

  it('tells what follows it (the journal) of each connection, and stops once it unfollows', async () => {
    const heard: string[] = [];
    const unfollow = t.link.follow({
      connecting: () => heard.push('connecting') < 0,
      connected: () => void heard.push('connected'),
      connectFailed: () => void heard.push('connect failed'),
      end: async () => void heard.push('end'),
      reset: async () => void heard.push('reset'),
    });
    await t.link.connect(createFakeUnit());
    t.link.reset();
    await t.link.disconnect();
    const failing = createFakeUnit();
    failing.fail.set('connect', new Error('ErrorUseBluetoothApiReplineConnect: no device'));
    await expect(t.link.connect(failing)).rejects.toThrow(/no device/);
    unfollow();
    await t.link.connect(createFakeUnit());
    await t.link.disconnect();
    expect(heard).toEqual(['connecting', 'connected', 'reset', 'end', 'connecting', 'connect failed']);
  });

  it('carries the session on when what follows it says the connection continues it', async () => {
    const first = createFakeUnit();
    await t.link.connect(first);
    first.emitSamples(repSamples(0, 90));
    await t.link.disconnect();
    t.link.follow({ connecting: () => true, connected: () => {}, connectFailed: () => {}, end: async () => {}, reset: async () => {} });
    await t.link.connect(createFakeUnit());
    expect(t.session.reps.value).toHaveLength(1);
  });
});
