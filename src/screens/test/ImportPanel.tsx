/**
 * Import and reprocessing of a recording: a debug CSV, or the app's own session CSV (its raw
 * samples, at the session's mass and inertia), is parsed with a progress bar, processed at a
 * chosen sampling rate, shown as a reps table per set (split, numbered and judged as the Workout
 * screen does the set in progress: rules/setSplit.ts) and exportable as a session CSV. It works
 * on its own copy and never touches the live session. Any other file is refused with one
 * sentence (csv/recordingImport.ts), and a new attempt takes the last one's message away, so
 * they do not pile up.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState, type ReactElement } from 'react';
import { reprocess } from '../../engine';
import { RANGES } from '../../engine/ranges';
import type { Rep } from '../../engine/types';
import { recordingNotes } from '../../rules/recordingNotes';
import { describeProblems, NO_PROBLEMS, whyNoReps } from '../../rules/sampleProblems';
import { NumberField } from '../../components/NumberField';
import { percentAgainst, RepTable } from '../../components/table/RepTable';
import { lacksInertia } from '../../rules/inertiaMetrics';
import { METRIC_UNITS } from '../../rules/labels';
import { setsFromZero } from '../../rules/setSplit';
import { buildWorkoutView } from '../../rules/workoutView';
import { importRecording, NotARecordingError, type ImportedRecording } from '../../csv';
import { messageOf } from '../../shared/messageOf';
import { exportSessionCsv, sessionCsvInput } from '../../workout/sessionExport';
import { useApp } from '../../compose/appContext';

/** What to know before trusting a recording's figures: rows dropped, a rate too low (debug CSVs). */
function cautions(recording: ImportedRecording): string[] {
  return recording.kind === 'debug' ? recordingNotes(recording.dropped, recording.stepUs) : [];
}

/** "x.csv: 12000 samples", and for a session CSV where its mass and inertia come from. */
function describe(name: string, recording: ImportedRecording): string {
  const samples = `${recording.samples.timeUs.length} samples`;
  if (recording.kind === 'debug') return `${name}: ${samples}`;
  const own = [recording.mass === null ? null : `mass ${recording.mass} kg`, recording.inertia === null ? null : `inertia ${recording.inertia} kg·m²`].filter((f) => f !== null);
  return `${name}: a session CSV, ${samples}${own.length === 0 ? '' : `, ${own.join(' and ')} from the file`}`;
}

export function ImportPanel(): ReactElement {
  useSignals();
  const { ports, stores } = useApp();
  const { alerts, settings } = stores;
  const { attempt, showError, dismissError } = alerts;
  const id = useId();
  const s = settings.current.value;
  const [file, setFile] = useState<{ name: string; recording: ImportedRecording } | null>(null);
  /** The last import's failure on screen, taken away when the user tries again. */
  const failure = useRef<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [hz, setHz] = useState<number | null>(s.hz);
  const [result, setResult] = useState<{ hz: number; inertia: number; reps: Rep[]; skipped: number; rejected: number; note: string | null } | null>(null);

  async function load(chosen: File): Promise<void> {
    setFile(null);
    setResult(null);
    setProgress(0);
    if (failure.current !== null) dismissError(failure.current);
    failure.current = null;
    try {
      setFile({ name: chosen.name, recording: await importRecording(chosen, chosen.name, setProgress) });
    } catch (error) {
      failure.current = showError(error instanceof NotARecordingError ? error.message : `Import of ${chosen.name} failed: ${messageOf(error)}`);
    } finally {
      setProgress(null);
    }
  }

  function run(): void {
    if (file === null || hz === null) return;
    void attempt(() => {
      const { recording } = file;
      const own = recording.kind === 'session' ? { ...(recording.mass === null ? {} : { mass: recording.mass }), ...(recording.inertia === null ? {} : { inertia: recording.inertia }) } : {};
      const engine = { ...settings.engine.peek(), ...own, hz };
      const update = reprocess(recording.samples, engine);
      const note = whyNoReps(recording.samples.timeUs.length, update) ?? (describeProblems(update.problems ?? NO_PROBLEMS).join('; ') || null);
      setResult({ hz, inertia: engine.inertia, reps: update.reps, skipped: update.skipped, rejected: update.problems?.rejected ?? 0, note });
    });
  }

  const sets = result ? setsFromZero(result.reps, { restS: s.setRestS }).map((set) => buildWorkoutView(set, s)) : [];
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import and reprocess a recording</h2>
      <div className="field">
        <label htmlFor={`${id}-file`}>Debug or session CSV file</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) void load(chosen);
          }}
        />
      </div>
      {progress !== null && (
        <progress aria-label="Import progress" max={1} value={progress}>
          {Math.round(progress * 100)} %
        </progress>
      )}
      {file && <p>{describe(file.name, file.recording)}</p>}
      {file &&
        cautions(file.recording).map((line) => (
          <p key={line} className="hint warning" role="status">
            Warning: {line}.
          </p>
        ))}
      <NumberField label="Sampling rate" unit="Hz" value={s.hz} min={RANGES.hz.min} max={RANGES.hz.max} onChange={setHz} />
      <button type="button" className="button button--primary" disabled={file === null || hz === null} onClick={run}>
        Reprocess
      </button>
      {result && file && (
        <>
          <p>
            {result.reps.length} reps at {result.hz} Hz{sets.length > 1 && ` in ${sets.length} sets`}, {result.skipped} samples skipped, {result.rejected} rejected as glitches.
          </p>
          {result.note && <p className="hint warning">{result.reps.length === 0 ? 'No reps' : 'Note'}: {result.note}.</p>}
          {sets.map((view, i) => (
            <RepTable
              key={i}
              rows={view.rows}
              phase={s.phase}
              unit={METRIC_UNITS[s.metric]}
              percentAgainst={percentAgainst(view.judged, view.target, METRIC_UNITS[s.metric])}
              unknown={lacksInertia(s.metric, result.inertia)}
              caption={sets.length > 1 ? `Reprocessed reps, set ${i + 1} of ${sets.length}` : 'Reprocessed reps'}
            />
          ))}
          <button
            type="button"
            className="button"
            onClick={() =>
              void attempt(() =>
                exportSessionCsv(sessionCsvInput({ date: new Date(), settings: { ...s, hz: result.hz }, firmware: null, reps: result.reps, raw: file.recording.samples }), { ...s, hz: result.hz }, ports.share(), alerts),
              )
            }
          >
            Export reprocessed CSV
          </button>
        </>
      )}
    </section>
  );
}
