/**
 * Sessions in and out: the session and debug CSV exports, their file names, sharing, and the
 * debug CSV import. The UI and the batch command use this module only, never its files.
 *
 * ```ts
 * const csv = buildSessionCsv({ date, firmware, mass, inertia, reps, plates, raw });
 * const name = csvFileName('session', new Date(), { hz: 200, calcAngularVelocity: false, calcAngularAcceleration: true });
 * const outcome = await shareCsv(name, csv); // outcome.message → role=status or role=alert
 * const samples = await parseDebugCsv(file, (f) => (progress.value = f)); // throws DebugCsvError
 * const pieces = await readDebugCsvInPieces(blob); // the same, in pieces of ≤ 64 Ki samples (Node, the batch command)
 * ```
 */
export { buildSessionCsv, type SessionCsvInput } from './sessionCsv';
export { buildDebugCsv, DEBUG_COLUMNS } from './debugCsv';
export { parseDebugCsv } from './debugImport/parseDebugCsv';
export { readDebugCsvInPieces } from './debugImport/readInThread';
export { joinPieces } from './debugImport/debugCsvReader';
export { DebugCsvError } from './debugImport/debugCsvError';
export { csvFileName, rateSuffix, type RateOptions } from './fileName';
export { shareCsv, UTF8_BOM, type ShareOutcome } from './share';
export type { SharePort } from '../platform/share';
