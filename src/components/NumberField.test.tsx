// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberField, numberProblem } from './NumberField';

afterEach(cleanup);

describe('numberProblem', () => {
  it.each([
    { text: '0.9', min: undefined, max: undefined, problem: null },
    { text: ' 12 ', min: 0, max: undefined, problem: null },
    { text: '.5', min: 0, max: 100, problem: null },
    { text: '1e2', min: 0, max: 100, problem: null },
    { text: '', min: undefined, max: undefined, problem: 'Enter a number' },
    { text: 'abc', min: undefined, max: undefined, problem: 'Enter a number' },
    { text: '1,5', min: undefined, max: undefined, problem: null },
    { text: '1,5,2', min: undefined, max: undefined, problem: 'Enter a number' },
    { text: '1.000,5', min: undefined, max: undefined, problem: 'Enter a number' },
    { text: '0x10', min: undefined, max: undefined, problem: 'Enter a number' },
    { text: 'Infinity', min: undefined, max: undefined, problem: 'Enter a number' },
    { text: '101', min: 0, max: 100, problem: 'Enter a number from 0 to 100' },
    { text: '-1', min: 0, max: undefined, problem: 'Enter a number of at least 0' },
  ])('says $problem for "$text"', ({ text, min, max, problem }) => {
    expect(numberProblem(text, min, max)).toBe(problem);
  });
});

describe('NumberField', () => {
  it('refuses letters with a visible message and reports no value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberField label="Target value" value={0.9} onChange={onChange} />);
    const input = screen.getByLabelText('Target value');
    await user.clear(input);
    await user.type(input, 'fast');
    expect(screen.getByText('Enter a number')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).toHaveBeenLastCalledWith(null, false);
  });

  it('passes a typed number up', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberField label="Drop" value={0} min={0} max={100} onChange={onChange} />);
    const input = screen.getByLabelText('Drop');
    await user.clear(input);
    await user.type(input, '12.5');
    expect(onChange).toHaveBeenLastCalledWith(12.5, true);
    expect(screen.queryByText(/Enter a number/)).toBeNull();
  });

  it('reads a decimal comma as a point, as many keyboards type it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberField label="Drop" value={0} min={0} max={100} onChange={onChange} />);
    const input = screen.getByLabelText('Drop');
    await user.clear(input);
    await user.type(input, '12,5');
    expect(onChange).toHaveBeenLastCalledWith(12.5, true);
    expect(screen.queryByText(/Enter a number/)).toBeNull();
  });

  it('when optional, takes empty as "not set" (acceptable, no value) and still refuses letters', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberField label="Target value" value={null} optional onChange={onChange} />);
    const input = screen.getByLabelText('Target value') as HTMLInputElement;
    expect([input.value, input.placeholder]).toEqual(['', 'not set']);
    expect(onChange).toHaveBeenLastCalledWith(null, true);
    expect(screen.queryByText(/Enter a number/)).toBeNull();
    await user.type(input, 'x');
    expect(onChange).toHaveBeenLastCalledWith(null, false);
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(null, true);
  });

  it('says nothing in red on an empty required field before the user has typed in it or left it (issue 31, point 11)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberField label="Body mass" value={null} min={1} max={300} onChange={onChange} />);
    const input = screen.getByLabelText('Body mass');
    expect(screen.queryByText(/Enter a number/)).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(onChange).toHaveBeenLastCalledWith(null, false);
    await user.click(input);
    await user.tab();
    expect(screen.getByText('Enter a number')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
