// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InertiaCard } from './InertiaCard';
import { TargetCard } from './TargetCard';

afterEach(cleanup);

describe('InertiaCard', () => {
  it('shows the inertia in kg·m² and opens its dialog', async () => {
    const onOpen = vi.fn();
    render(<InertiaCard inertia={0.15} windupOnReset={false} boost={0} onOpen={onOpen} />);
    const card = screen.getByRole('button', { name: /Inertia/ });
    expect(card.textContent).toContain('0.15 kg·m²');
    expect(card.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.setup().click(card);
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('shows no icons with windup and boost off', () => {
    const { container } = render(<InertiaCard inertia={0} windupOnReset={false} boost={0} onOpen={() => {}} />);
    expect(container.querySelectorAll('[data-icon]')).toHaveLength(0);
  });

  it('shows the windup icon and the boost percent when they are on', () => {
    const { container } = render(<InertiaCard inertia={0.1} windupOnReset boost={25} onOpen={() => {}} />);
    expect(container.querySelector('[data-icon="windup"]')).not.toBeNull();
    expect(container.querySelector('[data-icon="boost"]')).not.toBeNull();
    expect(screen.getByRole('button').textContent).toContain('25%');
  });
});

describe('TargetCard', () => {
  it('shows the reps excluding warmup with the target name, "1 rep" and "7 reps" without a goal (issue 31, point 10)', () => {
    render(<TargetCard goal={null} counted={6} target="Fatigue" voice={false} onOpen={() => {}} />);
    const card = screen.getByRole('button', { name: /Target/ });
    expect(card.textContent).toMatch(/Fatigue Loss\s*6 reps$/);
    cleanup();
    render(<TargetCard goal={null} counted={1} target="None" voice={false} onOpen={() => {}} />);
    expect(screen.getByRole('button').textContent).toMatch(/None\s*1 rep$/);
  });

  it('shows the planned reps as "6 / 8" when there is a rep goal', () => {
    render(<TargetCard counted={6} goal={8} target="None" voice={false} onOpen={() => {}} />);
    expect(screen.getByRole('button').textContent).toContain('6 / 8 reps');
  });

  it('never shows fewer than 0 reps', () => {
    render(<TargetCard goal={null} counted={-2} target="None" voice={false} onOpen={() => {}} />);
    expect(screen.getByRole('button').textContent).toMatch(/None\s*0 reps$/);
  });

  it('shows the voice icon only while voice feedback is on', () => {
    const { container, rerender } = render(<TargetCard goal={null} counted={0} target="None" voice onOpen={() => {}} />);
    expect(container.querySelector('[data-icon="voice"]')).not.toBeNull();
    rerender(<TargetCard goal={null} counted={0} target="None" voice={false} onOpen={() => {}} />);
    expect(container.querySelector('[data-icon="voice"]')).toBeNull();
  });
});
