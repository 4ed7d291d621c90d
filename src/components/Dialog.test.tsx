// @vitest-environment happy-dom
/**
 * Escape closes the dialog on top wherever the focus is: on the card that opened it, on the page
 * after a focused button was disabled (a stepper's minus at 0), or inside it; Tab brings a focus
 * that strayed back inside.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogButtons } from './Dialog';

afterEach(cleanup);

function Page({ onClose, onOuterClose }: { onClose: () => void; onOuterClose?: () => void }) {
  return (
    <>
      <button type="button">Inertia card</button>
      {onOuterClose && (
        <Dialog title="Below" onClose={onOuterClose} actions={<button type="button">Below's button</button>}>
          <p>under the other</p>
        </Dialog>
      )}
      <Dialog title="On top" onClose={onClose} actions={<DialogButtons onCancel={onClose} confirmLabel="Save" onConfirm={() => {}} />}>
        <p>body</p>
      </Dialog>
      <button type="button">Reset</button>
    </>
  );
}

describe('a dialog', () => {
  it('closes on Escape with the focus still on the card that opened it', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    screen.getByRole('button', { name: 'Inertia card' }).focus();
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes on Escape with the focus lost to the page', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('leaves Escape to the dialog on top only', async () => {
    const onClose = vi.fn();
    const onOuterClose = vi.fn();
    render(<Page onClose={onClose} onOuterClose={onOuterClose} />);
    await userEvent.setup().keyboard('{Escape}');
    expect([onClose.mock.calls.length, onOuterClose.mock.calls.length]).toEqual([1, 0]);
  });

  it('brings a focus that strayed outside back in on Tab', async () => {
    render(<Page onClose={() => {}} />);
    screen.getByRole('button', { name: 'Reset' }).focus();
    await userEvent.setup().tab();
    expect(screen.getByRole('dialog', { name: 'On top' }).contains(document.activeElement)).toBe(true);
  });
});
