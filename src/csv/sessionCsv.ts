/**
 * The session CSV a user shares after a workout (docs/behaviour.md §3 "CSV export layout"). Six blocks,
 * separated by one empty line, CRLF line endings:
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
 * Blocks 1–4 are the product's documented layout, unchanged; 5 and 6 come after them, so a
 * reader of the four blocks is not disturbed.
 *
 * Decisions where the product rules are silent:
 * - Rep labels: every warmup rep (count ≤ 0) is `W`; the others carry their count, 1, 2, … .
 * - Columns: `Con ` / `Ecc ` prefix (docs/behaviour.md §9 "Con force columns") + the docs/behaviour.md §9 metric label with
 *   its unit. Per phase: Delta Time (the phase duration), the means of Velocity, Acceleration,
 *   Torque, Tangential Force, Linear Force, Net Force, Power, and the Peak Velocity.
 * - Numbers are written in full precision (shortest round-trip form), not the 2 decimals of the
 *   screen: the file is for analysis, and parsing it back gives the very same numbers.
 * - Plate is the plate's moment of inertia in kg·m² (0.1, 0.05, …); an empty plate list writes the
 *   header alone (the batch command does not know which plates were used).
 * - Text cells are neutralised against formula injection (see csvWrite.ts); a unit name is the only
 *   user-controlled text.
 * - Sets (block 5) are split and summarised as on the Workout screen: at rests longer than the
 *   set rest and at load changes, each set's warmup left out, best and mean in the metric and
 *   phase on screen, with the inertia and boost the set was done at. Block 6
 *   labels reps as block 2 does, with the set each belongs to.
 */
import type { FirmwareVersion } from '../device/unit';
import type { Metric, PhaseSummary, Rep } from '../engine/types';
import { METRIC_LABELS, PHASE_LABELS, type Phase } from '../rules/labels';
import { summariseSet, type SetRules } from '../rules/sets';
import { splitSets } from '../rules/setSplit';
import { csvBlock, joinBlocks, type Cell } from './csvWrite';
import { tagsBlock, type SessionTagsInput } from './sessionTagsCsv';

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
  raw: { timeUs: ArrayLike<number>; angleDeg: ArrayLike<number> };
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

/** Per-phase columns: the PhaseSummary field and its heading (docs/behaviour.md §9 labels, with units). */
export const PHASE_COLUMNS: readonly { key: keyof PhaseSummary; label: string }[] = [
  { key: 'duration', label: 'Delta Time (s)' },
  { key: 'velocity', label: 'Velocity (m/s)' },
  { key: 'acceleration', label: 'Acceleration (m/s²)' },
  { key: 'torque', label: 'Torque (N·m)' },
  { key: 'force', label: 'Tangential Force (N)' },
  { key: 'linearForce', label: 'Linear Force (N)' },
  { key: 'netForce', label: 'Net Force (N)' },
  { key: 'power', label: 'Power (W)' },
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

/** Builds the four-block session CSV; throws a clear Error on input it cannot write faithfully. */
export function buildSessionCsv(input: SessionCsvInput): string {
  const sets = splitSets(input.reps, input.sets);
  return joinBlocks([
    headerBlock(input),
    repBlock(input.reps),
    plateBlock(input.plates),
    rawBlock(input.raw),
    setBlock(sets, input.sets),
    powerBlock(sets),
    ...(input.tags === undefined ? [] : [tagsBlock(input.reps, input.sets, input.tags)]),
  ]);
}

function setBlock(sets: readonly Rep[][], how: SessionCsvInput['sets']): string {
  const rows: Cell[][] = [setHeader(how.metric, how.phase)];
  sets.forEach((set, i) => {
    const s = summariseSet(i, set, how);
    rows.push([i + 1, s.load?.inertia ?? '', s.load?.boost ?? '', s.reps, s.counted, s.best ?? '', s.mean ?? '', s.velocityLoss, s.work, s.overload]);
  });
  return csvBlock('Session CSV sets', rows);
}

function powerBlock(sets: readonly Rep[][]): string {
  const rows: Cell[][] = [[...POWER_HEADER]];
  sets.forEach((set, i) => {
    for (const rep of set) {
      const figures = [rep.concentric.peakPower, rep.eccentric.peakPower, rep.concentric.work, rep.eccentric.work, rep.peakPowerRatio, rep.meanPowerRatio];
      figures.forEach((value) => requireFinite(`rep ${rep.index + 1} power figure`, value));
      rows.push([repLabel(rep.count), i + 1, ...figures]);
    }
  });
  return csvBlock('Session CSV power', rows);
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

function repBlock(reps: readonly Rep[]): string {
  const rows: Cell[][] = [[...REP_HEADER]];
  for (const rep of reps) {
    const row: Cell[] = [repLabel(rep.count)];
    for (const phase of [rep.concentric, rep.eccentric]) {
      for (const { key, label } of PHASE_COLUMNS) {
        const value = phase[key];
        if (!Number.isFinite(value)) {
          throw new Error(`Session CSV: rep ${rep.index + 1} has ${label} = ${value}, which is not a finite number`);
        }
        row.push(value);
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

function rawBlock(raw: SessionCsvInput['raw']): string {
  if (raw.timeUs.length !== raw.angleDeg.length) {
    throw new Error(`Session CSV: raw data has ${raw.timeUs.length} times but ${raw.angleDeg.length} angles`);
  }
  const rows: Cell[][] = new Array(raw.timeUs.length + 1);
  rows[0] = [...RAW_HEADER];
  for (let i = 0; i < raw.timeUs.length; i++) rows[i + 1] = [raw.timeUs[i]!, raw.angleDeg[i]!];
  return csvBlock('Session CSV raw data', rows);
}

function requireFinite(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error(`Session CSV: ${name} ${value} is not a finite number`);
  }
}
