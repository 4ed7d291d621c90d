// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TargetDialog, type TargetForm } from './TargetDialog';

afterEach(cleanup);

const initial: TargetForm = { target: 'None', targetValue: 0.9, dropPercent: true, dropValue: 0, repGoal: null, setRestS: 20, warmup: 1, isVoiceFeedback: false };

function open(overrides: Partial<TargetForm> = {}) {
  const onSave = vi.fn();
  const onVoiceToggle = vi.fn();
  const onClose = vi.fn();
  render(<TargetDialog initial={{ ...initial, ...overrides }} unit="m/s" scope="Velocity (m/s), concentric" onSave={onSave} onVoiceToggle={onVoiceToggle} onClose={onClose} />);
  return { onSave, onVoiceToggle, onClose, user: userEvent.setup() };
}

describe('TargetDialog', () => {
  it('shows the documented texts and target labels', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Target' });
    for (const text of ['Choose the target for your workout', 'Number of warmup repetitions', 'Voice Feedback', 'Voices the statistic after each repetition']) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    const type = screen.getByRole('combobox', { name: 'Target type' });
    expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'Minimum Threshold', 'Zone', 'Fatigue Loss']);
    const warmup = screen.getByRole('combobox', { name: 'Warmup' });
    expect(within(warmup).getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3']);
  });

  it.each([
    { target: 'None', value: false, drop: false },
    { target: 'Threshold', value: true, drop: false },
    { target: 'Zone', value: true, drop: true },
    { target: 'Fatigue', value: false, drop: true },
  ] as const)('for $target shows the value input: $value, the drop input: $drop', async ({ target, value, drop }) => {
    const { user } = open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target type' }), target);
    expect(screen.queryByLabelText('Target value') !== null).toBe(value);
    expect(screen.queryByLabelText('Drop') !== null).toBe(drop);
    expect(screen.queryByRole('group', { name: 'Drop in' }) !== null).toBe(drop);
  });

  it('Cancel leaves without saving', async () => {
    const { onSave, onClose, user } = open({ target: 'Zone' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the drop unit once: the %/unit toggle is the unit', () => {
    open({ target: 'Zone' });
    const dialog = screen.getByRole('dialog', { name: 'Target' });
    expect(within(dialog).getAllByText('%')).toHaveLength(1);
  });

  it('saves a Fatigue target with a 15 % drop and warmup 2', async () => {
    const { user, onSave } = open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target type' }), 'Fatigue');
    await user.clear(screen.getByLabelText('Drop'));
    await user.type(screen.getByLabelText('Drop'), '15');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Warmup' }), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ ...initial, target: 'Fatigue', dropValue: 15, warmup: 2 });
  });

  it('limits a percent drop to 100 but lets a unit drop go higher', async () => {
    const { user, onSave } = open({ target: 'Zone' });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await user.clear(screen.getByLabelText('Drop'));
    await user.type(screen.getByLabelText('Drop'), '120');
    expect(screen.getByText('Enter a number from 0 to 100')).toBeTruthy();
    expect(save.disabled).toBe(true);
    await user.click(within(screen.getByRole('group', { name: 'Drop in' })).getByRole('button', { name: 'm/s' }));
    expect(screen.queryByText('Enter a number from 0 to 100')).toBeNull();
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ target: 'Zone', dropPercent: false, dropValue: 120 }));
  });

  it('refuses a target value that is not a number, and keeps Save disabled', async () => {
    const { user, onSave } = open({ target: 'Threshold' });
    await user.clear(screen.getByLabelText('Target value'));
    await user.type(screen.getByLabelText('Target value'), 'high');
    expect(screen.getByText('Enter a number')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('speaks the voice toggle at once', async () => {
    const { user, onVoiceToggle } = open();
    const toggle = screen.getByRole('switch', { name: 'Voice Feedback' });
    await user.click(toggle);
    await user.click(toggle);
    expect(onVoiceToggle.mock.calls).toEqual([[true], [false]]);
  });

  it('names the metric and phase the value and drop are for', async () => {
    const { user } = open();
    expect(screen.queryByText(/Value and drop for/)).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target type' }), 'Zone');
    expect(screen.getByText('Value and drop for Velocity (m/s), concentric')).toBeTruthy();
  });

  it('saves a rep goal, and None clears it', async () => {
    const { user, onSave } = open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rep goal' }), '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ ...initial, repGoal: 8 });
    cleanup();
    const again = open({ repGoal: 8 });
    await again.user.selectOptions(screen.getByRole('combobox', { name: 'Rep goal' }), 'None');
    await again.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(again.onSave).toHaveBeenLastCalledWith({ ...initial, repGoal: null });
  });

  it('leaves a target nobody set empty, says it is not judged, and saves the rest without making one up', async () => {
    const { user, onSave } = open({ target: 'Zone', targetValue: null, dropValue: null });
    expect((screen.getByLabelText('Target value') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Drop') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Not set yet: Velocity (m/s), concentric is not judged until both fields are filled in.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Warmup' }), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ ...initial, target: 'Zone', targetValue: null, dropValue: null, warmup: 3 });
  });

  it('sets a Threshold with its value alone, the drop left as it was', async () => {
    const { user, onSave } = open({ target: 'Threshold', targetValue: null, dropValue: null });
    expect(screen.getByText('Not set yet: Velocity (m/s), concentric is not judged until the field above is filled in.')).toBeTruthy();
    await user.type(screen.getByLabelText('Target value'), '0.72');
    expect(screen.queryByText(/Not set yet/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ ...initial, target: 'Threshold', targetValue: 0.72, dropValue: null });
  });
});
