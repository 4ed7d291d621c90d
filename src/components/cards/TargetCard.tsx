/** The Target card: the target type and the reps counted after the warmup, with a voice badge. */
import type { ReactElement } from 'react';
import { TARGET_LABELS, type TargetType } from '../../rules/target';
import { VoiceIcon } from '../icons';
import { Card } from './Card';

export interface TargetCardProps {
  counted: number;
  target: TargetType;
  voice: boolean;
  onOpen: () => void;
}

export function TargetCard({ counted, target, voice, onOpen }: TargetCardProps): ReactElement {
  const badges = voice ? [{ name: 'Voice Feedback on', icon: <VoiceIcon /> }] : [];
  return <Card title={`Target: ${TARGET_LABELS[target]}`} value={Math.max(0, counted)} unit="/reps" badges={badges} onOpen={onOpen} />;
}
