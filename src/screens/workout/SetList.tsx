/**
 * The session's sets, once there is more than one: a compact line per set (its plates' inertia
 * and boost, reps, best and mean of the chosen metric and phase, velocity loss, work, eccentric
 * overload), the current set last. Sets are split at rests longer than the set rest and at load
 * changes (rules/sets).
 *
 * With athletes named (`rules.tags`) sets are split at each change of athlete or exercise too,
 * each counted after its own athlete's warmup, and `who` names the athlete and exercise of each.
 *
 * The rep under way (its concentric shown, its return not yet) counts in the current set's reps,
 * as on the big number, and opens the set's line when it starts one; the figures are the closed
 * reps'. Velocity loss (best to last) needs two counted reps, and work one: before that they are
 * left out rather than written as 0.
 */
import type { ReactElement } from 'react';
import type { Rep, Turn } from '../../engine/types';
import { boostLabel, fixed2, repsText } from '../../rules/labels';
import { sessionSets, type SetRules, type SetSummary } from '../../rules/sets';
import { currentSet } from '../../rules/setSplit';
import { taggedSets, type Tag, type TagSpan } from '../../rules/setTags';

export interface SetListProps {
  reps: readonly Rep[];
  /** The rep under way, null between reps. */
  turn: Turn | null;
  rules: SetRules & { tags?: readonly TagSpan[] };
  unit: string;
  /** "Ana, Squat": who did a set and what; none: no names shown. */
  who?: (tag: Tag) => string;
}

interface Line {
  index: number;
  tag: Tag | null;
  /** Counted reps, the one under way included. */
  counted: number;
  /** The closed reps' figures; null for a set whose first rep is under way. */
  set: SetSummary | null;
  warmupUnderWay: boolean;
}

/** A set's figures in a line: "0.05 kg·m², boost Off · 4 reps · best 0.75 m/s · …"; `counted` may add the rep under way. */
export function setFigures(set: SetSummary, unit: string, counted = set.counted): string {
  const figures = [
    set.load === null ? null : `${set.load.inertia}\u00a0kg·m², boost ${boostLabel(set.load.boost)}`,
    repsText(counted),
    set.best === null ? null : `best ${fixed2(set.best)}\u00a0${unit}`,
    set.mean === null ? null : `mean ${fixed2(set.mean)}\u00a0${unit}`,
    set.counted < 2 ? null : `velocity loss ${set.velocityLoss.toFixed(1)}\u00a0%`,
    set.counted < 1 ? null : `work ${Math.round(set.work)}\u00a0J`,
    set.overload > 0 ? `overload ${fixed2(set.overload)}` : null,
  ];
  return figures.filter((f) => f !== null).join(' · ');
}

function text({ counted, set, warmupUnderWay }: Line, unit: string): string {
  if (set === null) return warmupUnderWay ? 'warmup under way' : repsText(counted);
  return setFigures(set, unit, counted);
}

/** Each set's line, the rep under way in the last (or in a line of its own when it starts a set). */
function lines(reps: readonly Rep[], turn: Turn | null, rules: SetListProps['rules']): Line[] {
  const tags: readonly TagSpan[] = (rules.tags as readonly TagSpan[] | undefined) ?? [];
  const out: Line[] =
    tags.length === 0
      ? sessionSets(reps, rules).map((set) => ({ index: set.index, tag: null, counted: set.counted, set, warmupUnderWay: false }))
      : taggedSets(reps, { ...rules, tags }).map((set) => ({ index: set.summary.index, tag: set, counted: set.summary.counted, set: set.summary, warmupUnderWay: false }));
  const current = currentSet(reps, turn, rules);
  if (current.turn === null) return out;
  const counts = current.turn.index >= rules.warmup;
  if (current.reps.length === 0 || out.length === 0) {
    out.push({ index: out.length, tag: tags.at(-1) ?? null, counted: counts ? 1 : 0, set: null, warmupUnderWay: !counts });
  } else {
    const last = out[out.length - 1]!;
    out[out.length - 1] = { ...last, counted: last.counted + (counts ? 1 : 0) };
  }
  return out;
}

export function SetList({ reps, turn, rules, unit, who }: SetListProps): ReactElement | null {
  const sets = lines(reps, turn, rules);
  if (sets.length < 2) return null;
  // Once the next athlete is up and has not pulled yet, no set of the list is the current one.
  const current = currentSet(reps, turn, rules);
  const last = current.reps.length > 0 || current.turn !== null ? sets.length - 1 : -1;
  return (
    <section className="set-list" aria-labelledby="set-list-title">
      <h2 id="set-list-title">Sets</h2>
      <ol>
        {sets.map((line) => (
          <li key={line.index} aria-current={line.index === last ? 'step' : undefined}>
            <strong>Set {line.index + 1}</strong>
            {line.index === last && ' (current)'}
            {who !== undefined && line.tag !== null && ` · ${who(line.tag)}`}: {text(line, unit)}
          </li>
        ))}
      </ol>
    </section>
  );
}
