/**
 * The Workout screen's card: a button that opens its dialog, with a title, a big value and its
 * unit, and badges for the options that are on (an icon, with its name for screen readers).
 */
import type { ReactElement, ReactNode } from 'react';

export interface CardBadge {
  /** The option's name: the tooltip and what a screen reader says. */
  name: string;
  icon: ReactElement;
  /** Shown after the icon (e.g. the boost level). */
  detail?: string;
}

export interface CardProps {
  title: string;
  value: ReactNode;
  unit: string;
  badges: readonly CardBadge[];
  onOpen: () => void;
}

export function Card({ title, value, unit, badges, onOpen }: CardProps): ReactElement {
  return (
    <button type="button" className="card" aria-haspopup="dialog" onClick={onOpen}>
      <span className="card__title">{title}</span>
      <span className="card__value">
        {value} <span className="card__unit">{unit}</span>
      </span>
      <span className="card__icons">
        {badges.map((badge) => (
          <span key={badge.name} className="card__badge" title={badge.name}>
            {badge.icon}
            <span className="visually-hidden">{badge.name}</span>
            {badge.detail !== undefined && ` ${badge.detail}`}
          </span>
        ))}
      </span>
    </button>
  );
}
