/**
 * Sessions in and out: the session and debug CSV exports, their file names, sharing, and the
 * debug CSV import. The app and the batch command use this module only, never its files (tests
 * aside; `build/checkImports.mjs` holds the app to it).
 *
 * ```ts
 * const csv = buildSessionCsv({ date, firmware, mass, inertia, reps, plates, raw });
 * const name = csvFileName('session', new Date(), { hz: 200, calcAngularVelocity: false, calcAngularAcceleration: true });
 * const outcome = await shareCsv(name, csv); // outcome.message → role=status or role=alert
 * const { samples, dropped, stepUs } = await parseDebugCsv(file, (f) => (progress.value = f)); // throws DebugCsvError
 * const recording = await importRecording(file, file.name); // a debug or session CSV's samples; NotARecordingError otherwise
 * const { pieces } = await readDebugCsvPieces({ size, chunks }); // the same from bytes, in pieces (the batch command)
 * for (const text of sessionCsvParts({ ...input, raw: pieces })) out.write(text); // the session CSV, streamed
 * ```
 */
export { buildSessionCsv, sessionCsvParts, type RawColumns, type SessionCsvInput } from './sessionCsv';
export { tagsLabel, type SessionTagsInput } from './sessionTagsCsv';
export { buildDebugCsv, DEBUG_COLUMNS } from './debugCsv';
export { ratesAtSamples, type SampleRates } from './ratesAtSamples';
export { parseDebugCsv, readDebugCsvPieces } from './debugImport/parseDebugCsv';
export { CHUNK_BYTES, type ByteChunks } from './debugImport/byteChunks';
export { NO_DROPPED_ROWS, type DebugCsvPieces, type DebugRecording, type DroppedRows } from './debugImport/debugRecording';
export { DebugCsvError } from './debugImport/debugCsvError';
export { importRecording, NotARecordingError, type ImportedRecording } from './recordingImport';
export { csvFileName, fileLabel, fileTime, rateSuffix, type RateOptions } from './fileName';
export { shareCsv, shareCsvFiles, UTF8_BOM, type ShareOutcome } from './share';
export type { SharePort } from '../platform/share';
