// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearNotices, showError, showStatus } from '../stores/alerts';
import { settingsLoadError } from '../stores/settings';
import { AlertRegion } from './AlertRegion';

afterEach(() => {
  clearNotices();
  cleanup();
  vi.useRealTimers();
});

describe('AlertRegion', () => {
  it('keeps both live regions in the page even when empty', () => {
    render(<AlertRegion />);
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows errors until dismissed, never more than three', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<AlertRegion />);
    act(() => ['one', 'two', 'three', 'four'].forEach((message) => showError(message)));
    const alert = screen.getByRole('alert');
    expect(Array.from(alert.querySelectorAll('p'), (p) => p.textContent)).toEqual(['two', 'three', 'four']);
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Dismiss' })[0]);
    expect(Array.from(alert.querySelectorAll('p'), (p) => p.textContent)).toEqual(['three', 'four']);
  });

  it('shows the same error once, however often it happens, the newest last', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<AlertRegion />);
    act(() => ['The share failed', 'Storage is full', 'The share failed', 'The share failed'].forEach((message) => showError(message)));
    expect(Array.from(screen.getByRole('alert').querySelectorAll('p'), (p) => p.textContent)).toEqual(['Storage is full', 'The share failed']);
  });

  it('offers the remedy an error comes with as a button, and reports the remedy failing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const run = vi.fn().mockRejectedValueOnce(new Error('share refused')).mockResolvedValue(undefined);
    render(<AlertRegion />);
    act(() => void showError('Storage is full', { label: 'Export CSV', run }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain('share refused');
    await user.click(screen.getAllByRole('button', { name: 'Export CSV' })[0]);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('shows a confirmation and lets it fade after six seconds', () => {
    vi.useFakeTimers();
    render(<AlertRegion />);
    act(() => showStatus('Metrics shared: Repline.csv is in your downloads.'));
    expect(screen.getByRole('status').textContent).toBe('Metrics shared: Repline.csv is in your downloads.');
    act(() => vi.advanceTimersByTime(5900));
    expect(screen.getByRole('status').textContent).toBe('Metrics shared: Repline.csv is in your downloads.');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('tells the user once when stored settings could not be used', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    settingsLoadError.value = 'Saved settings were reset to defaults: warmup must be one of 1, 2, 3, got 9';
    render(<AlertRegion />);
    expect(screen.getByRole('alert').textContent).toContain('warmup must be one of 1, 2, 3, got 9');
    expect(settingsLoadError.value).toBeNull();
  });
});
