// @vitest-environment happy-dom
/**
 * The guided profile test over a connected test unit: the simulated athlete does one set at each
 * planned inertia, the screen sets the plates, counts each set's reps after its warmup, and fits
 * the profile from the test's sets: heavier flywheel, slower pull, and a maximum load above the
 * heaviest set.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { synthesizeSet } from '../../device/simulation/physics';
import { createFakeUnit, type FakeUnit } from '../../device/testing/fakeUnit';
import type { App } from '../../compose/compose';
import { composeTestApp, renderWithApp } from '../../compose/testing/testApp';

vi.mock('./ProfileCharts', () => ({ default: () => <p>charts drawn</p> }));
const { default: ProfileTestScreen } = await import('./ProfileTestScreen');

let app: App;

beforeEach(() => {
  app = composeTestApp();
});

afterEach(async () => {
  await act(() => app.link.disconnect());
  app.dispose();
  cleanup();
});

/** The athlete's next set at `inertia`: a warmup and three reps, 10 s after the last sample. */
function doSet(unit: FakeUnit, inertia: number, seed: number, after: { us: number; angle: number | undefined }): void {
  const set = synthesizeSet({ reps: 4, seed, inertia, restAfterS: 1.5, startTimeUs: after.us + 10e6, startAngleDeg: after.angle });
  for (let i = 0; i < set.timeUs.length; i += 10) unit.emitSamples({ timeUs: set.timeUs.slice(i, i + 10), angleDeg: set.angleDeg.slice(i, i + 10) });
  after.us = set.timeUs.at(-1)!;
  after.angle = set.endAngleDeg;
}

describe('the guided profile test', () => {
  it('asks for the unit before it starts', () => {
    renderWithApp(<MemoryRouter><ProfileTestScreen /></MemoryRouter>, app);
    expect(screen.getByText('Connect the unit to start the test.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start the test' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('walks through three inertias, setting the plates, and fits the profile from its sets', async () => {
    const user = userEvent.setup();
    const unit = createFakeUnit();
    await act(() => app.link.connect(unit));
    renderWithApp(<MemoryRouter><ProfileTestScreen /></MemoryRouter>, app);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Inertias' }), '3');
    expect(screen.getByRole('list', { name: 'Planned sets' }).textContent).toBe('0.025 kg·m²: 1 × 0.025 kg·m²0.0625 kg·m²: 1 × 0.05 + 1 × 0.0125 kg·m²0.1 kg·m²: 1 × 0.1 kg·m²');
    await user.click(screen.getByRole('button', { name: 'Start the test' }));

    const after = { us: 0, angle: undefined as number | undefined };
    for (const [i, inertia] of [0.025, 0.0625, 0.1].entries()) {
      expect(screen.getByRole('heading', { name: `Set ${i + 1} of 3: ${inertia} kg·m²` })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Plates are on' }));
      expect(app.session.loads.value.at(-1)!.inertia).toBe(inertia);
      expect(screen.getByText(/^0 \/ 3 reps/)).toBeTruthy();
      act(() => doSet(unit, inertia, 11 + i, after));
      await waitFor(() => expect(screen.getByText(/^3 \/ 3 reps · last \d\.\d\d m\/s$/)).toBeTruthy());
      await user.click(screen.getByRole('button', { name: i === 2 ? 'See the profile' : 'Next inertia' }));
    }

    expect(app.session.loads.value.map((span) => span.inertia)).toEqual([0.025, 0.0625, 0.1]);
    const velocity = screen.getByText(/× inertia m\/s/).textContent!;
    // Heavier flywheel, slower pull: the line falls.
    expect(velocity).toMatch(/^\d\.\d\d − \d+\.\d\d × inertia m\/s \(R² 0\.\d\d\)$/);
    const maxLoad = Number(/^(\d\.\d+) kg·m²/.exec(screen.getByText(/kg·m² \(acceleration fit R²/).textContent!)![1]);
    expect(maxLoad).toBeGreaterThan(0.1);
    expect(await screen.findByText('charts drawn')).toBeTruthy();
  });
});
