// @vitest-environment happy-dom
/**
 * The reconnect banner and the recovery offer as the user meets them: attempts with their count
 * and wait, the give-up line with its Reconnect button, the Bluetooth button while reconnecting,
 * and "Recover unfinished session?" answered with Recover.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualScheduler } from '../device/simulation/scheduler';
import { synthesizeSet } from '../device/simulation/physics';
import { DEFAULT_ENGINE_SETTINGS } from '../engine/settings';
import { SessionJournal } from '../journal/sessionJournal';
import { freshStore, manualTimer } from '../journal/testKit';
import { workoutSnapshot } from '../journal/sessionRecovery';
import { DEFAULT_SETTINGS } from '../rules/settingsModel';
import { createFakeUnit, FAKE_DEVICE } from '../device/testing/fakeUnit';
import type { App } from '../compose/compose';
import { composeTestApp, endTestApp, renderWithApp } from '../compose/testing/testApp';
import { BluetoothButton } from './BluetoothButton';
import ReconnectBanner from './ReconnectBanner';
import RecoveryDialog from './RecoveryDialog';
import { MemoryRouter } from 'react-router-dom';

let app: App;

beforeEach(() => {
  app = composeTestApp();
});

afterEach(() => endTestApp(app));

describe('the reconnect banner', () => {
  it('counts the attempts with their wait, then offers Reconnect once the app gives up', async () => {
    const user = userEvent.setup();
    const scheduler = createManualScheduler();
    app.dispose();
    app = composeTestApp({
      reconnectTiming: { after: scheduler.after, schedule: { initialDelayMs: 500, factor: 2, maxDelayMs: 1000, maxAttempts: 2, attemptTimeoutMs: 5000 } },
    });
    const unit = Object.assign(createFakeUnit('bluetooth'), { reconnect: () => Promise.reject(new Error('ErrorUseBluetoothApiReplineConnect: out of range')) });
    renderWithApp(
      <>
        <BluetoothButton />
        <div role="status" className="reconnect">
          <ReconnectBanner />
        </div>
      </>,
      app,
    );
    await act(() => app.link.connect(unit));
    act(() => unit.dropConnection());
    const banner = screen.getAllByRole('status').find((s) => s.classList.contains('reconnect'))!;
    expect(banner.textContent).toBe('Reconnecting… (attempt 1 of 2) — next try in 500 ms');
    expect(screen.getByRole('button', { name: 'Disconnect unit' }).textContent).toBe('Reconnecting…');
    await act(async () => {
      scheduler.advance(500);
      await Promise.resolve();
    });
    expect(banner.textContent).toBe('Reconnecting… (attempt 2 of 2) — next try in 1 s Last try: ErrorUseBluetoothApiReplineConnect: out of range');
    await act(async () => {
      scheduler.advance(1000);
      await Promise.resolve();
    });
    expect(banner.textContent).toContain('Could not reconnect to the unit. Check that it is on and nearby, then tap Reconnect.');
    await user.click(within(banner).getByRole('button', { name: 'Reconnect' }));
    expect(banner.textContent).toContain('Reconnecting… (attempt 1 of 2)');
  });
});

describe('the recovery offer', () => {
  it('shows the unfinished session and brings it back on Recover', async () => {
    const user = userEvent.setup();
    const store = await freshStore();
    const journal = new SessionJournal({ store, every: manualTimer().every, newId: () => 'cut', now: () => Date.UTC(2025, 5, 1, 7, 0) });
    journal.start({ settings: { engine: { ...DEFAULT_ENGINE_SETTINGS }, workout: workoutSnapshot(DEFAULT_SETTINGS) }, plates: [0, 0, 0, 0, 0], unitKind: 'demo', unit: FAKE_DEVICE });
    // 12 s of samples at 200 Hz: a set of three reps of the Demo unit's physics, then the rope at rest.
    const set = synthesizeSet({ reps: 3, seed: 4, inertia: 0.05, restAfterS: 1.5 });
    const timeUs = Array.from({ length: 2401 }, (_, i) => 1_000_000 + i * 5000);
    journal.append(timeUs, timeUs.map((_, i) => set.angleDeg[Math.min(i, set.angleDeg.length - 1)]!));
    await journal.flush();
    journal.dispose();
    app.dispose();
    app = composeTestApp({ openJournal: async () => store });
    await app.startBackground();
    renderWithApp(<MemoryRouter><RecoveryDialog /></MemoryRouter>, app);
    const dialog = await screen.findByRole('dialog', { name: 'Recover unfinished session?' });
    expect(within(dialog).getByText('12 s')).toBeTruthy();
    expect(within(dialog).getByText((2401).toLocaleString())).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Recover' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.journal.value?.offer.value).toBeNull();
    expect(app.session.raw().timeUs).toHaveLength(2401);
  });
});
