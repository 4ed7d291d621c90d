import { describe, expect, it } from 'vitest';
import { notConnected, toUnitError, UNIT_OPERATIONS, UnitError } from './errors';

describe('UnitError', () => {
  it.each(UNIT_OPERATIONS)('names %s failures as docs/behaviour.md §8 does, followed by the cause', (op) => {
    expect(new UnitError(op, new Error('boom')).message).toBe(`ErrorUseBluetoothApiRepline${op}: boom`);
  });

  it('keeps the cause and the operation', () => {
    const cause = new Error('GATT failed');
    const error = new UnitError('Calibrate', cause);
    expect(error.cause).toBe(cause);
    expect(error.op).toBe('Calibrate');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('UnitError');
  });

  it('includes the name of a DOMException cause, which says what went wrong', () => {
    const cause = new DOMException('GATT operation already in progress.', 'NetworkError');
    expect(new UnitError('Motor', cause).message).toBe('ErrorUseBluetoothApiReplineMotor: NetworkError: GATT operation already in progress.');
  });

  it('describes a cause that is not an Error', () => {
    expect(new UnitError('Run', 'lost').message).toBe('ErrorUseBluetoothApiReplineRun: lost');
  });

  it('reads the message of an error-like rejection, as a native plugin gives one', () => {
    expect(new UnitError('Connect', { message: 'Bluetooth LE not initialized', code: 'UNAVAILABLE' }).message).toBe(
      'ErrorUseBluetoothApiReplineConnect: Bluetooth LE not initialized',
    );
  });

  it('recognises the user closing the device chooser', () => {
    const cancelled = new UnitError('Connect', new DOMException('User cancelled the requestDevice() chooser.', 'NotFoundError'));
    const missing = new UnitError('Connect', new DOMException('No Services matching UUID found in Device.', 'NotFoundError'));
    expect(cancelled.userCancelled).toBe(true);
    expect(missing.userCancelled).toBe(false);
  });

  it('does not wrap a UnitError twice', () => {
    const inner = new UnitError('Windup', new Error('x'));
    expect(toUnitError('Run', inner)).toBe(inner);
    expect(toUnitError('Run', new Error('y')).message).toBe('ErrorUseBluetoothApiReplineRun: y');
  });

  it('says when no unit is connected', () => {
    expect(notConnected('SetMotorBoost').message).toBe('ErrorUseBluetoothApiReplineSetMotorBoost: No unit is connected');
  });
});
