/**
 * The session CSV a user shares after a workout (docs/behaviour.md §3 "CSV export layout"). Six blocks
 * (a seventh, the athletes block of csv/sessionTagsCsv.ts, when the sets are tagged), separated by one empty line, CRLF line endings:
 *
 * ```text
 * Date,2026-03-01T09:30:00.000Z            ← block 1: header lines, label then value
 * Firmware,v6.2.0
 * Mass (kg),85
 * Inertia (kg·m²),0.1
 * Unit,Garage rack                          ← only when a unit name is given
 *
 * Rep,Con Delta Time (s),Con Velocity (m/s),…,Ecc Peak Velocity (m/s)   ← block 2: one row per rep
 * W,1.02,0.41,…
 * 1,0.98,0.52,…
 *
 * Plate (kg·m²),Count                       ← block 3: flywheel plates
 * 0.1,1
 *
 * Time (µs),Angle (°)                       ← block 4: raw samples
 * 0,0
 * 5000,1.8
 *
 * Set,Inertia (kg·m²),Boost (%),Reps,…      ← block 5: one row per set (rules/sets.ts)
 * 1,0.1,0,7,6,0.92,…
 *
 * Rep,Set,Con Peak Power (W),…,Mean Power Ratio   ← block 6: each rep's power figures
 * W,1,312.5,…
 * ```
 *
 * Blocks 1–4 are the product's documented layout, unchanged; 5, 6 (and 7) come after them, so a
 * reader of the four blocks is not disturbed.
 *
 * Decisions where the product rules are silent:
 * - Rep labels: every rep is numbered within its set, from that set's own warmup, as the Workout
 *   screen numbers it (rules/setSplit.ts `numberedSets`): each set reads W, 1, 2, … .
 * - Columns: `Con ` / `Ecc ` prefix (docs/behaviour.md §9 "Con force columns") + the docs/behaviour.md §9 metric label with
 *   its unit. Per phase: Delta Time (the phase duration), the means of Velocity, Acceleration,
 *   Torque, Tangential Force, Linear Force, Net Force, Power, and the Peak Velocity.
 * - Numbers are written to the precision the measurement supports, not the 2 decimals of the
 *   screen nor the 16 digits of a double: every figure the engine derives (blocks 2, 5 and 6) to
 *   four significant digits, as the engine matches physics on sensor-like input within a few
 *   percent (tests/unit/engine.accuracy.test.ts), so a fourth digit already carries noise; raw
 *   angles to 0.0001° (an angle sensor resolves a tenth of a degree at best; a float32 angle of
 *   the unit keeps its digits up to 10 000°), times in whole µs as received. Settings and plates
 *   (the user's own numbers) are written as given. The file is for analysis, and re-importing it
 *   (the raw block) reprocesses to the same reps within that noise.
 * - Plate is the plate's moment of inertia in kg·m² (0.1, 0.05, …); an empty plate list writes the
 *   header alone (the batch command does not know which plates were used).
 * - Text cells are neutralised against formula injection (see csvWrite.ts); a unit name is the only
 *   user-controlled text.
 * - Sets (block 5) are split and summarised as on the Workout screen: at rests longer than the
 *   set rest and at load changes, each set's warmup left out, best and mean in the metric and
 *   phase on screen, with the inertia and boost the set was done at. Block 6
 *   labels reps as block 2 does, with the set each belongs to.
 * - A figure that needs the inertia (rules/inertiaMetrics.ts: torque, tangential force, net force,
 *   power, peak power, work, the power ratios, a set's work and overload) is an empty cell where
 *   the inertia was 0 (no plates chosen): the screen shows "–" there, and 0 would read as a
 *   measurement. Each rep's inertia is the load it was done at (the session's loads), or the
 *   header's inertia when the loads are not known.
 * - `sessionCsvParts` hands the file over in pieces, the raw samples a slice of rows at a time,
 *   so a writer (the batch command's `--out`) never holds an hour's text at once;
 *   `buildSessionCsv` is those pieces joined.
 */
