/**
 * docs/behaviour.md §2: the button swapping the shown phase, with the phase name and its latest value beside
 * it, and the "Best rep was" figure whose percent change shows only when it is non-zero. That
 * change is the latest counted rep against the best and says so ("vs best"): the table's Percent
 * Drop is against the target, and each figure names what it compares with.
 */
import type { ReactElement } from 'react';
import { SwapIcon } from '../../components/icons';
import { figure, fixed2, PHASE_LABELS, type Phase } from '../../rules/labels';
import type { RepValue } from '../../rules/target';
import { repLabel } from '../../rules/validity';

export interface PhaseBarProps {
  phase: Phase;
  latest: number | null;
  best: RepValue | null;
  bestChange: number;
  unit: string;
  onSwap: () => void;
}

export function PhaseBar({ phase, latest, best, bestChange, unit, onSwap }: PhaseBarProps): ReactElement {
  return (
    <div className="phase-bar">
      <button type="button" className="button" onClick={onSwap} aria-label="Swap phase">
        <SwapIcon />
      </button>
      <p className="phase-bar__phase">
        <span className="phase-bar__name">{PHASE_LABELS[phase]}</span>{' '}
        <span className="phase-bar__value" data-testid="latest-value">
          {latest === null ? '–' : `${figure(latest)}\u00a0${unit}`}
        </span>
      </p>
      {best && (
        <p className="phase-bar__best">
          Best rep was <strong>{figure(best.value)} {unit}</strong> (rep {repLabel(best.count)})
          {bestChange !== 0 && <span className="phase-bar__change"> · latest {`${fixed2(bestChange)}\u00a0%`} vs best</span>}
        </p>
      )}
    </div>
  );
}
