/**
 * Command-line options of `npm run --silent reprocess`, read with node:util parseArgs
 * so there is no argument-parser dependency. Every mistake is a UsageError with a sentence the
 * user can act on; unknown options are refused, never ignored.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { ENGINE_DEFAULTS, inRange, RANGES, WARMUP_CHOICES, type RangedSetting } from '../src/engine/ranges';
import type { EngineSettings } from '../src/engine/types';
import { messageOf } from '../src/shared/messageOf';

const D = ENGINE_DEFAULTS;
/** "0.002 to 0.2": the engine's plausible range of `setting`. */
const span = (setting: RangedSetting) => `${RANGES[setting].min} to ${RANGES[setting].max}`;
/** "1, 2 or 3" */
const WARMUPS = `${WARMUP_CHOICES.slice(0, -1).join(', ')} or ${WARMUP_CHOICES.at(-1)}`;
const onOff = (on: boolean) => (on ? 'on' : 'off');

/**
 * The help. Ranges, units, defaults and warmup choices are the engine's own (pkg/settings.json,
 * read by ranges.ts), so the help says what is accepted.
 * `cores`: the default of --jobs on this machine.
 */
export function usage(cores: number): string {
  const options: [string, string][] = [
    ['--hz <list>', `sampling rates in ${RANGES.hz.unit}, ${span('hz')}, comma-separated (default ${D.hz}), e.g. 100,200,500`],
    [`--inertia <${RANGES.inertia.unit}>`, `flywheel moment of inertia, ${span('inertia')} (default ${D.inertia})`],
    [`--mass <${RANGES.mass.unit}>`, `body mass of the athlete, ${span('mass')} (default ${D.mass})`],
    [`--radius <${RANGES.radius.unit}>`, `radius the rope winds on, ${span('radius')} (default ${D.radius})`],
    ['--warmup <n>', `warmup repetitions, ${WARMUPS} (default ${D.warmup})`],
    ['--calc-velocity', `compute angular velocity from the angle (default: ${onOff(D.calcAngularVelocity)})`],
    ['--no-calc-velocity', "use the unit's angular velocity"],
    ['--calc-acceleration', `compute angular acceleration from the signal (default: ${onOff(D.calcAngularAcceleration)})`],
    ['--no-calc-acceleration', "use the unit's angular acceleration"],
    ['--jobs <n>', `files processed at once, each in a worker thread, 1 or more; at most one per core (${cores} here) and as many as free memory holds (default: one per core)`],
    ['--out <dir>', 'write the session CSV of each file and rate into <dir>'],
    ['--json', 'print one JSON document on stdout instead of tables'],
    ['-h, --help', 'print this help'],
  ];
  return `Reprocesses recorded debug CSVs with the Repline engine at one or more sampling rates.

Usage: npm run --silent reprocess -- [options] <file.csv | folder>...

A folder stands for the .csv files directly inside it, symbolic links to files included.

Options:
${options.map(([name, text]) => `  ${name.padEnd(29)}${text}`).join('\n')}

Exit status: 0 when every file was processed, 1 when any file failed or the output's reader left
before every file was, 2 on a usage error or when --out would write over an input.
`;
}

export interface ReprocessOptions {
  inputs: string[];
  /** Sampling rates in Hz, in the order given. */
  rates: number[];
  /** Engine settings except the rate. */
  settings: Omit<EngineSettings, 'hz'>;
  /** Files processed at once, one worker thread each. */
  jobs: number;
  out?: string;
  json: boolean;
  help: boolean;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const NEGATABLE = new Set(['calc-velocity', 'calc-acceleration']);
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** "a number from 0.002 to 0.2 (m)": the engine's plausible range of `setting`. */
const rangeText = (setting: RangedSetting) => `a number from ${span(setting)} (${RANGES[setting].unit})`;

/** `cores`: the default of --jobs (a parameter so that tests do not depend on the machine). */
export function parseReprocessArgs(argv: readonly string[], cores = availableParallelism()): ReprocessOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      allowNegative: true,
      tokens: true,
      options: {
        hz: { type: 'string' },
        inertia: { type: 'string' },
        mass: { type: 'string' },
        radius: { type: 'string' },
        warmup: { type: 'string' },
        'calc-velocity': { type: 'boolean' },
        'calc-acceleration': { type: 'boolean' },
        jobs: { type: 'string' },
        out: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
  for (const token of parsed.tokens) {
    if (token.kind === 'option' && token.rawName.startsWith('--no-') && !NEGATABLE.has(token.name)) {
      throw new UsageError(`Unknown option '${token.rawName}'`);
    }
  }
  const v = parsed.values;
  const help = v.help === true;
  if (!help && parsed.positionals.length === 0) throw new UsageError('No input files: give one or more debug CSV files or folders');
  const warmupOk = (x: number) => WARMUP_CHOICES.includes(x);
  const options: ReprocessOptions = {
    inputs: parsed.positionals,
    rates: v.hz === undefined ? [D.hz] : parseRates(v.hz),
    settings: {
      inertia: v.inertia === undefined ? D.inertia : number('--inertia', v.inertia, (x) => inRange('inertia', x), rangeText('inertia')),
      mass: v.mass === undefined ? D.mass : number('--mass', v.mass, (x) => inRange('mass', x), rangeText('mass')),
      radius: v.radius === undefined ? D.radius : number('--radius', v.radius, (x) => inRange('radius', x), rangeText('radius')),
      warmup: v.warmup === undefined ? D.warmup : number('--warmup', v.warmup, warmupOk, WARMUPS),
      calcAngularVelocity: v['calc-velocity'] ?? D.calcAngularVelocity,
      calcAngularAcceleration: v['calc-acceleration'] ?? D.calcAngularAcceleration,
    },
    jobs: v.jobs === undefined ? cores : number('--jobs', v.jobs, (x) => Number.isInteger(x) && x >= 1, 'a whole number, 1 or more'),
    json: v.json === true,
    help,
  };
  if (v.out !== undefined) {
    if (v.out === '') throw new UsageError('--out needs a directory');
    options.out = v.out;
  }
  return options;
}

function parseRates(text: string): number[] {
  const rates: number[] = [];
  for (const part of text.split(',')) {
    const hz = number('--hz', part.trim(), (x) => Number.isInteger(x) && inRange('hz', x), `whole numbers from ${span('hz')}, comma-separated`);
    if (rates.includes(hz)) throw new UsageError(`--hz lists ${hz} Hz twice`);
    rates.push(hz);
  }
  return rates;
}

function number(option: string, text: string, ok: (x: number) => boolean, expected: string): number {
  const value = DECIMAL.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(value) || !ok(value)) throw new UsageError(`${option} expects ${expected}, got "${text}"`);
  return value;
}
