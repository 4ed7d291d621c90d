/** The unit factory of tests (the `units` port's double): it makes in-memory fake units and keeps each for the test to drive. */
import { createFakeDemoUnit, createFakeUnit, type FakeDemoUnit, type FakeUnit } from '../../../device/testing/fakeUnit';
import type { UnitFactory } from '../port';

export interface FakeUnitFactory extends UnitFactory {
  /** Every unit made so far, by choice, oldest first. */
  readonly made: { demo: FakeDemoUnit[]; bluetooth: FakeUnit[] };
  /** Whether "Bluetooth unit" is offered, as where the browser has Web Bluetooth (true unless a test says not). */
  webBluetooth: boolean;
}

export function createFakeUnitFactory(): FakeUnitFactory {
  const made: FakeUnitFactory['made'] = { demo: [], bluetooth: [] };
  const factory: FakeUnitFactory = {
    made,
    webBluetooth: true,
    preload: async () => {},
    bluetoothAvailable: async () => factory.webBluetooth,
    async make(choice) {
      if (choice === 'demo') {
        const unit = createFakeDemoUnit();
        made.demo.push(unit);
        return unit;
      }
      const unit = createFakeUnit('bluetooth');
      made.bluetooth.push(unit);
      return unit;
    },
  };
  return factory;
}

