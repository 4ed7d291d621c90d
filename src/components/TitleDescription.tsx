/**
 * docs/behaviour.md §2 "title-with-description block": a setting's name with one line saying what it does.
 * The description gets an id so the control can point at it with aria-describedby.
 */
import type { ReactElement, ReactNode } from 'react';

export interface TitleDescriptionProps {
  title: ReactNode;
  description: string;
  /** id of the title (for a control's aria-labelledby). */
  titleId?: string;
  /** id of the description (for aria-describedby). */
  descriptionId?: string;
}

export function TitleDescription({ title, description, titleId, descriptionId }: TitleDescriptionProps): ReactElement {
  return (
    <div className="title-description">
      <span className="title-description__title" id={titleId}>
        {title}
      </span>
      <span className="title-description__text" id={descriptionId}>
        {description}
      </span>
    </div>
  );
}
