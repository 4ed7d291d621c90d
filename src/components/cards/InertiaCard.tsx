/** The Inertia card: the workout inertia (the plates' total), with Windup on Reset and boost badges. */
import type { ReactElement } from 'react';
import { boostLabel } from '../../rules/labels';
import { BoostIcon, WindupIcon } from '../icons';
import { Card, type CardBadge } from './Card';

export interface InertiaCardProps {
  inertia: number;
  windupOnReset: boolean;
  boost: number;
  onOpen: () => void;
}

export function InertiaCard({ inertia, windupOnReset, boost, onOpen }: InertiaCardProps): ReactElement {
  const badges: CardBadge[] = [];
  if (windupOnReset) badges.push({ name: 'Windup on Reset', icon: <WindupIcon /> });
  if (boost > 0) badges.push({ name: 'Overload Boost', icon: <BoostIcon />, detail: boostLabel(boost) });
  return <Card title="Inertia" value={inertia} unit="kg·m²" badges={badges} onOpen={onOpen} />;
}