import type { FirmwareVersion } from '../device/unit';
import type { Metric, PhaseSummary, Rep } from '../engine/types';
import { lacksInertia, phaseFigure, powerFigure } from '../rules/inertiaMetrics';
import { METRIC_LABELS, PHASE_LABELS, type Phase } from '../rules/labels';
import { loadAt } from '../rules/loads';
import { summariseSet, type SetRules } from '../rules/sets';
import { numberedSets } from '../rules/setSplit';
import { csvBlock, CSV_NEWLINE, type Cell } from './csvWrite';
import { tagsBlock, type SessionTagsInput } from './sessionTagsCsv';

/** Significant digits of a derived figure, and decimals of a raw angle (see the module comment). */
export const FIGURE_DIGITS = 4;
export const ANGLE_DECIMALS = 4;
/** Finer than any figure the engine gives; keeps a tiny value from being written with an exponent. */
const MAX_DECIMALS = 6;

/** `value` to {@link FIGURE_DIGITS} significant digits, as a plain decimal number. */
export function significant(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const decimals = FIGURE_DIGITS - 1 - Math.floor(Math.log10(Math.abs(value)));
  const rounded = Number(value.toFixed(Math.min(Math.max(decimals, 0), MAX_DECIMALS)));
  if (decimals >= 0) return rounded === 0 ? 0 : rounded;
  const scale = 10 ** -decimals;
  return Math.round(value / scale) * scale;
}

/** Raw samples as columns: time (µs) and angle (°). */
export interface RawColumns {
  timeUs: ArrayLike<number>;
  angleDeg: ArrayLike<number>;
}

export interface SessionCsvInput {
  /** When the session was recorded. */
  date: Date;
  firmware: FirmwareVersion;
  /** Body mass, kg. */
  mass: number;
  /** Total flywheel inertia, kg·m². */
  inertia: number;
  reps: Rep[];
  /** `plate`: the plate's moment of inertia in kg·m² (docs/behaviour.md §3 "Flywheel plates"). */
  plates: { plate: number; count: number }[];
  /** The raw samples, in one batch or in pieces in order (as the batch command holds them). */
  raw: RawColumns | readonly RawColumns[];
  /** The unit's user-given name; adds a `Unit` header line when present. */
  unitName?: string;
  /**
   * How the set summary (block 5) splits and judges the session, as on the Workout screen; with
   * the session's loads, each set's inertia and boost (without them those cells are empty).
   */
  sets: SetRules;
  /** Who did each set and what (sessionTagsCsv.ts); adds the athletes block when present. */
  tags?: SessionTagsInput;
}

/** Per-phase columns: the PhaseSummary field and its heading (docs/behaviour.md §9 labels, with units: the metrics' are the screen's). */
export const PHASE_COLUMNS: readonly { key: keyof PhaseSummary; label: string }[] = [
  { key: 'duration', label: 'Delta Time (s)' },
  ...(Object.entries(METRIC_LABELS) as [Metric, string][]).map(([key, label]) => ({ key, label })),
  { key: 'peakVelocity', label: 'Peak Velocity (m/s)' },
];

export const REP_HEADER: readonly string[] = [
  'Rep',
  ...PHASE_COLUMNS.map((c) => `Con ${c.label}`),
  ...PHASE_COLUMNS.map((c) => `Ecc ${c.label}`),
];
export const PLATE_HEADER: readonly string[] = ['Plate (kg·m²)', 'Count'];
export const RAW_HEADER: readonly string[] = ['Time (µs)', 'Angle (°)'];
export const POWER_HEADER: readonly string[] = [
  'Rep',
  'Set',
  'Con Peak Power (W)',
  'Ecc Peak Power (W)',
  'Con Work (J)',
  'Ecc Work (J)',
  'Peak Power Ratio',
  'Mean Power Ratio',
];

