/**
 * Fuzzing of the debug CSV import: random text, and real exports mutated the ways a
 * spreadsheet, an editor or a broken download mangles them (characters changed, inserted or
 * deleted, lines duplicated, swapped or cut, line endings and byte-order marks mixed, bytes that
 * are not UTF-8), read through the import path (`parseDebugCsv`, as the Test screen and the batch
 * command do). Shared by the unit suite (fixed seed) and the soak command (the long run).
 *
 * What must hold for every file: the import settles; it gives samples the engine accepts (equal
 * columns, at least one row, finite values, time strictly increasing) or a DebugCsvError whose
 * message says what is wrong (and, when it names a row, in the form "row N[, column "C"]: …").
 */
import fc from 'fast-check';
import type { SampleBatch } from '../../engine/types';
import { buildDebugCsv } from '../debugCsv';
import { DebugCsvError } from '../debugImport/debugCsvError';
import { parseDebugCsv } from '../debugImport/parseDebugCsv';
import { messageOf } from '../../shared/messageOf';

type Edit =
  | { kind: 'replace'; at: number; char: string }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'duplicate-line'; line: number }
  | { kind: 'swap-lines'; a: number; b: number }
  | { kind: 'cut'; at: number }
  | { kind: 'line-ending'; line: number; ending: string };

const TROUBLE = ['', ',', '"', '\r', '\n', '\r\n', '\uFEFF', '\0', '-', '.', 'e', 'E', '+', ' ', '\t', 'NaN', 'Infinity', '1e309', '0x10', '1,5', 'µ', '²', '\uD800', '🙂'];
const char = fc.oneof(fc.constantFrom(...TROUBLE), fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }));

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), char }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: char }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant('duplicate-line' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('swap-lines' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('line-ending' as const), line: fc.nat(), ending: fc.constantFrom('\n', '\r\n', '\r', '') }),
);

function applyEdit(text: string, e: Edit): string {
  const at = (n: number) => (text.length === 0 ? 0 : n % (text.length + 1));
  const lines = text.split('\n');
  const line = (n: number) => n % lines.length;
  switch (e.kind) {
    case 'replace':
      return text.slice(0, at(e.at)) + e.char + text.slice(at(e.at) + 1);
    case 'insert':
      return text.slice(0, at(e.at)) + e.text + text.slice(at(e.at));
    case 'delete':
      return text.slice(0, at(e.at)) + text.slice(at(e.at) + e.length);
    case 'duplicate-line':
      lines.splice(line(e.line), 0, lines[line(e.line)]!);
      return lines.join('\n');
    case 'swap-lines': {
      const [a, b] = [line(e.a), line(e.b)];
      [lines[a], lines[b]] = [lines[b]!, lines[a]!];
      return lines.join('\n');
    }
    case 'cut':
      return text.slice(0, at(e.at));
    case 'line-ending':
      lines[line(e.line)] = lines[line(e.line)]!.replace(/\r$/, '') + (e.ending === '\n' ? '' : e.ending);
      return lines.join('\n');
  }
}

/** A small recording's debug CSV: `n` samples at 200 Hz, with or without the unit's rates. */
function exported(n: number, withRates: boolean, seed: number): string {
  const timeUs = new Float64Array(n);
  const angleDeg = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    timeUs[i] = 1000 + 5000 * i + (seed % 7);
    angleDeg[i] = 300 * Math.sin(i / 40 + seed) + (i % 3) * 0.05;
  }
  const batch: SampleBatch = withRates ? { timeUs, angleDeg, angularVelocity: angleDeg.map((a) => a / 100), angularAcceleration: angleDeg.map((a) => -a / 50) } : { timeUs, angleDeg };
  return buildDebugCsv(batch);
}

type CsvCase = { kind: 'text'; text: string } | { kind: 'bytes'; bytes: Uint8Array<ArrayBuffer> };

const csvCase: fc.Arbitrary<CsvCase> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ n: fc.integer({ min: 1, max: 40 }), rates: fc.boolean(), seed: fc.nat(1000), edits: fc.array(edit, { minLength: 1, maxLength: 6 }) }).map(({ n, rates, seed, edits }) => ({ kind: 'text' as const, text: edits.reduce(applyEdit, exported(n, rates, seed)) })) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ kind: 'text' as const, text })) },
  { weight: 2, arbitrary: fc.record({ n: fc.integer({ min: 1, max: 20 }), seed: fc.nat(1000), flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 7 })), { minLength: 1, maxLength: 4 }) }).map(({ n, seed, flips }) => {
    const bytes = new TextEncoder().encode(exported(n, false, seed));
    for (const [at, bit] of flips) bytes[at % bytes.length]! ^= 1 << bit;
    return { kind: 'bytes' as const, bytes };
  }) },
);

export interface CsvFuzzReport {
  files: number;
  imported: number;
  refused: number;
  failures: string[];
}

/** Why `batch` is not what the engine accepts, or null. */
function batchProblem(batch: SampleBatch): string | null {
  const n = batch.timeUs.length;
  if (n === 0) return 'no samples';
  if (batch.angleDeg.length !== n) return 'uneven columns';
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(batch.timeUs[i]) || !Number.isFinite(batch.angleDeg[i])) return `a non-finite value at sample ${i + 1}`;
    if (i > 0 && !(batch.timeUs[i]! > batch.timeUs[i - 1]!)) return `time not increasing at sample ${i + 1}`;
  }
  for (const column of [batch.angularVelocity, batch.angularAcceleration]) {
    if (column !== undefined && (column.length !== n || column.some((x) => !Number.isFinite(x)))) return 'a bad rate column';
  }
  return null;
}

/** Imports `files` fuzzed debug CSVs from `seed`; failures are described, never thrown. */
export async function fuzzDebugCsvs(files: number, seed: number): Promise<CsvFuzzReport> {
  const report: CsvFuzzReport = { files: 0, imported: 0, refused: 0, failures: [] };
  const cases = fc.sample(csvCase, { seed, numRuns: files });
  for (const c of cases) {
    report.files++;
    const input = c.kind === 'text' ? c.text : new Blob([c.bytes]);
    try {
      const problem = batchProblem((await parseDebugCsv(input)).samples);
      if (problem === null) report.imported++;
      else report.failures.push(`file ${report.files}: imported with ${problem}`);
    } catch (error) {
      report.refused++;
      const message = messageOf(error);
      const located = !(error instanceof DebugCsvError) || error.row === undefined || /^row \d+(, column "[^"]+")?: \S/.test(message);
      if (!(error instanceof DebugCsvError) || error.problem.trim() === '' || !located) {
        report.failures.push(`file ${report.files}: ${error instanceof DebugCsvError ? 'unclear message' : 'escaped'}: ${message}`);
      }
    }
  }
  return report;
}
