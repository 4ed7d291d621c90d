/**
 * What the History and the session page say about a kept session, and its export: its date, its
 * best value with the metric and phase it is of, and the session CSV dated when it started.
 */
import type { SessionHistory } from '../../journal/sessionHistory';
import type { HistoryEntry } from '../../journal/records';
import type { SharePort } from '../../platform/share/port';
import { figure, METRIC_LABELS, METRIC_UNITS, PHASE_LABELS } from '../../rules/labels';
import type { SessionTagsInput } from '../../csv';
import { exportSessionCsv, sessionCsvInput, type ExportReport } from '../../workout/sessionExport';

/** "Mar 9, 2025, 8:30 AM" */
export function when(entry: Pick<HistoryEntry, 'startedAt'>): string {
  return new Date(entry.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "0.93 m/s (velocity, concentric)", "2353 N (net force, eccentric)": the value with its unit, then what it is; a dash without one. */
export function best(entry: Pick<HistoryEntry, 'best'>): string {
  if (entry.best === null) return '—';
  const what = METRIC_LABELS[entry.best.metric].replace(/ \(.*\)$/, '').toLowerCase();
  return `${figure(entry.best.value)}\u00a0${METRIC_UNITS[entry.best.metric]} (${what}, ${PHASE_LABELS[entry.best.phase].toLowerCase()})`;
}

/**
 * The kept session as the session CSV, shared or downloaded (the same file as the Workout screen's
 * export), with its athletes block when `names` says who and what its tags are.
 */
export async function exportRecorded(journal: Pick<SessionHistory, 'recorded'>, entry: Pick<HistoryEntry, 'id' | 'startedAt'>, share: SharePort, report: ExportReport, names?: Pick<SessionTagsInput, 'athlete' | 'exercise'>): Promise<void> {
  const { loaded, settings, reps, loads, tags, notes } = await journal.recorded(entry.id);
  const input = sessionCsvInput({ date: new Date(entry.startedAt), settings, firmware: loaded.meta.unit?.firmware ?? null, reps, raw: loaded.samples, loads });
  await exportSessionCsv(names === undefined || tags.length === 0 ? input : { ...input, tags: { tags, notes, ...names } }, settings, share, report);
}
