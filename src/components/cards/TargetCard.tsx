/**
 * SPEC §2 Target card: the reps done excluding warmup (never below 0) over "/reps", the target
 * type and a voice icon while voice feedback is on. Pressing it opens the Target dialog.
 */
import type { ReactElement } from 'react';
import { TARGET_LABELS, type TargetType } from '../../rules/target';
import { VoiceIcon } from '../icons';

export interface TargetCardProps {
  counted: number;
  target: TargetType;
  voice: boolean;
  onOpen: () => void;
}

export function TargetCard({ counted, target, voice, onOpen }: TargetCardProps): ReactElement {
  return (
    <button type="button" className="card" aria-haspopup="dialog" onClick={onOpen}>
      <span className="card__title">Target: {TARGET_LABELS[target]}</span>
      <span className="card__value">
        {Math.max(0, counted)}
        <span className="card__unit">/reps</span>
      </span>
      <span className="card__icons">
        {voice && (
          <span className="card__badge" title="Voice Feedback">
            <VoiceIcon />
            <span className="visually-hidden">Voice Feedback on</span>
          </span>
        )}
      </span>
    </button>
  );
}
