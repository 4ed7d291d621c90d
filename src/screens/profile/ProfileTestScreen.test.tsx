// @vitest-environment happy-dom
/**
 * The guided profile test over a connected test unit: the simulated athlete does one set at each
 * planned inertia, the screen sets the plates, counts each set's reps after its warmup, and fits
 * the profile from the test's sets: heavier flywheel, slower pull, and a maximum load above the
 * heaviest set.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { StoragePort } from '../../platform/storage/port';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { synthesizeSet } from '../../device/simulation/physics';
import { createFakeDemoUnit, createFakeUnit, type FakeUnit } from '../../device/testing/fakeUnit';
import type { App } from '../../compose/compose';
import { composeTestApp, renderWithApp, type TestPorts } from '../../compose/testing/testApp';
import { DEFAULT_ENGINE_SETTINGS } from '../../engine/settings';
import { SessionJournal } from '../../journal/sessionJournal';
import { workoutSnapshot } from '../../journal/sessionRecovery';
import { freshStore, manualTimer } from '../../journal/testKit';
import { DEFAULT_SETTINGS } from '../../rules/settingsModel';

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
  it('asks for the unit before it starts', async () => {
    renderWithApp(<MemoryRouter><ProfileTestScreen /></MemoryRouter>, app);
    expect(await screen.findByText('Connect the unit to start the test.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start the test' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('walks through three inertias, setting the plates, and fits the profile from its sets', async () => {
    const user = userEvent.setup();
    const unit = createFakeUnit();
    await act(() => app.link.connect(unit));
    renderWithApp(<MemoryRouter><ProfileTestScreen /></MemoryRouter>, app);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Inertias' }), '3');
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

  it('keeps its set-up and progress when the user goes to another screen and comes back, and across a reload', async () => {
    const user = userEvent.setup();
    const unit = createFakeUnit();
    await act(() => app.link.connect(unit));
    const page = () => renderWithApp(<MemoryRouter><ProfileTestScreen /></MemoryRouter>, app);
    page();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Inertias' }), '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reps per inertia' }), '2');
    await user.click(screen.getByRole('button', { name: 'Start the test' }));
    await user.click(screen.getByRole('button', { name: 'Plates are on' }));
    const after = { us: 0, angle: undefined as number | undefined };
    act(() => doSet(unit, 0.025, 11, after));
    await waitFor(() => expect(screen.getByText(/^2 \/ 2 reps · last/)).toBeTruthy());

    // To the Workout screen and back: the test is where it was.
    cleanup();
    page();
    expect(await screen.findByRole('heading', { name: 'Set 1 of 3: 0.025 kg·m²' })).toBeTruthy();
    expect(screen.getByText(/^2 \/ 2 reps · last/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next inertia' }));
    expect(screen.getByRole('heading', { name: 'Set 2 of 3: 0.0625 kg·m²' })).toBeTruthy();

    // A reload: a new app on the same storage.
    const storage: StoragePort = (app.ports as TestPorts).memory;
    cleanup();
    await act(() => app.link.disconnect());
    app.dispose();
    app = composeTestApp({ storage: () => storage });
    page();
    expect(await screen.findByRole('heading', { name: 'Set 2 of 3: 0.0625 kg·m²' })).toBeTruthy();
    expect(screen.getByText('Put on 1 × 0.05 + 1 × 0.0125 kg·m².')).toBeTruthy();
  });

  it('has its own Start demo set with the Demo unit, for the step’s warmup and reps', async () => {
    const user = userEvent.setup();
    const demo = createFakeDemoUnit();
    await act(() => app.link.connect(demo));
    renderWithApp(<MemoryRouter><ProfileTestScreen /></MemoryRouter>, app);
    await user.click(await screen.findByRole('button', { name: 'Start the test' }));
    expect(screen.queryByRole('button', { name: 'Start demo set' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Plates are on' }));
    await user.click(screen.getByRole('button', { name: 'Start demo set' }));
    // Warmup 1 and the default 3 reps.
    expect(demo.sets).toEqual([4]);
  });

  it('after a reload, says the test’s reps wait in the unfinished session and recovers it in place, not "0 / 3 reps" (issue 31, point 10)', async () => {
    const user = userEvent.setup();
    const unit = createFakeUnit();
    await act(() => app.link.connect(unit));
    // The unit streams the rope at rest before the athlete starts.
    act(() => unit.emitSamples({ timeUs: Array.from({ length: 200 }, (_, i) => i * 5000), angleDeg: Array.from({ length: 200 }, () => 0) }));
    renderWithApp(<MemoryRouter><ProfileTestScreen /></MemoryRouter>, app);
    await user.click(await screen.findByRole('button', { name: 'Start the test' }));
    await user.click(screen.getByRole('button', { name: 'Plates are on' }));
    const after = { us: 1e6, angle: undefined as number | undefined };
    act(() => doSet(unit, 0.025, 11, after));
    await waitFor(() => expect(screen.getByText(/^3 \/ 3 reps/)).toBeTruthy());

    // The page reloads mid-test: a new app on the same storage, the session it was recording
    // unfinished in the journal.
    const storage: StoragePort = (app.ports as TestPorts).memory;
    const raw = app.session.raw();
    cleanup();
    app.dispose();
    app = composeTestApp({
      storage: () => storage,
      openJournal: async () => {
        const store = await freshStore();
        const journal = new SessionJournal({ store, every: manualTimer().every, newId: () => 'reloaded', now: () => Date.UTC(2025, 4, 1) });
        journal.start({ settings: { engine: { ...DEFAULT_ENGINE_SETTINGS, inertia: 0.025 }, workout: workoutSnapshot({ ...DEFAULT_SETTINGS, plates: [0, 0, 1, 0, 0] }) }, plates: [0, 0, 1, 0, 0], unitKind: 'bluetooth', unit: null });
        journal.append(raw.timeUs, raw.angleDeg);
        await journal.flush();
        journal.dispose();
        return store;
      },
    });
    await app.startBackground();
    renderWithApp(<MemoryRouter><ProfileTestScreen /></MemoryRouter>, app);
    expect(await screen.findByText(/The page was reloaded: the reps of the test are in its unfinished session/)).toBeTruthy();
    expect(screen.queryByText(/0 \/ 3 reps/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Recover the test’s session' }));
    expect(await screen.findByText(/^3 \/ 3 reps/)).toBeTruthy();
  });
});
