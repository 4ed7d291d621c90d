import { describe, expect, it } from 'vitest';
import { ENGINE_DEFAULTS, RANGES } from '../src/engine/ranges';
import { parseReprocessArgs, usage, UsageError } from './args';

describe('parseReprocessArgs', () => {
  it('applies the documented defaults: 200 Hz, inertia 0, mass 85, radius 0.014, warmup 1, α computed, ω not, one job per core', () => {
    expect(parseReprocessArgs(['a.csv'], 6)).toEqual({
      inputs: ['a.csv'],
      rates: [200],
      settings: { inertia: 0, mass: 85, radius: 0.014, warmup: 1, calcAngularVelocity: false, calcAngularAcceleration: true },
      jobs: 6,
      json: false,
      help: false,
    });
  });

  it('reads every option, rates in the order given', () => {
    const options = parseReprocessArgs([
      '--hz', '500,100, 200', '--inertia', '0.1125', '--mass', '72.5', '--radius', '0.02', '--warmup', '3',
      '--calc-velocity', '--no-calc-acceleration', '--jobs', '3', '--out', 'out dir', '--json', 'a.csv', 'recordings',
    ]);
    expect(options).toEqual({
      inputs: ['a.csv', 'recordings'],
      rates: [500, 100, 200],
      settings: { inertia: 0.1125, mass: 72.5, radius: 0.02, warmup: 3, calcAngularVelocity: true, calcAngularAcceleration: false },
      jobs: 3,
      out: 'out dir',
      json: true,
      help: false,
    });
  });

  it('lets the last of --calc-velocity and --no-calc-velocity win', () => {
    expect(parseReprocessArgs(['--calc-velocity', '--no-calc-velocity', 'a.csv']).settings.calcAngularVelocity).toBe(false);
    expect(parseReprocessArgs(['--no-calc-acceleration', '--calc-acceleration', 'a.csv']).settings.calcAngularAcceleration).toBe(true);
  });

  it('accepts --help and -h without files', () => {
    expect(parseReprocessArgs(['--help']).help).toBe(true);
    expect(parseReprocessArgs(['-h']).help).toBe(true);
  });

  it.each([
    [['--bogus', 'a.csv'], /Unknown option '--bogus'/],
    [['--no-json', 'a.csv'], /Unknown option '--no-json'/],
    [[], /No input files/],
    [['--hz', '200,abc', 'a.csv'], /--hz expects whole numbers from 100 to 1000, comma-separated, got "abc"/],
    [['--hz', '5', 'a.csv'], /--hz expects .* got "5"/],
    [['--hz', '0', 'a.csv'], /--hz expects .* got "0"/],
    [['--hz', '99.5', 'a.csv'], /--hz expects .* got "99.5"/],
    [['--hz', '100,,200', 'a.csv'], /--hz expects .* got ""/],
    [['--hz', '200,200', 'a.csv'], /--hz lists 200 Hz twice/],
    [['--mass=-1', 'a.csv'], /--mass expects a number from 0 to 300 \(kg\), got "-1"/],
    [['--mass', '85kg', 'a.csv'], /--mass expects a number from 0 to 300 \(kg\), got "85kg"/],
    [['--mass', '1000', 'a.csv'], /--mass expects a number from 0 to 300 \(kg\), got "1000"/],
    [['--inertia=-0.1', 'a.csv'], /--inertia expects a number from 0 to 2 \(kg·m²\), got "-0.1"/],
    [['--radius', 'Infinity', 'a.csv'], /--radius expects a number from 0.002 to 0.2 \(m\), got "Infinity"/],
    [['--radius', '1e-320', 'a.csv'], /--radius expects a number from 0.002 to 0.2 \(m\), got "1e-320"/],
    [['--warmup', '4', 'a.csv'], /--warmup expects 1, 2 or 3, got "4"/],
    [['--out', '', 'a.csv'], /--out needs a directory/],
    [['--jobs', '0', 'a.csv'], /--jobs expects a whole number, 1 or more, got "0"/],
    [['--jobs=-2', 'a.csv'], /--jobs expects a whole number, 1 or more, got "-2"/],
    [['--jobs', '1.5', 'a.csv'], /--jobs expects a whole number, 1 or more, got "1.5"/],
    [['--jobs', 'all', 'a.csv'], /--jobs expects a whole number, 1 or more, got "all"/],
    [['--jobs', '', 'a.csv'], /--jobs expects a whole number, 1 or more, got ""/],
    [['--hz'], /argument missing/],
  ])('refuses %j with a usage error', (argv, message) => {
    expect(() => parseReprocessArgs(argv)).toThrow(UsageError);
    expect(() => parseReprocessArgs(argv)).toThrow(message);
  });
});

describe('usage', () => {
  const help = usage(3);
  const line = (option: string) => help.split('\n').find((l) => l.trimStart().startsWith(option)) ?? '';

  it('gives each ranged setting the engine’s own range, unit and default (pkg/settings.json)', () => {
    for (const [option, setting] of [['--inertia', 'inertia'], ['--mass', 'mass'], ['--radius', 'radius']] as const) {
      const { min, max, unit } = RANGES[setting];
      expect(line(option)).toContain(`${option} <${unit}>`);
      expect(line(option)).toContain(`${min} to ${max} (default ${ENGINE_DEFAULTS[setting]})`);
    }
    expect(line('--hz')).toContain(`sampling rates in ${RANGES.hz.unit}, ${RANGES.hz.min} to ${RANGES.hz.max}, comma-separated (default ${ENGINE_DEFAULTS.hz})`);
    expect(line('--warmup')).toContain(`1, 2 or 3 (default ${ENGINE_DEFAULTS.warmup})`);
    expect(line('--calc-velocity')).toContain(`(default: ${ENGINE_DEFAULTS.calcAngularVelocity ? 'on' : 'off'})`);
    expect(line('--calc-acceleration')).toContain(`(default: ${ENGINE_DEFAULTS.calcAngularAcceleration ? 'on' : 'off'})`);
  });

  it('documents --jobs with this machine’s default', () => {
    expect(line('--jobs <n>')).toMatch(/files processed at once, each in a worker thread, 1 or more; at most one per core \(3 here\) and as many as free memory holds \(default: one per core\)$/);
  });

  it('keeps the descriptions in one column', () => {
    const options = help.split('\n').filter((l) => l.startsWith('  -'));
    expect(new Set(options.map((l) => l.search(/(?<=\S\s{2,})\S/))).size).toBe(1);
  });
});
