/**
 * Debug CSV import and reprocessing: a recorded file is parsed (with a progress bar), processed
 * at a chosen sampling rate, shown as a reps table and exportable as a session CSV. It works on
 * its own copy and never touches the live session.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useState, type ReactElement } from 'react';
import { reprocess } from '../../engine';
import { RANGES } from '../../engine/ranges';
import type { Rep, SampleBatch } from '../../engine/types';
import { describeProblems, NO_PROBLEMS, whyNoReps } from '../../rules/sampleProblems';
import { NumberField } from '../../components/NumberField';
import { RepTable } from '../../components/table/RepTable';
import { METRIC_UNITS } from '../../rules/labels';
import { buildWorkoutView } from '../../rules/workoutView';
import { parseDebugCsv } from '../../csv';
import { attempt } from '../../stores/alerts';
import { engineSettings, settings } from '../../stores/settings';
import { exportSessionCsv, sessionCsvInput } from '../../workout/sessionExport';
import { useApp } from '../../compose/appContext';

export function ImportPanel(): ReactElement {
  useSignals();
  const { ports } = useApp();
  const id = useId();
  const s = settings.value;
  const [file, setFile] = useState<{ name: string; samples: SampleBatch } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [hz, setHz] = useState<number | null>(s.hz);
  const [result, setResult] = useState<{ hz: number; reps: Rep[]; skipped: number; rejected: number; note: string | null } | null>(null);

  async function load(chosen: File): Promise<void> {
    setFile(null);
    setResult(null);
    setProgress(0);
    try {
      const samples = await parseDebugCsv(chosen, setProgress);
      setFile({ name: chosen.name, samples });
    } finally {
      setProgress(null);
    }
  }

  function run(): void {
    if (file === null || hz === null) return;
    void attempt(() => {
      const update = reprocess(file.samples, { ...engineSettings.peek(), hz });
      const note = whyNoReps(file.samples.timeUs.length, update) ?? (describeProblems(update.problems ?? NO_PROBLEMS).join('; ') || null);
      setResult({ hz, reps: update.reps, skipped: update.skipped, rejected: update.problems?.rejected ?? 0, note });
    });
  }

  const rows = result ? buildWorkoutView(result.reps, s).rows : [];
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import and reprocess a debug CSV</h2>
      <div className="field">
        <label htmlFor={`${id}-file`}>Debug CSV file</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) void attempt(() => load(chosen), `Import of ${chosen.name} failed`);
          }}
        />
      </div>
      {progress !== null && (
        <progress aria-label="Import progress" max={1} value={progress}>
          {Math.round(progress * 100)} %
        </progress>
      )}
      {file && (
        <p>
          {file.name}: {file.samples.timeUs.length} samples
        </p>
      )}
      <NumberField label="Sampling rate" unit="Hz" value={s.hz} min={RANGES.hz.min} max={RANGES.hz.max} onChange={setHz} />
      <button type="button" className="button button--primary" disabled={file === null || hz === null} onClick={run}>
        Reprocess
      </button>
      {result && file && (
        <>
          <p>
            {result.reps.length} reps at {result.hz} Hz, {result.skipped} samples skipped, {result.rejected} rejected as glitches.
          </p>
          {result.note && <p className="hint warning">{result.reps.length === 0 ? 'No reps' : 'Note'}: {result.note}.</p>}
          <RepTable rows={rows} phase={s.phase} unit={METRIC_UNITS[s.metric]} showPercentDrop={s.target !== 'None'} caption="Reprocessed reps" />
          <button
            type="button"
            className="button"
            onClick={() =>
              void attempt(() =>
                exportSessionCsv(sessionCsvInput({ date: new Date(), settings: { ...s, hz: result.hz }, firmware: null, reps: result.reps, raw: file.samples }), { ...s, hz: result.hz }, ports.share()),
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