/** Block 5's heading: the chosen metric and phase name its best and mean. */
export function setHeader(metric: Metric, phase: Phase): string[] {
  const figure = `${PHASE_LABELS[phase].slice(0, 3)} ${METRIC_LABELS[metric]}`;
  return ['Set', 'Inertia (kg·m²)', 'Boost (%)', 'Reps', 'Counted', `Best ${figure}`, `Mean ${figure}`, 'Velocity Loss (%)', 'Work (J)', 'Eccentric Overload'];
}

/** Rows of the raw block written at a time: small enough that a slice's rows and text die young. */
const RAW_SLICE = 4096;
const BLOCK_GAP = CSV_NEWLINE + CSV_NEWLINE;

/** Builds the session CSV (six blocks, seven with tags); throws a clear Error on input it cannot write faithfully. */
export function buildSessionCsv(input: SessionCsvInput): string {
  return [...sessionCsvParts(input)].join('');
}

/** The session CSV as pieces of text that join into the file; throws, as buildSessionCsv does, at the first problem. */
export function* sessionCsvParts(input: SessionCsvInput): Generator<string> {
  // With who did what known, sets split at changes of athlete and exercise too, as on the Workout screen.
  const how = input.tags === undefined ? input.sets : { ...input.sets, tags: input.tags.tags };
  const sets = numberedSets(input.reps, how);
  const inertiaAt = (us: number) => (input.sets.loads !== undefined && input.sets.loads.length > 0 ? loadAt(input.sets.loads, us).inertia : input.inertia);
  yield headerBlock(input) + BLOCK_GAP;
  yield repBlock(sets.flat(), inertiaAt) + BLOCK_GAP;
  yield plateBlock(input.plates) + BLOCK_GAP;
  yield* rawBlock(input.raw);
  yield BLOCK_GAP + setBlock(sets, how, inertiaAt) + BLOCK_GAP + powerBlock(sets, inertiaAt) + CSV_NEWLINE;
  if (input.tags !== undefined) yield CSV_NEWLINE + tagsBlock(input.reps, input.sets, input.tags) + CSV_NEWLINE;
}

/** The inertia (kg·m²) a rep starting at `us` µs was done at. */
type InertiaAt = (us: number) => number;

function setBlock(sets: readonly Rep[][], how: SessionCsvInput['sets'], inertiaAt: InertiaAt): string {
  const rows: Cell[][] = [setHeader(how.metric, how.phase)];
  sets.forEach((set, i) => {
    const s = summariseSet(i, set, how);
    const inertia = inertiaAt(set[0]!.startUs);
    const figure = (value: number | null) => (value === null || lacksInertia(how.metric, inertia) ? '' : significant(value));
    rows.push([i + 1, s.load?.inertia ?? '', s.load?.boost ?? '', s.reps, s.counted, figure(s.best), figure(s.mean), significant(s.velocityLoss), cell(powerFigure(s.work, inertia)), cell(powerFigure(s.overload, inertia))]);
  });
  return csvBlock('Session CSV sets', rows);
}

function powerBlock(sets: readonly Rep[][], inertiaAt: InertiaAt): string {
  const rows: Cell[][] = [[...POWER_HEADER]];
  sets.forEach((set, i) => {
    for (const rep of set) {
      const figures = [rep.concentric.peakPower, rep.eccentric.peakPower, rep.concentric.work, rep.eccentric.work, rep.peakPowerRatio, rep.meanPowerRatio];
      figures.forEach((value) => requireFinite(`rep ${rep.index + 1} power figure`, value));
      const inertia = inertiaAt(rep.startUs);
      rows.push([repLabel(rep.count), i + 1, ...figures.map((value) => cell(powerFigure(value, inertia)))]);
    }
  });
  return csvBlock('Session CSV power', rows);
}

/** A figure's cell, to four significant digits: empty where there is no figure. */
function cell(value: number | null): Cell {
  return value === null ? '' : significant(value);
}

