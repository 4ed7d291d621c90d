/**
 * A kept session, opened from the History (/history/:id): every set of it, each with its figures
 * (plates, reps, best and mean, velocity loss, work, overload) and its reps as a chart or a table,
 * numbered from its own warmup and judged by the session's own targets, as the Workout screen
 * showed them set by set. The metric, phase and view are chosen here (starting from the Workout
 * screen's) and change nothing else; the session can be exported or deleted from here too.
 *
 * Decisions where the product rules are silent: the page reads the journal only, so it leaves the
 * set on the Workout screen alone and works while a unit is connected; sets split as the Workout
 * screen splits them (rules/setTags), with the session's set rest, loads and changes of athlete or
 * exercise, each counted after its own athlete's warmup. The sets are the athletes' (rules/
 * athleteSets.ts): nobody's reps after a set was over, and the sets of an athlete taken out of the
 * session, are in none. Each set is named as its athlete knows it ("Ana, set 2") and says what
 * they did, and the RPE and note given after it, which can be given or changed here too.
 * Deleting the session names everyone in it (DeleteSession.tsx).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactElement } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { SelectField } from '../../components/SelectField';
import { percentAgainst, RepTable } from '../../components/table/RepTable';
import { useApp } from '../../compose/appContext';
import { METRICS, type Metric, type Rep } from '../../engine/types';
import type { RecordedSession } from '../../journal/journaling';
import type { HistoryEntry } from '../../journal/records';
import { messageOf } from '../../shared/messageOf';
import { METRIC_LABELS, METRIC_UNITS, PHASE_LABELS, PHASES, type Phase } from '../../rules/labels';
import type { View } from '../../rules/settingsModel';
import { summariseSet } from '../../rules/sets';
import { athleteSets, setName, type AthleteSet } from '../../rules/athleteSets';
import { splitSets } from '../../rules/setSplit';
import { taggedSets } from '../../rules/setTags';
import { buildWorkoutView } from '../../rules/workoutView';
import { setFigures } from '../workout/SetList';
import { DeleteSession } from './DeleteSession';
import { RateDialog } from './RateDialog';
import { SessionAway } from './SessionAway';
import { exportRecorded, when } from './sessionText';

const RepChart = lazy(() => import('../../components/chart/PlotlyRepChart'));
const METRIC_OPTIONS = METRICS.map((value) => ({ value, label: METRIC_LABELS[value] }));
const PHASE_OPTIONS = PHASES.map((value) => ({ value, label: PHASE_LABELS[value] }));

/** A set of the session: its reps numbered from the set's first rep (its warmup first), who did it and the rating given. */
interface ShownSet {
  reps: Rep[];
  tagged: AthleteSet | null;
}

/** How the session's sets are cut and rated: its rules with its tags, notes and the athletes taken out. */
function rulesOf(recorded: RecordedSession) {
  const s = recorded.settings;
  return { restS: s.setRestS, loads: recorded.loads, tags: recorded.tags, notes: recorded.notes, removed: recorded.removedAthletes, warmup: s.warmup, metric: s.metric, phase: s.phase };
}

function setsOf(recorded: RecordedSession): ShownSet[] {
  const fromZero = (set: readonly Rep[]) => set.map((rep) => ({ ...rep, index: rep.index - set[0]!.index }));
  if (recorded.tags.length === 0) return splitSets(recorded.reps, { restS: recorded.settings.setRestS, loads: recorded.loads }).map((set) => ({ reps: fromZero(set), tagged: null }));
  return athleteSets(recorded.reps, rulesOf(recorded)).map((set) => ({ reps: fromZero(set.reps), tagged: set }));
}

/** "Squat · RPE 7 · “last rep slow”" */
function whatLine(set: AthleteSet, exercise: (id: string) => string): string {
  return [exercise(set.exerciseId), set.rpe === null ? 'no RPE given' : `RPE ${set.rpe}`, set.note === '' ? null : `“${set.note}”`].filter((x) => x !== null).join(' · ');
}

function SessionSet({ index, set, recorded, metric, phase, view, onRate }: { index: number; set: ShownSet; recorded: RecordedSession; metric: Metric; phase: Phase; view: View; onRate: (() => void) | null }): ReactElement {
  const { team } = useApp();
  const s = recorded.settings;
  const reps = set.reps;
  const warmup = set.tagged?.warmup ?? s.warmup;
  const summary = summariseSet(index, reps, { restS: s.setRestS, loads: recorded.loads, warmup, metric, phase });
  const shown = buildWorkoutView(reps, { ...s, warmup, metric, phase, repGoal: null });
  const unit = METRIC_UNITS[metric];
  const id = `set-${index + 1}`;
  const roster = team.value?.store.roster.value ?? [];
  const name = (athleteId: string) => roster.find((a) => a.id === athleteId)?.name ?? 'Unknown athlete';
  const title = set.tagged !== null && team.value !== null ? setName(name(set.tagged.athleteId), set.tagged) : `Set ${index + 1}`;
  return (
    <section className="session-set" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {set.tagged !== null && team.value !== null && (
        <p className="session-set__who">
          {whatLine(set.tagged, team.value.exerciseName)}{' '}
          {onRate !== null && (
            <button type="button" className="button" aria-label={`Rate ${title}`} onClick={onRate}>
              Rate
            </button>
          )}
        </p>
      )}
      <p className="hint">{setFigures(summary, unit)}</p>
      {view === 'table' ? (
        <RepTable rows={shown.rows} phase={phase} unit={unit} percentAgainst={percentAgainst(shown.judged, shown.target, unit)} caption={`Reps of set ${index + 1}`} />
      ) : (
        <Suspense fallback={<p className="chart chart--loading">Loading chart…</p>}>
          <RepChart rows={shown.rows} target={shown.judged} currentTarget={shown.target} currentDrop={shown.drop} unit={unit} axisTitle={METRIC_LABELS[metric]} />
        </Suspense>
      )}
    </section>
  );
}

