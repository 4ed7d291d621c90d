// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InertiaDialog, type InertiaChoice } from './InertiaDialog';

afterEach(cleanup);

function Harness({ plates = [0, 0, 0, 0, 0], boostOptions = [0], onSave = async () => {}, onClose = () => {}, firstTime = false }: {
  plates?: number[];
  boostOptions?: number[];
  firstTime?: boolean;
  onSave?: (c: InertiaChoice) => Promise<void>;
  onClose?: () => void;
}) {
  return <InertiaDialog plates={plates} boost={0} boostOptions={boostOptions} windupOnReset={false} firstTime={firstTime} onSave={onSave} onClose={onClose} />;
}

describe('InertiaDialog', () => {
  it('shows the documented texts in a dialog named Inertia', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Inertia' });
    for (const text of [
      'Select which flywheels you are using',
      'Overload Boost',
      'Choose the motorized boost for the eccentric phase',
      'Windup on Reset',
      'Starts a count down then automatically winds in the rope',
    ]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    expect(within(dialog).getAllByRole('group', { name: /^Flywheel / })).toHaveLength(5);
  });

  it('adds the plates exactly, the total following each press, and saves them with the rest', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    render(<Harness onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Add one Flywheel 0.1' }));
    await user.click(screen.getByRole('button', { name: 'Add one Flywheel 0.05' }));
    await user.click(screen.getByRole('button', { name: 'Add one Flywheel 0.00625' }));
    expect(screen.getByLabelText('Total inertia').textContent).toBe('0.15625');
    expect(onSave).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ plates: [1, 1, 0, 0, 1], boost: 0, windupOnReset: false });
  });

  it('lists the unit’s boost range with 0 as Off and the rest as percent', () => {
    render(<Harness boostOptions={[0, 10, 15, 80]} />);
    const select = screen.getByRole('combobox', { name: 'Overload Boost' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Off', '10%', '15%', '80%']);
  });

  it('saves the chosen boost and windup', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => {});
    render(<Harness boostOptions={[0, 10, 20]} onSave={onSave} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Overload Boost' }), '20');
    await user.click(screen.getByRole('switch', { name: 'Windup on Reset' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ plates: [0, 0, 0, 0, 0], boost: 20, windupOnReset: true });
  });

  it('Cancel leaves without saving the plates, boost or windup drafts', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onSave = vi.fn();
    render(<Harness plates={[0, 1, 0, 0, 0]} onClose={onClose} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Add one Flywheel 0.1' }));
    await user.click(screen.getByRole('switch', { name: 'Windup on Reset' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('opened by the connect flow, says why it asks and can be skipped', async () => {
    const onClose = vi.fn();
    const onSave = vi.fn(async () => {});
    render(<Harness firstTime onClose={onClose} onSave={onSave} />);
    expect(screen.getByText(/Torque, force and power need the flywheel’s inertia/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });
});
