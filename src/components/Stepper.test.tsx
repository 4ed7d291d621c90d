// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Stepper } from './Stepper';

afterEach(cleanup);

function Harness({ step, start }: { step: number; start: number }) {
  const [value, setValue] = useState(start);
  return <Stepper label="Flywheel" step={step} modelValue={value} onChange={setValue} />;
}

describe('Stepper', () => {
  it.each([
    { step: 10000, shown: '0.1' },
    { step: 5000, shown: '0.05' },
    { step: 2500, shown: '0.025' },
    { step: 1250, shown: '0.0125' },
    { step: 625, shown: '0.00625' },
  ])('shows step $step as $shown beside its label', ({ step, shown }) => {
    render(<Harness step={step} start={0} />);
    expect(screen.getByRole('group', { name: `Flywheel ${shown}` })).toBeTruthy();
  });

  it('counts up by one with no upper bound and back down to 0, where minus is disabled', async () => {
    const user = userEvent.setup();
    render(<Harness step={10000} start={0} />);
    const plus = screen.getByRole('button', { name: 'Add one Flywheel 0.1' });
    const minus = screen.getByRole('button', { name: 'Remove one Flywheel 0.1' }) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    for (let i = 0; i < 12; i++) await user.click(plus);
    expect(screen.getByRole('status').textContent).toBe('12');
    expect(minus.disabled).toBe(false);
    await user.click(minus);
    expect(screen.getByRole('status').textContent).toBe('11');
  });

  it('cannot go below 0', async () => {
    const user = userEvent.setup();
    render(<Harness step={625} start={1} />);
    const minus = screen.getByRole('button', { name: /Remove one/ }) as HTMLButtonElement;
    await user.click(minus);
    await user.click(minus);
    expect(screen.getByRole('status').textContent).toBe('0');
    expect(minus.disabled).toBe(true);
  });

  it('refuses a negative model value with a clear error', () => {
    expect(() => Stepper({ label: 'Flywheel', step: 625, modelValue: -1, onChange: () => {} })).toThrow(/non-negative integer, got -1/);
  });
});
