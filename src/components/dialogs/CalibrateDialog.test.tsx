// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalibrateDialog } from './CalibrateDialog';

afterEach(cleanup);

describe('CalibrateDialog', () => {
  it('is a dialog titled Calibrate with exactly the documented text', () => {
    render(<CalibrateDialog onCalibrate={async () => {}} onCancel={async () => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Calibrate' });
    expect(dialog.textContent).toContain(
      'First calibrate Repline by pulling the rope straight out and press the Calibrate button.',
    );
  });

  it('runs Calibrate and Cancel', async () => {
    const user = userEvent.setup();
    const onCalibrate = vi.fn(async () => {});
    const onCancel = vi.fn(async () => {});
    render(<CalibrateDialog onCalibrate={onCalibrate} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Calibrate' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCalibrate).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('takes Escape as Cancel, as its Cancel button does, but a tap beside it as nothing', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn(async () => {});
    render(<CalibrateDialog onCalibrate={async () => {}} onCancel={onCancel} />);
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(onCancel).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('moves focus into the dialog', () => {
    render(<CalibrateDialog onCalibrate={async () => {}} onCancel={async () => {}} />);
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });
});
