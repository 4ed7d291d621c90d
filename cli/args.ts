/**
 * Command-line options of `npm run --silent reprocess`, read with node:util parseArgs
 * so there is no argument-parser dependency. Every mistake is a UsageError with a sentence the
 * user can act on; unknown options are refused, never ignored.
 */
import { parseArgs } from 'node:util';
import { inRange, RANGES, type RangedSetting } from '../src/engine/ranges';
import { DEFAULT_ENGINE_SETTINGS } from '../src/engine/settings';
import type { EngineSettings } from '../src/engine/types';
import { messageOf } from '../src/shared/messageOf';

export const USAGE = `Reprocesses recorded debug CSVs with the Repline engine at one or more sampling rates.

Usage: npm run --silent reprocess -- [options] <file.csv | folder>...

A folder stands for the .csv files directly inside it.

Options:
  --hz <list>                  sampling rates in Hz, 10 to 1000, comma-separated (default 200), e.g. 100,200,500
  --inertia <kg·m²>            flywheel moment of inertia, 0 to 2 (default 0)
  --mass <kg>                  body mass of the athlete, 0 to 300 (default 85)
  --radius <m>                 radius the rope winds on, 0.002 to 0.2 (default 0.014)
  --warmup <n>                 warmup repetitions, 1 to 3 (default 1)
  --calc-velocity              compute angular velocity from the angle (default: off)
  --no-calc-velocity           use the unit's angular velocity
  --calc-acceleration          compute angular acceleration from the signal (default: on)
  --no-calc-acceleration       use the unit's angular acceleration
  --out <dir>                  write the session CSV of each file and rate into <dir>
  --json                       print one JSON document on stdout instead of tables
  -h, --help                   print this help

Exit status: 0 when every file was processed, 1 when any file failed, 2 on a usage error.
`;

export interface ReprocessOptions {
  inputs: string[];
  /** Sampling rates in Hz, in the order given. */
  rates: number[];
  /** Engine settings except the rate. */
  settings: Omit<EngineSettings, 'hz'>;
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
const rangeText = (setting: RangedSetting) => `a number from ${RANGES[setting].min} to ${RANGES[setting].max} (${RANGES[setting].unit})`;

export function parseReprocessArgs(argv: readonly string[]): ReprocessOptions {
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
  const defaults = DEFAULT_ENGINE_SETTINGS;
  const options: ReprocessOptions = {
    inputs: parsed.positionals,
    rates: v.hz === undefined ? [defaults.hz] : parseRates(v.hz),
    settings: {
      inertia: v.inertia === undefined ? defaults.inertia : number('--inertia', v.inertia, (x) => inRange('inertia', x), rangeText('inertia')),
      mass: v.mass === undefined ? defaults.mass : number('--mass', v.mass, (x) => inRange('mass', x), rangeText('mass')),
      radius: v.radius === undefined ? defaults.radius : number('--radius', v.radius, (x) => inRange('radius', x), rangeText('radius')),
      warmup: v.warmup === undefined ? defaults.warmup : number('--warmup', v.warmup, (x) => Number.isInteger(x) && x >= 1 && x <= 3, '1, 2 or 3'),
      calcAngularVelocity: v['calc-velocity'] ?? defaults.calcAngularVelocity,
      calcAngularAcceleration: v['calc-acceleration'] ?? defaults.calcAngularAcceleration,
    },
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
    const { min, max } = RANGES.hz;
    const hz = number('--hz', part.trim(), (x) => Number.isInteger(x) && inRange('hz', x), `whole numbers from ${min} to ${max}, comma-separated`);
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
