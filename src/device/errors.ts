/**
 * Device failures as one typed value (docs/behaviour.md §8). Every failing unit operation rejects with a
 * {@link UnitError} whose message is exactly `ErrorUseBluetoothApiRepline<Op>: <cause>`, the text
 * the app shows in its accessible in-app alert (device code never touches the DOM) before the
 * error is rethrown to the caller. The original error stays in `cause` for logs.
 *
 * Which operation names what (docs/behaviour.md §8 lists the names, not their scope):
 * - Init: Web Bluetooth is missing or the adapter is unavailable;
 * - Connect: anything in the connect sequence (chooser, GATT connect, discovery, notifications,
 *   motor off, boost 0);
 * - Disconnect, Calibrate, Motor, Windup, SetMotorBoost: the command of that name;
 * - Run: any other operation on a connected unit (reading or writing unit info), and any
 *   command attempted while no unit is connected is reported under its own name.
 */
import { describeError } from '../shared/describeError';

export const UNIT_OPERATIONS = ['Init', 'Run', 'Connect', 'Disconnect', 'Calibrate', 'Motor', 'Windup', 'SetMotorBoost'] as const;
export type UnitOperation = (typeof UNIT_OPERATIONS)[number];

const PRODUCT = 'Repline';

export class UnitError extends Error {
  override readonly name = 'UnitError';

  constructor(
    readonly op: UnitOperation,
    cause: unknown,
  ) {
    super(`ErrorUseBluetoothApi${PRODUCT}${op}: ${describeError(cause)}`, { cause });
  }

  /**
   * True when the user closed the device chooser without picking a unit. The app may skip the
   * alert then: nothing failed, the user changed their mind.
   */
  get userCancelled(): boolean {
    return this.op === 'Connect' && this.cause instanceof Error && this.cause.name === 'NotFoundError' && /cancel/i.test(this.cause.message);
  }
}

/** Wraps `cause` as a {@link UnitError} of `op`, leaving an existing UnitError as it is. */
export function toUnitError(op: UnitOperation, cause: unknown): UnitError {
  return cause instanceof UnitError ? cause : new UnitError(op, cause);
}

/** The error for a command issued while no unit is connected. */
export function notConnected(op: UnitOperation): UnitError {
  return new UnitError(op, new Error('No unit is connected'));
}
