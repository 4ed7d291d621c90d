// @vitest-environment happy-dom
/**
 * The live path end to end inside the page: a test double unit streams a physically simulated
 * set (the device layer's `synthesizeSet`), the real wasm engine finds the reps, and the Workout
 * screen shows them. Goldens are the simulation's ground truth, not the engine's own output.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { synthesizeSet, type SynthesizedSet } from '../../device';
import type { App } from '../../compose/compose';
import { composeTestApp, endTestApp, renderWithApp, type TestPorts } from '../../compose/testing/testApp';
import type { WorkoutSettings } from '../../rules/settingsModel';
import { createFakeDemoUnit, type FakeDemoUnit } from '../../device/testing/fakeUnit';

vi.mock('../../components/chart/PlotlyRepChart', () => import('../../components/chart/testing/repChartDouble'));

const { WorkoutScreen } = await import('./WorkoutScreen');
const { AlertRegion } = await import('../../app/AlertRegion');

let app: App & { ports: TestPorts };
const settings = () => app.stores.settings.current;
const updateSettings = (patch: Partial<WorkoutSettings>) => app.stores.settings.update(patch);
const connectUnit = (unit: Parameters<App['link']['connect']>[0]) => app.link.connect(unit);
const disconnectUnit = () => app.link.disconnect();

/** Four reps, the first a warmup, with rest after the last so the engine can close it. */
const SET: SynthesizedSet = synthesizeSet({ reps: 4, seed: 7, inertia: 0.025, restAfterS: 1.5 });

function stream(unit: FakeDemoUnit, set: SynthesizedSet): void {
  for (let i = 0; i < set.timeUs.length; i += 5) {
    unit.emitSamples({ timeUs: set.timeUs.slice(i, i + 5), angleDeg: set.angleDeg.slice(i, i + 5) });
  }
}

async function connected(): Promise<FakeDemoUnit> {
  const unit = createFakeDemoUnit();
  await act(() => connectUnit(unit));
  return unit;
}

function rows() {
  return screen.getAllByRole('row').slice(1).map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent));
}

beforeEach(() => {
  app = composeTestApp();
  updateSettings({ plates: [0, 0, 1, 0, 0], view: 'table' });
  renderWithApp(
    <>
      <WorkoutScreen />
      <AlertRegion />
    </>,
    app,
  );
});

afterEach(async () => {
  await endTestApp(app);
});

