// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { synthesizeSet } from '../../device';
import { buildDebugCsv } from '../../csv';
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
    await user.upload(screen.getByLabelText('Debug CSV file'), debugFile());
    expect(await screen.findByText(`session-debug.csv: ${SET.timeUs.length} samples`)).toBeTruthy();
    await user.clear(screen.getByLabelText('Sampling rate'));
    await user.type(screen.getByLabelText('Sampling rate'), '100');
    await user.click(screen.getByRole('button', { name: 'Reprocess' }));
    expect(await screen.findByText(/^3 reps at 100 Hz/)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Reprocessed reps' })).toBeTruthy();
    expect(app.session.reps.value).toEqual([]);
    expect(app.session.raw().timeUs).toHaveLength(0);
  });

  it('names the row and column of a broken file', async () => {
    const user = renderPage();
    const bad = new File(['#,Angle,Time (µs),Angular Velocity (rad/s),Angular Acceleration (rad/s²)\n1,abc,5000,0,0\n'], 'bad.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Debug CSV file'), bad);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toMatch(/^Import of bad\.csv failed: .*row.*Angle/i));
  });
});
