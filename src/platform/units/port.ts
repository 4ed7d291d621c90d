import type { Unit } from '../../device';

/** The units the Bluetooth button offers: a Bluetooth unit, or the Demo unit (a simulation). */
export type UnitChoice = 'bluetooth' | 'demo';

/**
 * Makes the unit the user chose, so the shell never names a transport: Web Bluetooth in a
 * browser, the Capacitor plugin inside the native shell, the Demo unit's physics anywhere, and
 * in-memory fakes in tests.
 */
export interface UnitFactory {
  /**
   * Starts loading the code that makes units, and settles once it is in. The shell calls it after
   * the first render, so by the time the user presses Connect the load is done and the press's
   * user activation is still fresh for the browser's device chooser.
   */
  preload(): Promise<void>;
  /** Whether "Bluetooth unit" can be offered (otherwise the Demo unit connects straight away). */
  bluetoothAvailable(): Promise<boolean>;
  make(choice: UnitChoice): Promise<Unit>;
}
