/**
 * The session's sets, once there is more than one: a compact line per set (its plates' inertia
 * and boost, reps, best and mean of the chosen metric and phase, velocity loss, work, eccentric
 * overload), the current set last. Sets are split at rests longer than the set rest and at load
 * changes (rules/sets).
 *
 * With athletes named (`rules.tags`) sets are split at each change of athlete or exercise too,
 * each counted after its own athlete's warmup; the list holds the athletes' sets
 * (rules/athleteSets.ts: nobody's reps after a set was over are in none) and `who` names the
 * athlete and exercise of each, numbered among that athlete's sets ("Ana, set 2").
 *
 * The rep under way (its concentric shown, its return not yet) counts in the current set's reps
 * and in its concentric figures (velocity loss, the best and mean of the concentric), as on the
 * big number and the line above the chart, and opens the set's line when it starts one; work and
 * overload wait for its return. Velocity loss (best to last) needs two counted reps, and work one:
 * before that they are left out rather than written as 0.
 */
import type { ReactElement } from 'react';
import type { Rep, Turn } from '../../engine/types';
import { athleteSets } from '../../rules/athleteSets';
import { boostLabel, figure, fixed2, repsText } from '../../rules/labels';
import { summariseSet, summariseWithTurn, type SetRules, type SetSummary } from '../../rules/sets';
import { currentSet, splitSets } from '../../rules/setSplit';
import type { Tag, TagSpan } from '../../rules/setTags';

export interface SetListProps {
  reps: readonly Rep[];
  /** The rep under way, null between reps. */
  turn: Turn | null;
  rules: SetRules & { tags?: readonly TagSpan[] };
  unit: string;
  /** The athlete's and exercise's names of a set; none: no names shown. */
  who?: (tag: Tag) => { athlete: string; exercise: string };
}

interface Line {
  index: number;
  /** Who did it, and their set's number among theirs; null without names. */
  tag: (Tag & { number: number }) | null;
  /** The set's figures, the rep under way's concentric included; null for a set whose first rep is under way. */
  set: SetSummary | null;
  counted: number;
  warmupUnderWay: boolean;
  current: boolean;
}

/** A set's figures in a line: "0.05 kg·m², boost Off · 4 reps · best 0.75 m/s · …"; `counted` may add the rep under way. */
export function setFigures(set: SetSummary, unit: string, counted = set.counted): string {
  const figures = [
    set.load === null ? null : `${set.load.inertia}\u00a0kg·m², boost ${boostLabel(set.load.boost)}`,
    repsText(counted),
    set.best === null ? null : `best ${figure(set.best)}\u00a0${unit}`,
    set.mean === null ? null : `mean ${figure(set.mean)}\u00a0${unit}`,
    counted < 2 ? null : `velocity loss ${set.velocityLoss.toFixed(1)}\u00a0%`,
    set.counted < 1 ? null : `work ${Math.round(set.work)}\u00a0J`,
    set.overload > 0 ? `overload ${fixed2(set.overload)}` : null,
  ];
  return figures.filter((f) => f !== null).join(' · ');
}

function text({ counted, set, warmupUnderWay }: Line, unit: string): string {
  if (set === null) return warmupUnderWay ? 'warmup under way' : repsText(counted);
  return setFigures(set, unit, counted);
}

/** Each set's line, the rep under way in the set in progress (or in a line of its own when it starts one). */
function lines(reps: readonly Rep[], turn: Turn | null, rules: SetListProps['rules']): Line[] {
  const tags: readonly TagSpan[] = rules.tags ?? [];
  const current = currentSet(reps, turn, rules);
  const first = current.reps[0]?.startUs;
  const sets =
    tags.length === 0
      ? splitSets(reps, rules).map((set, i) => ({ summary: summariseSet(i, set, rules), tag: null, reps: set, warmup: rules.warmup }))
      : athleteSets(reps, { ...rules, tags }).map((set) => ({ summary: set.summary, tag: { athleteId: set.athleteId, exerciseId: set.exerciseId, number: set.number }, reps: set.reps, warmup: set.warmup }));
  const out: Line[] = sets.map(({ summary, tag, reps: setReps, warmup }, i) => {
    const isCurrent = first !== undefined && setReps[0]?.startUs === first;
    const set = isCurrent ? summariseWithTurn(summary.index, setReps, current.turn, { ...rules, warmup }) : summary;
    const turnCounts = isCurrent && current.turn !== null && current.turn.index >= warmup;
    return { index: i, tag, set, counted: set.counted + (turnCounts ? 1 : 0), warmupUnderWay: false, current: isCurrent };
  });
  if (current.reps.length === 0 && current.turn !== null) {
    const up = tags.at(-1);
    const number = up === undefined ? 0 : out.filter((line) => line.tag?.athleteId === up.athleteId).length + 1;
    const counts = current.turn.index >= (up?.warmup ?? rules.warmup);
    out.push({ index: out.length, tag: up === undefined ? null : { athleteId: up.athleteId, exerciseId: up.exerciseId, number }, set: null, counted: counts ? 1 : 0, warmupUnderWay: !counts, current: true });
  }
  return out;
}

export function SetList({ reps, turn, rules, unit, who }: SetListProps): ReactElement | null {
  const sets = lines(reps, turn, rules);
  if (sets.length < 2) return null;
  return (
    <section className="set-list" aria-labelledby="set-list-title">
      <h2 id="set-list-title">Sets</h2>
      <ol>
        {sets.map((line) => {
          const names = who !== undefined && line.tag !== null ? who(line.tag) : null;
          return (
            <li key={line.index} aria-current={line.current ? 'step' : undefined}>
              <strong>{names === null ? `Set ${line.index + 1}` : `${names.athlete}, set ${line.tag!.number}`}</strong>
              {line.current && ' (current)'}
              {names !== null && ` · ${names.exercise}`}: {text(line, unit)}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
