// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../compose/compose';
import { composeTestApp, endTestApp, renderWithApp } from '../compose/testing/testApp';
import { AlertRegion } from './AlertRegion';

let app: App;
beforeEach(() => {
  app = composeTestApp();
});
afterEach(async () => {
  await endTestApp(app);
  vi.useRealTimers();
});

const render = () => renderWithApp(<AlertRegion />, app);

describe('AlertRegion', () => {
  it('keeps both live regions in the page even when empty', () => {
    render();
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows errors until dismissed, never more than three', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render();
    act(() => ['one', 'two', 'three', 'four'].forEach((message) => app.stores.alerts.showError(message)));
    const alert = screen.getByRole('alert');
    expect(Array.from(alert.querySelectorAll('p'), (p) => p.textContent)).toEqual(['two', 'three', 'four']);
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Dismiss' })[0]);
    expect(Array.from(alert.querySelectorAll('p'), (p) => p.textContent)).toEqual(['three', 'four']);
  });

  it('shows the same error once, however often it happens, the newest last', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render();
    act(() => ['The share failed', 'Storage is full', 'The share failed', 'The share failed'].forEach((message) => app.stores.alerts.showError(message)));
    expect(Array.from(screen.getByRole('alert').querySelectorAll('p'), (p) => p.textContent)).toEqual(['Storage is full', 'The share failed']);
  });

  it('offers the remedy an error comes with as a button, and reports the remedy failing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const run = vi.fn().mockRejectedValueOnce(new Error('share refused')).mockResolvedValue(undefined);
    render();
    act(() => void app.stores.alerts.showError('Storage is full', { label: 'Export CSV', run }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain('share refused');
    await user.click(screen.getAllByRole('button', { name: 'Export CSV' })[0]);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('shows a confirmation and lets it fade after six seconds', () => {
    vi.useFakeTimers();
    render();
    act(() => app.stores.alerts.showStatus('Metrics shared: Repline.csv is in your downloads.'));
    expect(screen.getByRole('status').textContent).toBe('Metrics shared: Repline.csv is in your downloads.');
    act(() => vi.advanceTimersByTime(5900));
    expect(screen.getByRole('status').textContent).toBe('Metrics shared: Repline.csv is in your downloads.');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('keeps a newer confirmation for its own six seconds', () => {
    vi.useFakeTimers();
    render();
    act(() => app.stores.alerts.showStatus('Settings saved'));
    act(() => vi.advanceTimersByTime(4000));
    act(() => app.stores.alerts.showStatus('Metrics shared web'));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('status').textContent).toBe('Metrics shared web');
    act(() => vi.advanceTimersByTime(2100));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('tells the user once when stored settings could not be used', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { loadError } = app.stores.settings;
    loadError.value = 'Saved settings were reset to defaults: warmup must be one of 1, 2, 3, got 9';
    render();
    expect(screen.getByRole('alert').textContent).toContain('warmup must be one of 1, 2, 3, got 9');
    expect(loadError.value).toBeNull();
  });
});
