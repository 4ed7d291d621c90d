/**
 * Debug CSV import and reprocessing: a recorded file is parsed (with a progress bar), processed
 * at a chosen sampling rate, shown as a reps table per set (split, numbered and judged as the
 * Workout screen does the set in progress: rules/setSplit.ts) and exportable as a session CSV. It
 * works on its own copy and never touches the live session.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useState, type ReactElement } from 'react';
import { reprocess } from '../../engine';
import type { Rep, SampleBatch } from '../../engine/types';
import { NumberField } from '../../components/NumberField';
import { RepTable } from '../../components/table/RepTable';
import { lacksInertia } from '../../rules/inertiaMetrics';
import { METRIC_UNITS } from '../../rules/labels';
import { setsFromZero } from '../../rules/setSplit';
import { buildWorkoutView } from '../../rules/workoutView';
import { parseDebugCsv } from '../../csv';
import { exportSessionCsv, sessionCsvInput } from '../../workout/sessionExport';
import { useApp } from '../../compose/appContext';

export function ImportPanel(): ReactElement {
  useSignals();
  const { ports, stores } = useApp();
  const { alerts, settings } = stores;
  const { attempt } = alerts;
  const id = useId();
  const s = settings.current.value;
  const [file, setFile] = useState<{ name: string; samples: SampleBatch } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [hz, setHz] = useState<number | null>(s.hz);
  const [result, setResult] = useState<{ hz: number; inertia: number; reps: Rep[]; skipped: number } | null>(null);

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
      const engine = { ...settings.engine.peek(), hz };
      const update = reprocess(file.samples, engine);
      setResult({ hz, inertia: engine.inertia, reps: update.reps, skipped: update.skipped });
    });
  }

  const sets = result ? setsFromZero(result.reps, { restS: s.setRestS }).map((set) => buildWorkoutView(set, s).rows) : [];
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
      <NumberField label="Sampling rate" unit="Hz" value={s.hz} min={1} max={1000} onChange={setHz} />
      <button type="button" className="button button--primary" disabled={file === null || hz === null} onClick={run}>
        Reprocess
      </button>
      {result && file && (
        <>
          <p>
            {result.reps.length} reps at {result.hz} Hz{sets.length > 1 && ` in ${sets.length} sets`}, {result.skipped} samples skipped.
          </p>
          {sets.map((rows, i) => (
            <RepTable
              key={i}
              rows={rows}
              phase={s.phase}
              unit={METRIC_UNITS[s.metric]}
              showPercentDrop={s.target !== 'None'}
              unknown={lacksInertia(s.metric, result.inertia)}
              caption={sets.length > 1 ? `Reprocessed reps, set ${i + 1} of ${sets.length}` : 'Reprocessed reps'}
            />
          ))}
          <button
            type="button"
            className="button"
            onClick={() =>
              void attempt(() =>
                exportSessionCsv(sessionCsvInput({ date: new Date(), settings: { ...s, hz: result.hz }, firmware: null, reps: result.reps, raw: file.samples }), { ...s, hz: result.hz }, ports.share(), alerts),
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