export default function SessionScreen(): ReactElement {
  useSignals();
  const app = useApp();
  const { alerts, settings } = app.stores;
  const { attempt } = alerts;
  const journal = app.journal.value;
  const ready = journal?.state.value.kind === 'open';
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const [recorded, setRecorded] = useState<RecordedSession | null>(null);
  const [missing, setMissing] = useState(false);
  const [away, setAway] = useState<{ entry: HistoryEntry; why: string } | null>(null);
  const [metric, setMetric] = useState<Metric>(settings.current.peek().metric);
  const [phase, setPhase] = useState<Phase>(settings.current.peek().phase);
  const [view, setView] = useState<View>(settings.current.peek().view);
  const [confirming, setConfirming] = useState(false);
  const [rating, setRating] = useState<AthleteSet | null>(null);

  // A session whose samples cannot be read now (pulled without them, opened offline) shows its
  // record meanwhile, and is read again at each chance to reach the team server until it opens.
  useEffect(() => {
    if (!ready || journal === null) return;
    let opened = false;
    let left = false;
    const open = () =>
      attempt(async () => {
        const entry = (await journal.history()).find((e) => e.id === id);
        if (entry === undefined) return setMissing(true);
        try {
          const read = await journal.recorded(id);
          if (left) return;
          opened = true;
          setRecorded(read);
          setAway(null);
        } catch (error) {
          if (!left) setAway({ entry, why: messageOf(error) });
        }
      });
    void open();
    const stop = journal.sync.onChance(() => {
      if (!opened) void open();
    });
    return () => {
      left = true;
      stop();
    };
  }, [ready, journal, id]);
  const sets = useMemo(() => (recorded === null ? [] : setsOf(recorded)), [recorded]);
  const athleteName = (athleteId: string) => app.team.value?.store.roster.value.find((a) => a.id === athleteId)?.name ?? 'Unknown athlete';
  const dated = recorded?.loaded.meta ?? away?.entry ?? null;
  const title = dated === null ? 'Session' : `Session of ${when(dated)}`;

  return (
    <section className="screen session">
      <p className="back">
        <Link to="/history">← History</Link>
      </p>
      <h1>{title}</h1>
      {missing && <p className="empty">This session is not kept on this device (it was deleted, or never finished).</p>}
      {!missing && recorded === null && away === null && <p className="hint">Loading…</p>}
      {recorded === null && away !== null && <SessionAway entry={away.entry} why={away.why} athlete={athleteName} exercise={(exerciseId) => app.team.value?.exerciseName(exerciseId) ?? 'Unknown exercise'} />}
      {recorded !== null && journal !== null && (
        <>
          <p className="hint">
            {sets.length === 1 ? '1 set' : `${sets.length} sets`}, split at rests longer than {recorded.settings.setRestS} s, at plate changes and at changes of athlete or exercise.
          </p>
          <div className="toolbar">
            <SelectField label="Mean" inline value={metric} options={METRIC_OPTIONS} onChange={setMetric} />
            <SelectField label="Phase" inline value={phase} options={PHASE_OPTIONS} onChange={setPhase} />
            <div className="segmented" role="group" aria-label="View">
              <button type="button" aria-pressed={view === 'graph'} onClick={() => setView('graph')}>
                Graph
              </button>
              <button type="button" aria-pressed={view === 'table'} onClick={() => setView('table')}>
                Table
              </button>
            </div>
            <button type="button" className="button" onClick={() => void attempt(() => exportRecorded(journal, recorded.loaded.meta, app.ports.share(), alerts, app.team.value?.names()))}>
              Export CSV
            </button>
            <button type="button" className="button button--delete" onClick={() => setConfirming(true)}>
              Delete
            </button>
          </div>
          {sets.length === 0 && <p className="empty">No rep was recorded in this session.</p>}
          {sets.map((set, index) => (
            <SessionSet key={index} index={index} set={set} recorded={recorded} metric={metric} phase={phase} view={view} onRate={set.tagged === null ? null : () => setRating(set.tagged)} />
          ))}
          {rating !== null && (
            <RateDialog
              initial={rating}
              onClose={() => setRating(null)}
              onSave={(rpe, note) =>
                void attempt(async () => {
                  // A note names its set by the set's start among every set of the session, nobody's included.
                  await journal.rateSet(id, { atUs: rating.startUs, rpe, note }, taggedSets(recorded.reps, rulesOf(recorded)).map((x) => x.startUs));
                  setRecorded(await journal.recorded(id));
                  setRating(null);
                })
              }
            />
          )}
          {confirming && (
            <DeleteSession
              journal={journal}
              session={{ id, startedAt: recorded.loaded.meta.startedAt, sets: recorded.loaded.meta.sets ?? [], removed: recorded.removedAthletes, reps: recorded.tags.length === 0 ? (recorded.loaded.meta.summary?.reps ?? 0) : sets.reduce((n, set) => n + (set.tagged?.summary.counted ?? 0), 0) }}
              athleteId={null}
              name={athleteName}
              onCancel={() => setConfirming(false)}
              onDone={() => navigate('/history')}
            />
          )}
        </>
      )}
    </section>
  );
}