describe('the Workout screen', () => {
  it('is titled Workout and asks to connect while there is no rep', () => {
    expect(screen.getByRole('heading', { name: 'Workout' })).toBeTruthy();
    expect(screen.getByText('Start to use Repline, make sure your unit is connected')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers every documented metric label with its unit, plus power', () => {
    const select = screen.getByRole('combobox', { name: 'Mean' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Velocity (m/s)',
      'Acceleration (m/s²)',
      'Torque (N·m)',
      'Tangential Force (N)',
      'Linear Force (N)',
      'Net Force (N)',
      'Power (W)',
    ]);
  });

  it('fills the table from a streamed set with the simulated mean velocities', async () => {
    const unit = await connected();
    act(() => stream(unit, SET));
    await act(() => disconnectUnit());
    await waitFor(() => expect(rows()).toHaveLength(4));
    const table = rows();
    expect(table.map((r) => r[0])).toEqual(['W', '1', '2', '3']);
    SET.reps.forEach((truth, i) => {
      expect(Number(table[i][1])).toBeCloseTo(truth.concentricMeanVelocity, 1);
      expect(Number(table[i][2])).toBeCloseTo(truth.eccentricMeanVelocity, 1);
    });
    expect(screen.getByRole('button', { name: /^Target:/ }).textContent).toMatch(/None3 reps$/);
  });

  it('keeps the reps on screen when the device drops the link', async () => {
    const unit = await connected();
    act(() => {
      stream(unit, SET);
      unit.dropConnection();
    });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByRole('alert').textContent).toContain('The unit disconnected');
  });

  it('says on screen when the unit’s samples were skipped or its clock broke, and not before', async () => {
    const unit = await connected();
    act(() => stream(unit, SET));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(document.querySelector('.stream-note')).toBeNull();
    const clock = "The unit's clock went back (raw time 0 µs after 90000 µs): samples continue after a break, and the rep in progress is not counted";
    act(() => {
      unit.emitWarning({ kind: 'time-jump', message: 'Skipped 1 sample(s) whose time jumps more than 1 s ahead' });
      unit.emitWarning({ kind: 'clock-break', message: clock });
    });
    await waitFor(() => expect(document.querySelector('.stream-note')?.textContent).toBe(`Problems with the unit's samples this set: 2. Latest: ${clock}`));
  });

  it('switches between Graph and Table with pressed states', async () => {
    const user = userEvent.setup();
    const unit = await connected();
    act(() => stream(unit, SET));
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    await user.click(screen.getByRole('button', { name: 'Graph' }));
    expect(screen.getByRole('button', { name: 'Graph' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText(/^chart drawn:/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('swaps the phase and shows its name and latest value', async () => {
    const user = userEvent.setup();
    const unit = await connected();
    act(() => stream(unit, SET));
    await act(() => disconnectUnit());
    const latest = screen.getByTestId('latest-value');
    expect(screen.getByText('Concentric', { selector: '.phase-bar__name' })).toBeTruthy();
    expect(Number.parseFloat(latest.textContent ?? '')).toBeCloseTo(SET.reps[3].concentricMeanVelocity, 1);
    await user.click(screen.getByRole('button', { name: 'Swap phase' }));
    expect(screen.getByText('Eccentric', { selector: '.phase-bar__name' })).toBeTruthy();
    expect(Number.parseFloat(latest.textContent ?? '')).toBeCloseTo(SET.reps[3].eccentricMeanVelocity, 1);
  });

  it('shows the best rep, and the latest rep’s change against it only when non-zero', async () => {
    const unit = await connected();
    act(() => stream(unit, SET));
    await act(() => disconnectUnit());
    const best = screen.getByText(/Best rep was/);
    expect(best.textContent).toMatch(/Best rep was \d\.\d\d m\/s \(rep \d\)/);
    const view = app.session.reps.value.slice(1).map((r) => r.concentric.velocity);
    const bestValue = Math.max(...view);
    const change = ((view[view.length - 1] - bestValue) / bestValue) * 100;
    if (change === 0) expect(best.textContent).not.toContain('latest');
    else expect(best.textContent).toContain(`latest ${change.toFixed(2)}\u00a0% vs best`);
  });

  it('judges a Fatigue set: best rep, Percent Drop, dimmed rows and the set complete', async () => {
    updateSettings({ target: 'Fatigue', targets: { 'velocity.concentric': { targetValue: null, dropValue: 1, dropPercent: true } } });
    const unit = await connected();
    act(() => stream(unit, SET));
    await act(() => disconnectUnit());
    const counted = app.session.reps.value.slice(1).map((r) => r.concentric.velocity);
    const best = Math.max(...counted);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain(`Percent Drop (vs best ${best.toFixed(2)} m/s)`);
    const marks = screen.getAllByRole('row').slice(1).map((r) => r.getAttribute('data-valid'));
    expect(marks[0]).toBe('false');
    const expected = counted.map((v) => String(v >= best * 0.99));
    expect(marks.slice(1)).toEqual(expected);
    if (counted[counted.length - 1] < best * 0.99) expect(screen.getByText(/Set complete/)).toBeTruthy();
  });

  it('judges nothing against a target nobody set: a velocity Zone leaves Power and the eccentric unjudged, and says so', async () => {
    // A Zone above every rep of the set on concentric velocity: each counted rep is outside it.
    updateSettings({ target: 'Zone', targets: { 'velocity.concentric': { targetValue: 3, dropValue: 12.5, dropPercent: true } } });
    const unit = await connected();
    act(() => stream(unit, SET));
    await act(() => disconnectUnit());
    expect((await screen.findByRole('region', { name: 'Latest rep' })).textContent).toContain('outside the target');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Percent Drop (vs target 3.00 m/s)');
    expect(screen.queryByText(/its reps are not judged/)).toBeNull();
    for (const patch of [{ metric: 'power' as const }, { metric: 'velocity' as const, phase: 'eccentric' as const }]) {
      act(() => updateSettings(patch));
      const region = screen.getByRole('region', { name: 'Latest rep' });
      expect(region.textContent).not.toContain('outside the target');
      expect(region.getAttribute('data-tone')).toBe('valid');
      expect(screen.getAllByRole('row').slice(1).map((r) => r.getAttribute('data-valid'))).toEqual(['false', 'true', 'true', 'true']);
      expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain(expect.stringMatching(/^Percent Drop/));
      expect(screen.getByText(/its reps are not judged/).textContent).toMatch(/^No Zone target for (Power \(W\), concentric|Velocity \(m\/s\), eccentric): its reps are not judged\.\s*Set one$/);
    }
  });

  it('says each rep’s value when voice feedback is on', async () => {
    updateSettings({ isVoiceFeedback: true });
    await app.voiceReady;
    const unit = await connected();
    // One slice per rep, cut 0.3 s into the next pull (a rep closes when the next one starts),
    // with an animation frame after each, as in real time.
    const cuts = [...SET.reps.slice(1).map((r) => r.startUs + 300_000), Number.POSITIVE_INFINITY];
    let from = 0;
    for (const cut of cuts) {
      const to = SET.timeUs.findIndex((t) => t > cut);
      const end = to < 0 ? SET.timeUs.length : to;
      act(() => stream(unit, { ...SET, timeUs: SET.timeUs.slice(from, end), angleDeg: SET.angleDeg.slice(from, end) }));
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      from = end;
    }
    await act(() => disconnectUnit());
    expect(app.ports.spoken.spoken).toEqual(app.session.reps.value.map((r) => r.concentric.velocity.toFixed(2)));
    expect(app.ports.spoken.spoken).toHaveLength(4);
  });

  it('exports the session CSV and confirms it', async () => {
    const user = userEvent.setup();
    const unit = await connected();
    act(() => stream(unit, SET));
    await act(() => disconnectUnit());
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Metrics shared: Repline-.*\.csv is in your downloads\.$/));
    const { shared } = app.ports.shared;
    expect(shared).toHaveLength(1);
    expect(shared[0].fileName).toMatch(/^Repline-.*\.csv$/);
    expect(shared[0].csv).toContain('Firmware');
    expect(shared[0].csv).toContain(String(SET.timeUs[0]));
  });

  it('shows a failed share in the alert region', async () => {
    const user = userEvent.setup();
    app.ports.shared.answer = new DOMException('Share canceled', 'AbortError');
    const unit = await connected();
    act(() => stream(unit, SET));
    await act(() => disconnectUnit());
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('ErrorUseShareApiCsvShare: AbortError: Share canceled'));
  });

  it('Start demo set asks the demo unit for a set', async () => {
    const user = userEvent.setup();
    const unit = await connected();
    await user.click(screen.getByRole('button', { name: 'Start demo set' }));
    expect(unit.sets).toEqual([undefined]);
  });

  it('Reset asks first, keeps the set on Cancel, and says the session went to History', async () => {
    await app.startBackground();
    const user = userEvent.setup();
    const unit = await connected();
    act(() => stream(unit, SET));
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the session?' });
    expect(confirm.textContent).toContain('The session so far, 3 reps after the warmup, is kept in History; a new one starts with your next rep.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(rows()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reset the session?' })).getByRole('button', { name: 'Reset' }));
    expect(screen.getByText('The unit is connected: pull the rope to start a set.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('status').map((r) => r.textContent)).toContain('Session saved in History (3 reps). A new one starts with your next rep.'));
    await waitFor(async () => expect((await app.journal.value!.history()).map((entry) => entry.reps)).toEqual([3]));
  });

  it('Reset asks nothing while there is no rep to lose', async () => {
    await connected();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Reset clears the set; with Windup on Reset it counts 3-2-1 and winds the rope in', async () => {
    updateSettings({ windupOnReset: true });
    const unit = await connected();
    act(() => stream(unit, SET));
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the session?' });
    vi.useFakeTimers();
    try {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Reset' }));
      // Still connected: the empty state points at the rope, not at connecting.
      expect(screen.getByText('The unit is connected: pull the rope to start a set.')).toBeTruthy();
      expect(screen.getByRole('timer', { name: 'Windup countdown' }).textContent).toBe('3');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('timer').textContent).toBe('2');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('timer').textContent).toBe('1');
      expect(unit.calls).not.toContain('windup');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.queryByRole('timer')).toBeNull();
      expect(unit.calls).toContain('windup');
    } finally {
      vi.useRealTimers();
    }
  });

  it('changing the plates after a set keeps its figures, tells the demo unit, and the next set is at the new inertia', async () => {
    const user = userEvent.setup();
    const unit = await connected();
    act(() => stream(unit, SET));
    // The engine closes the last rep once the rope has rested, so all four show while streaming.
    await waitFor(() => expect(rows()).toHaveLength(4));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mean' }), 'torque');
    const before = rows().map((row) => row[1]);
    await user.click(screen.getByRole('button', { name: /^Inertia/ }));
    await user.click(await screen.findByRole('button', { name: 'Add one Flywheel 0.025' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Inertia/ }).textContent).toContain('0.05 kg·m²'));
    expect(rows().map((row) => row[1])).toEqual(before);
    expect(unit.inertias.at(-1)).toBe(0.05);
    // The same motion again, 5 s later (no long rest): the plate change alone makes it a set.
    // τ = I·α: with twice the inertia, each rep has twice the torque of its twin in the first set.
    const again = synthesizeSet({ reps: 4, seed: 7, inertia: 0.025, restAfterS: 1.5, startTimeUs: SET.timeUs.at(-1)! + 5_000_000, startAngleDeg: SET.endAngleDeg });
    act(() => stream(unit, again));
    await waitFor(() => expect(app.session.reps.value).toHaveLength(8));
    const [first, second] = [app.session.reps.value.slice(0, 4), app.session.reps.value.slice(4)];
    second.forEach((rep, i) => expect(rep.concentric.torque / first[i]!.concentric.torque).toBeCloseTo(2, 1));
    const sets = within(screen.getByRole('region', { name: 'Sets' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(sets[0]).toMatch(/^Set 1: 0.025\u00a0kg·m², boost Off · 3 reps/);
    expect(sets[1]).toMatch(/^Set 2 \(current\): 0.05\u00a0kg·m², boost Off · 3 reps/);
  });

  it.each(['Cancel', 'Escape'])('leaves the plates as they were on %s in the Inertia dialog, whatever the steppers showed', async (way) => {
    const user = userEvent.setup();
    const unit = await connected();
    act(() => updateSettings({ plates: [0, 1, 0, 0, 0] }));
    await user.click(screen.getByRole('button', { name: /^Inertia/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Inertia' });
    await user.click(within(dialog).getByRole('button', { name: 'Add one Flywheel 0.1' }));
    expect(within(dialog).getByLabelText('Total inertia').textContent).toBe('0.15');
    if (way === 'Cancel') await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    else await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Inertia' })).toBeNull());
    expect(settings().value.plates).toEqual([0, 1, 0, 0, 0]);
    expect(screen.getByRole('button', { name: /^Inertia/ }).textContent).toContain('0.05 kg·m²');
    expect(app.session.loads.value.map((span) => span.inertia)).toEqual([0.05]);
    expect(unit.inertias.at(-1)).toBe(0.05);
  });

  it('Save in the Inertia dialog writes a changed boost to the unit and shows it on the card', async () => {
    const user = userEvent.setup();
    const unit = await connected();
    await user.click(screen.getByRole('button', { name: /^Inertia/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Inertia' });
    const options = within(dialog).getAllByRole('option').map((o) => o.textContent);
    expect(options[0]).toBe('Off');
    expect(options.at(-1)).toBe('80%');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Overload Boost' }), '20');
    await user.click(within(dialog).getByRole('switch', { name: 'Windup on Reset' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(unit.calls).toContain('setBoost(20)');
    expect(settings().value.windupOnReset).toBe(true);
    expect(screen.getByRole('button', { name: /^Inertia/ }).textContent).toContain('20%');
  });

  it('keeps the Inertia dialog open and shows why when the unit refuses the boost', async () => {
    const user = userEvent.setup();
    const unit = await connected();
    unit.fail.set('setBoost', new Error('ErrorUseBluetoothApiReplineSetMotorBoost: GATT operation failed'));
    await user.click(screen.getByRole('button', { name: /^Inertia/ }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Overload Boost' }), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('ErrorUseBluetoothApiReplineSetMotorBoost: GATT operation failed');
    expect(screen.getByRole('dialog', { name: 'Inertia' })).toBeTruthy();
  });

  it('the Target dialog applies the target and voices the toggle', async () => {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Target:/ }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Target type' }), 'Zone');
    await user.click(screen.getByRole('switch', { name: 'Voice Feedback' }));
    expect(app.ports.spoken.spoken).toEqual(['Voice Feedback Enabled']);
    await user.click(screen.getByRole('switch', { name: 'Voice Feedback' }));
    expect(app.ports.spoken.spoken).toEqual(['Voice Feedback Enabled', 'Voice Feedback Disabled']);
    await user.click(screen.getByRole('switch', { name: 'Voice Feedback' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(settings().value).toMatchObject({ target: 'Zone', isVoiceFeedback: true });
    const card = screen.getByRole('button', { name: /^Target:/ });
    expect(card.textContent).toContain('Zone');
    expect(card.querySelector('[data-icon="voice"]')).not.toBeNull();
  });

  it('shows the latest rep as the big live number, with the reps over the goal and "Set done"', async () => {
    updateSettings({ repGoal: 3 });
    const unit = await connected();
    act(() => stream(unit, SET));
    await act(() => disconnectUnit());
    await waitFor(() => expect(rows()).toHaveLength(4));
    const big = screen.getByRole('region', { name: 'Latest rep' });
    expect(screen.getByTestId('live-number').textContent).toBe(`${rows()[3][1]}\u00a0m/s`);
    expect(big.textContent).toContain('Rep 3 · Concentric');
    expect(big.textContent).toContain('3 / 3 reps · Set done');
    expect(big.getAttribute('data-tone')).toBe('valid');
    expect(screen.getByRole('button', { name: /^Target:/ }).textContent).toContain('3 / 3 reps');
  });

  it('shows a rep’s concentric at the turn, before its return ends, with "…" for the eccentric', async () => {
    const unit = await connected();
    const second = SET.reps[1];
    // Up to the middle of the second rep's return: its turn is certain, the rep is not closed.
    const cut = SET.timeUs.findIndex((t) => t > (second.turnUs + second.endUs) / 2);
    act(() => stream(unit, { ...SET, timeUs: SET.timeUs.slice(0, cut), angleDeg: SET.angleDeg.slice(0, cut) }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(app.session.reps.value).toHaveLength(1);
    const [label, concentric, eccentric] = rows()[1];
    expect([label, eccentric]).toEqual(['1', '…']);
    expect(Number(concentric)).toBeCloseTo(second.concentricMeanVelocity, 1);
    expect(screen.getByTestId('live-number').textContent).toBe(`${concentric}\u00a0m/s`);
  });

  it('keeps the last known eccentric/concentric ratio on the big number while a rep’s return is under way, never a passing "–" (issue 31, point 9)', async () => {
    await act(() => app.startBackground());
    act(() => app.team.value!.updateActive({ bigNumber: 'ratio' }));
    const unit = await connected();
    const second = SET.reps[1];
    const cut = SET.timeUs.findIndex((t) => t > (second.turnUs + second.endUs) / 2);
    act(() => stream(unit, { ...SET, timeUs: SET.timeUs.slice(0, cut), angleDeg: SET.angleDeg.slice(0, cut) }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const first = app.session.reps.value[0]!;
    expect(screen.getByTestId('live-number').textContent).toBe(`${first.peakPowerRatio.toFixed(2)}\u00a0×`);
    expect(screen.getByRole('region', { name: 'Latest rep' }).textContent).toContain('Warmup · Eccentric/Concentric Peak Power · rep 1 under way');
  });

  it('shows "–" and asks for the plates while a metric needs the inertia and none are chosen', async () => {
    updateSettings({ plates: [0, 0, 0, 0, 0], metric: 'torque' });
    const unit = await connected();
    act(() => stream(unit, SET));
    await act(() => disconnectUnit());
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows().flatMap((r) => r.slice(1))).toEqual(Array(8).fill('–'));
    expect(screen.getByTestId('live-number').textContent).toBe('–\u00a0N·m');
    expect(screen.getByTestId('latest-value').textContent).toBe('–');
    expect(screen.getByText('Torque (N·m) needs the flywheel’s inertia: choose your plates.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Choose plates' }));
    expect(await screen.findByRole('dialog', { name: 'Inertia' })).toBeTruthy();
    act(() => updateSettings({ metric: 'velocity' }));
    expect(screen.queryByText(/needs the flywheel’s inertia/)).toBeNull();
  });

  it('keeps a target per metric and phase: switching metric shows that metric’s target', async () => {
    const user = userEvent.setup();
    const openTarget = async () => {
      await user.click(screen.getByRole('button', { name: /^Target:/ }));
      return screen.findByRole('dialog', { name: 'Target' });
    };
    await openTarget();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target type' }), 'Zone');
    await user.type(screen.getByLabelText('Target value'), '1,1');
    await user.type(screen.getByLabelText('Drop'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    act(() => updateSettings({ metric: 'power' }));
    await openTarget();
    expect(screen.getByText('Value and drop for Power (W), concentric')).toBeTruthy();
    // Nobody set a Power target: the fields are empty, and Power is not judged until they are filled.
    expect((screen.getByLabelText('Target value') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Not set yet: Power (W), concentric is not judged until both fields are filled in.')).toBeTruthy();
    await user.type(screen.getByLabelText('Target value'), '450');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    act(() => updateSettings({ metric: 'velocity' }));
    await openTarget();
    expect((screen.getByLabelText('Target value') as HTMLInputElement).value).toBe('1.1');
    expect(settings().value.targets).toEqual({
      'velocity.concentric': { targetValue: 1.1, dropValue: 10, dropPercent: true },
      'power.concentric': { targetValue: 450, dropValue: null, dropPercent: true },
    });
  });

  it('turns the eccentric-overload column on and off, and remembers it', async () => {
    const unit = await connected();
    act(() => stream(unit, SET));
    await act(() => disconnectUnit());
    await waitFor(() => expect(rows()).toHaveLength(4));
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Show eccentric overload' }));
    expect(settings().value.showOverload).toBe(true);
    const overload = rows().map((r) => r.at(-1)!);
    // Each closed rep: eccentric over concentric peak power, then mean power, two decimals each.
    app.session.reps.value.forEach((rep, i) => expect(overload[i]).toBe(`${rep.peakPowerRatio.toFixed(2)} / ${rep.meanPowerRatio.toFixed(2)}`));
    await user.click(screen.getByRole('checkbox', { name: 'Show eccentric overload' }));
    expect(screen.queryByRole('columnheader', { name: /Overload/ })).toBeNull();
  });

  it('starts a new set after a long rest: the table shows it numbered from its own warmup, the list shows both', async () => {
    const unit = await connected();
    act(() => stream(unit, SET));
    const lastUs = SET.timeUs[SET.timeUs.length - 1]!;
    // 30 s later (the set rest is 20 s), the same athlete does a second set of four.
    const second = synthesizeSet({ reps: 4, seed: 8, inertia: 0.025, restAfterS: 1.5, startTimeUs: lastUs + 30_000_000, startAngleDeg: SET.endAngleDeg });
    act(() => stream(unit, second));
    await act(() => disconnectUnit());
    await waitFor(() => expect(app.session.reps.value).toHaveLength(8));
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(['W', '1', '2', '3']));
    second.reps.forEach((truth, i) => expect(Number(rows()[i]![1])).toBeCloseTo(truth.concentricMeanVelocity, 1));
    expect(screen.getByRole('button', { name: /^Target:/ }).textContent).toMatch(/None3 reps$/);
    const sets = within(screen.getByRole('region', { name: 'Sets' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(sets).toHaveLength(2);
    expect(sets[0]).toMatch(/^Set 1: 0.025\u00a0kg·m², boost Off · 3 reps/);
    expect(sets[1]).toMatch(/^Set 2 \(current\): 0.025\u00a0kg·m², boost Off · 3 reps/);
  });
});
