/**
 * docs/behaviour.md §2 repetition table: #, Concentric, Eccentric and, when a target is set, Percent Drop,
 * whose heading says what it is against (the target, or the set's best rep for Fatigue): the
 * phase bar's "latest … % vs best" is another comparison, and each figure names its own. A drop
 * is how far a rep fell short of that, so it is positive below it and negative above it.
 * Warmup rows read W and are plain and muted (not judged); invalid rows are shaded, with a mark in
 * the danger colour beside their number (both marked data-valid="false" for tests and CSS),
 * values have three or four significant figures (rules/labels.ts `figure`), percentages two decimals. The chosen phase's column is emphasised. The rep under way shows its
 * concentric at the turn and "…" for its eccentric until the rep closes. An optional column shows
 * the eccentric overload of each rep: eccentric over concentric peak power, and mean power.
 */
import type { ReactElement } from 'react';
import { figure as shown, fixed2, type Phase } from '../../rules/labels';
import type { TargetType } from '../../rules/target';
import type { RepRow } from '../../rules/workoutView';

/** What a rep's Percent Drop compares against ("target 0.72 m/s", "best 0.75 m/s"); none without a target. */
export function percentAgainst(type: TargetType, target: number | null, unit: string): string | undefined {
  if (type === 'None') return undefined;
  if (target === null) return type === 'Fatigue' ? 'best rep' : undefined;
  return `${type === 'Fatigue' ? 'best' : 'target'} ${shown(target)} ${unit}`;
}

export interface RepTableProps {
  rows: readonly RepRow[];
  /** The Percent Drop column, and what it is against (`percentAgainst`); no column without it. */
  percentAgainst?: string;
  phase: Phase;
  /** Column headings carry the metric's unit, e.g. "m/s". */
  unit: string;
  caption?: string;
  /** The metric cannot be measured yet (no plates chosen): every value reads "–", never 0.00. */
  unknown?: boolean;
  /** The eccentric-overload column: eccentric / concentric peak power, then mean power. */
  showOverload?: boolean;
}

/** "1.24 / 1.10": peak then mean power ratio; "–" without concentric power, "…" while the return is under way. */
function overloadText(row: RepRow): string {
  if (row.overload === null) return '…';
  const { peak, mean } = row.overload;
  return peak === 0 && mean === 0 ? '–' : `${fixed2(peak)} / ${fixed2(mean)}`;
}

export function RepTable({ rows, percentAgainst: against, phase, unit, caption, unknown = false, showOverload = false }: RepTableProps): ReactElement {
  const figure = (value: number) => (unknown ? '–' : shown(value));
  return (
    <div className="table-wrap">
      <table className="reps">
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col" className={phase === 'concentric' ? 'is-phase' : undefined}>
              Concentric <span className="reps__unit">({unit})</span>
            </th>
            <th scope="col" className={phase === 'eccentric' ? 'is-phase' : undefined}>
              Eccentric <span className="reps__unit">({unit})</span>
            </th>
            {against !== undefined && (
              <th scope="col">
                Percent Drop <span className="reps__unit">(vs {against})</span>
              </th>
            )}
            {showOverload && (
              <th scope="col">
                Overload <span className="reps__unit">(ecc/con power: peak / mean)</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.index} data-valid={String(row.valid)} className={row.count <= 0 ? 'is-warmup' : row.valid ? undefined : 'is-invalid'}>
              <th scope="row">{row.label}</th>
              <td>{figure(row.concentric)}</td>
              <td>{row.eccentric === null ? <span title="The return is under way">…</span> : figure(row.eccentric)}</td>
              {against !== undefined && <td>{row.percentChange === null ? '–' : `${fixed2(-row.percentChange)}\u00a0%`}</td>}
              {showOverload && <td>{overloadText(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