/** The rep label docs/behaviour.md §2 and §3 use: W for warmup, otherwise the count. */
export function repLabel(count: number): Cell {
  return count <= 0 ? 'W' : count;
}

function headerBlock(input: SessionCsvInput): string {
  if (!(input.date instanceof Date) || Number.isNaN(input.date.getTime())) {
    throw new Error('Session CSV: the session date is not a valid date');
  }
  requireFinite('mass', input.mass);
  requireFinite('inertia', input.inertia);
  const rows: Cell[][] = [
    ['Date', input.date.toISOString()],
    ['Firmware', firmwareLabel(input.firmware)],
    ['Mass (kg)', input.mass],
    ['Inertia (kg·m²)', input.inertia],
  ];
  if (input.unitName !== undefined) rows.push(['Unit', input.unitName]);
  return csvBlock('Session CSV header', rows);
}

/** `v` + major.minor.patch (docs/behaviour.md §3 "Firmware version"). */
export function firmwareLabel(fw: FirmwareVersion): string {
  for (const part of [fw.major, fw.minor, fw.patch]) {
    if (!Number.isInteger(part) || part < 0) {
      throw new Error(`Session CSV: firmware version ${fw.major}.${fw.minor}.${fw.patch} is not made of whole numbers`);
    }
  }
  return `v${fw.major}.${fw.minor}.${fw.patch}`;
}

function repBlock(reps: readonly Rep[], inertiaAt: InertiaAt): string {
  const rows: Cell[][] = [[...REP_HEADER]];
  for (const rep of reps) {
    const row: Cell[] = [repLabel(rep.count)];
    const inertia = inertiaAt(rep.startUs);
    for (const phase of [rep.concentric, rep.eccentric]) {
      for (const { key, label } of PHASE_COLUMNS) {
        const value = phase[key];
        if (!Number.isFinite(value)) {
          throw new Error(`Session CSV: rep ${rep.index + 1} has ${label} = ${value}, which is not a finite number`);
        }
        row.push(cell(phaseFigure(phase, key, inertia)));
      }
    }
    rows.push(row);
  }
  return csvBlock('Session CSV reps', rows);
}

function plateBlock(plates: SessionCsvInput['plates']): string {
  const rows: Cell[][] = [[...PLATE_HEADER]];
  for (const { plate, count } of plates) {
    if (!(plate > 0) || !Number.isFinite(plate)) throw new Error(`Session CSV: plate size ${plate} kg·m² is not a positive number`);
    if (!Number.isInteger(count) || count < 0) throw new Error(`Session CSV: plate ${plate} has count ${count}, not a whole number ≥ 0`);
    rows.push([plate, count]);
  }
  return csvBlock('Session CSV plates', rows);
}

/** The raw block, a slice of rows at a time (without a newline after its last row). */
function* rawBlock(raw: SessionCsvInput['raw']): Generator<string> {
  const pieces: readonly RawColumns[] = 'timeUs' in raw ? [raw] : raw;
  const times = pieces.reduce((n, piece) => n + piece.timeUs.length, 0);
  const angles = pieces.reduce((n, piece) => n + piece.angleDeg.length, 0);
  if (times !== angles) throw new Error(`Session CSV: raw data has ${times} times but ${angles} angles`);
  let rows: Cell[][] = [[...RAW_HEADER]];
  let written = 0;
  const slice = () => {
    const text = (written === 0 ? '' : CSV_NEWLINE) + csvBlock('Session CSV raw data', rows, written + 1);
    written += rows.length;
    rows = [];
    return text;
  };
  for (const piece of pieces) {
    for (let i = 0; i < piece.timeUs.length; i++) {
      rows.push([piece.timeUs[i]!, Number(piece.angleDeg[i]!.toFixed(ANGLE_DECIMALS))]);
      if (rows.length === RAW_SLICE) yield slice();
    }
  }
  if (rows.length > 0) yield slice();
}

function requireFinite(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error(`Session CSV: ${name} ${value} is not a finite number`);
  }
}
