/**
 * Overrides of `app/unitMakers.ts` for component tests: units are the in-memory fakes and Web
 * Bluetooth availability is a switch.
 *
 *     vi.mock('./unitMakers', async (real) => ({ ...(await real()), ...(await import('./testing/deviceMock')).deviceMock }));
 */
import { vi } from 'vitest';
import { createFakeDemoUnit, createFakeUnit, type FakeDemoUnit, type FakeUnit } from '../../device/testing/fakeUnit';

export const made: { demo: FakeDemoUnit[]; bluetooth: FakeUnit[] } = { demo: [], bluetooth: [] };

export const deviceMock = {
  isWebBluetoothAvailable: vi.fn(() => true),
  createSimulatedUnit: vi.fn(() => {
    const unit = createFakeDemoUnit();
    made.demo.push(unit);
    return unit;
  }),
  createWebBluetoothUnit: vi.fn(() => {
    const unit = createFakeUnit('bluetooth');
    made.bluetooth.push(unit);
    return unit;
  }),
};
