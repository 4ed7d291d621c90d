// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { synthesizeSet } from '../../device';
import { buildDebugCsv, buildSessionCsv } from '../../csv';
import { reprocess } from '../../engine';
import type { App } from '../../compose/compose';
import { composeTestApp, endTestApp, renderWithApp } from '../../compose/testing/testApp';
import { createFakeUnit } from '../../device/testing/fakeUnit';
import { AlertRegion } from '../../app/AlertRegion';
import TestScreen from './TestScreen';

let app: App;
const render = (ui: ReactElement) => renderWithApp(ui, app);
const connectUnit = (unit: Parameters<App['link']['connect']>[0]) => app.link.connect(unit);

beforeEach(() => {
  app = composeTestApp();
});

afterEach(() => endTestApp(app));

const SET = synthesizeSet({ reps: 3, seed: 3, restAfterS: 1.5 });

function debugFile(): File {
  const csv = buildDebugCsv({ timeUs: Float64Array.from(SET.timeUs), angleDeg: Float64Array.from(SET.angleDeg) });
  return new File([csv], 'session-debug.csv', { type: 'text/csv' });
}

function renderPage() {
  render(
    <>
      <TestScreen />
      <AlertRegion />
    </>,
  );
  return userEvent.setup();
}

describe('the test page', () => {
  it('shows the live stream: samples received, warnings and the newest samples', async () => {
    renderPage();
    const unit = createFakeUnit();
    await act(() => connectUnit(unit));
    act(() => {
      unit.emitSamples({ timeUs: [1000, 6000, 11000], angleDeg: [1.5, 2.25, 3] });
      unit.emitWarning({ kind: 'time-not-increasing', message: 'skipped a sample whose time went backwards' });
    });
    await waitFor(() => expect(screen.getByTestId('received').textContent).toBe('3'));
    expect(screen.getByText('Last warning: skipped a sample whose time went backwards')).toBeTruthy();
    expect(screen.getByText('11000')).toBeTruthy();
    expect(screen.getByText('3.00')).toBeTruthy();
  });

  it('says how noisy and irregular the live stream is, and asks to check a noisy sensor', async () => {
    renderPage();
    expect(screen.getByTestId('signal-quality').textContent).toBe('Signal quality: not enough samples yet');
    const unit = createFakeUnit();
    await act(() => connectUnit(unit));
    // 200 Hz, still at 500° with ±3° of alternating noise: every sample departs by 6° from the
    // line through its neighbours, read as σ = 1.4826 × 6 / √1.5 = 7.26°.
    const timeUs = Array.from({ length: 400 }, (_, i) => 1000 + 5000 * i);
    act(() => unit.emitSamples({ timeUs, angleDeg: timeUs.map((_, i) => 500 + (i % 2 === 0 ? 3 : -3)) }));
    await waitFor(() => expect(screen.getByTestId('signal-quality').textContent).toMatch(/^Signal quality: 200 Hz, timing jitter 0.00 ms, angle noise 7.26° over the newest 400 samples\. Check the sensor/));
    expect(screen.getByTestId('signal-quality').className).toContain('warning');
  });

  it('imports a debug CSV, reprocesses it at a chosen rate, and leaves the live session alone', async () => {
    const user = renderPage();
    await user.upload(screen.getByLabelText('Debug or session CSV file'), debugFile());
    expect(await screen.findByText(`session-debug.csv: ${SET.timeUs.length} samples`)).toBeTruthy();
    await user.clear(screen.getByLabelText('Sampling rate'));
    await user.type(screen.getByLabelText('Sampling rate'), '100');
    await user.click(screen.getByRole('button', { name: 'Reprocess' }));
    expect(await screen.findByText(/^3 reps at 100 Hz/)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Reprocessed reps' })).toBeTruthy();
    expect(app.session.reps.value).toEqual([]);
    expect(app.session.raw().timeUs).toHaveLength(0);
  });

  it('warns of rows dropped from a debug CSV and of one recorded below the rate the engine’s figures need', async () => {
    const user = renderPage();
    // The set at 20 Hz, its third data row written twice.
    const every = Math.round(50_000 / (SET.timeUs[1]! - SET.timeUs[0]!));
    const keep = (_: number, i: number) => i % every === 0;
    const lines = buildDebugCsv({ timeUs: Float64Array.from(SET.timeUs.filter(keep)), angleDeg: Float64Array.from(SET.angleDeg.filter(keep)) }).split('\r\n');
    lines.splice(4, 0, lines[3]!);
    await user.upload(screen.getByLabelText('Debug or session CSV file'), new File([lines.join('\r\n')], 'coarse.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/^Warning: 1 row dropped because the time was not after the row before .*, the first at row 5\.$/)).toBeTruthy();
    expect(screen.getByText(/^Warning: recorded at 20 Hz \(a sample every 50(\.\d)? ms\), below the 100 Hz the engine's figures need/)).toBeTruthy();
  });

  it('names the row and column of a broken file', async () => {
    const user = renderPage();
    const bad = new File(['#,Angle,Time (µs),Angular Velocity (rad/s),Angular Acceleration (rad/s²)\n1,abc,5000,0,0\n'], 'bad.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Debug or session CSV file'), bad);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toMatch(/^Import of bad\.csv failed: .*row.*Angle/i));
  });

  it('imports the app’s own session CSV: its raw samples reprocessed like a debug file’s, at the session’s inertia', async () => {
    const user = renderPage();
    const samples = { timeUs: Float64Array.from(SET.timeUs), angleDeg: Float64Array.from(SET.angleDeg) };
    const reps = reprocess(samples, { inertia: 0.05 }).reps;
    const csv = buildSessionCsv({
      date: new Date(Date.UTC(2025, 5, 1)),
      firmware: { major: 6, minor: 2, patch: 0 },
      mass: 72,
      inertia: 0.05,
      reps,
      plates: [{ plate: 0.05, count: 1 }],
      raw: samples,
      sets: { restS: 20, warmup: 1, metric: 'velocity', phase: 'concentric' },
    });
    await user.upload(screen.getByLabelText('Debug or session CSV file'), new File(['\uFEFF' + csv], 'Repline-1-session.csv', { type: 'text/csv' }));
    expect(await screen.findByText(`Repline-1-session.csv: a session CSV, ${SET.timeUs.length} samples, mass 72 kg and inertia 0.05 kg·m² from the file`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reprocess' }));
    expect(await screen.findByText(/^3 reps at 200 Hz/)).toBeTruthy();
    expect(screen.queryByRole('alert')?.textContent ?? '').toBe('');
  });

  it('refuses any other file with one plain sentence, and trying again does not pile the messages up', async () => {
    const user = renderPage();
    const other = () => new File(['name,score\nAda,3\n'], 'scores.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Debug or session CSV file'), other());
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('scores.csv is not a Repline debug or session CSV, so it cannot be imported.'));
    await user.upload(screen.getByLabelText('Debug or session CSV file'), other());
    await user.upload(screen.getByLabelText('Debug or session CSV file'), new File(['#,Angle,Time (µs),Angular Velocity (rad/s),Angular Acceleration (rad/s²)\n1,abc,5000,0,0\n'], 'bad.csv'));
    await waitFor(() => expect(within(alert).getAllByText(/cannot be imported|failed/)).toHaveLength(1));
    expect(alert.textContent).toMatch(/^Import of bad\.csv failed: row 2/);
  });
});
