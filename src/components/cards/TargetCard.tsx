/** The Target card: the target type and the reps counted after the warmup ("6 reps", or "6 / 8 reps" with a rep goal), with a voice badge. */
import type { ReactElement } from 'react';
import { TARGET_LABELS, type TargetType } from '../../rules/target';
import { VoiceIcon } from '../icons';
import { Card } from './Card';

export interface TargetCardProps {
  counted: number;
  /** Planned reps; null: none. */
  goal: number | null;
  target: TargetType;
  voice: boolean;
  onOpen: () => void;
}

export function TargetCard({ counted, goal, target, voice, onOpen }: TargetCardProps): ReactElement {
  const badges = voice ? [{ name: 'Voice Feedback on', icon: <VoiceIcon /> }] : [];
  return <Card title={`Target: ${TARGET_LABELS[target]}`} value={goal === null ? Math.max(0, counted) : `${Math.max(0, counted)} / ${goal}`} unit={goal === null && counted === 1 ? 'rep' : 'reps'} badges={badges} onOpen={onOpen} />;
}
