/**
 * What the Test screen imports: a recording of raw samples, from either of the app's own files.
 * - A debug CSV (debugCsv.ts), parsed by debugImport/ (a worker for big files).
 * - A session CSV (sessionCsv.ts): its raw block (`Time (µs),Angle (°)`) holds every sample of the
 *   session, so it is reprocessed like a debug file; its header block gives the session's mass and
 *   inertia. The other blocks are the app's own figures and are not read back.
 * Anything else is refused with one plain sentence (`NotARecordingError`), not a parser message
 * about the debug header: the user picked the wrong file, and that is all there is to say. A file
 * of either kind that is broken is reported with its row and column (DebugCsvError).
 *
 * The kind is told by the first line: the debug CSV's header, or the session CSV's `Date,` line
 * (a UTF-8 byte-order mark and spaces after commas allowed, as the debug import allows them).
 */
import type { SampleBatch } from '../engine/types';
import { DEBUG_COLUMNS } from './debugCsv';
import { DebugCsvError } from './debugImport/debugCsvError';
import { parseDebugCsv } from './debugImport/parseDebugCsv';
import type { DebugRecording } from './debugImport/debugRecording';
import { textChunks } from './textChunks';
import { RAW_HEADER } from './sessionCsv';

export type ImportedRecording =
  /** `dropped` and `stepUs` as the debug CSV's reader gives them (debugImport/debugRecording.ts). */
  | ({ kind: 'debug' } & DebugRecording)
  /** `mass` (kg) and `inertia` (kg·m²) as the session's header block gives them, null when absent. */
  | { kind: 'session'; samples: SampleBatch; mass: number | null; inertia: number | null };

/** The file is neither of the app's CSV files. */
export class NotARecordingError extends Error {
  override readonly name = 'NotARecordingError';
}

const NUMBER = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** A line's cells, trimmed, without a byte-order mark or carriage return. */
function cells(line: string): string[] {
  return line.replace(/^\uFEFF/, '').replace(/\r$/, '').split(',').map((cell) => cell.trim());
}

async function firstLine(file: Blob | string): Promise<string> {
  const head = typeof file === 'string' ? file.slice(0, 4096) : await file.slice(0, 4096).text();
  return head.split('\n')[0] ?? '';
}

/** Imports a debug or session CSV; `name` is how the refusal names the file. */
export async function importRecording(file: Blob | string, name: string, onProgress?: (fraction: number) => void): Promise<ImportedRecording> {
  const first = cells(await firstLine(file));
  if (first.length === DEBUG_COLUMNS.length && first.every((cell, i) => cell === DEBUG_COLUMNS[i])) {
    return { kind: 'debug', ...(await parseDebugCsv(file, onProgress)) };
  }
  if (first[0] === 'Date' && first.length === 2) return { kind: 'session', ...(await parseSessionRaw(file, onProgress)) };
  throw new NotARecordingError(`${name} is not a Repline debug or session CSV, so it cannot be imported.`);
}

/** Reads a session CSV's header figures and raw block, line by line as the text comes. */
async function parseSessionRaw(file: Blob | string, onProgress?: (fraction: number) => void): Promise<{ samples: SampleBatch; mass: number | null; inertia: number | null }> {
  const header: Record<string, string> = {};
  const timeUs: number[] = [];
  const angleDeg: number[] = [];
  let where: 'header' | 'between' | 'raw' | 'after' = 'header';
  let row = 0;
  let carry = '';
  const read = (line: string): void => {
    row += 1;
    const blank = line.trim() === '';
    const [label = '', value = ''] = cells(line);
    if (where === 'header') {
      if (blank) where = 'between';
      else header[label] = value;
    } else if (where === 'between') {
      if (cells(line).join(',') === RAW_HEADER.join(',')) where = 'raw';
    } else if (where === 'raw') {
      if (blank) {
        where = 'after';
        return;
      }
      const [time, angle] = [label, value].map((cell, c) => {
        if (!NUMBER.test(cell)) throw new DebugCsvError(`"${cell.slice(0, 40)}" is not a number`, row, RAW_HEADER[c]);
        return Number(cell);
      }) as [number, number];
      const last = timeUs.at(-1);
      if (last !== undefined && !(time > last)) throw new DebugCsvError(`time ${time} µs does not increase (the previous sample has ${last} µs)`, row, RAW_HEADER[0]);
      timeUs.push(time);
      angleDeg.push(angle);
    }
  };
  for await (const { text, fraction } of textChunks(file)) {
    const lines = (carry + text).split('\n');
    carry = lines.pop() ?? '';
    for (const line of lines) read(line);
    onProgress?.(fraction);
  }
  if (carry !== '') read(carry);
  if (where === 'header' || where === 'between') throw new DebugCsvError(`the session CSV has no raw samples (its block starting "${RAW_HEADER.join(',')}")`);
  if (timeUs.length === 0) throw new DebugCsvError('the session CSV has a raw block but no samples');
  const figure = (label: string): number | null => (label in header && NUMBER.test(header[label]!) ? Number(header[label]) : null);
  return { samples: { timeUs: Float64Array.from(timeUs), angleDeg: Float64Array.from(angleDeg) }, mass: figure('Mass (kg)'), inertia: figure('Inertia (kg·m²)') };
}
