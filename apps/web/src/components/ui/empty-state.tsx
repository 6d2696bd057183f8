import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

interface EmptyStateProps {
  icon?: IconName;
  title: string;
  text?: string;
  /** A call to action such as a link home. */
  children?: ReactNode;
}

/** What a section shows when it has nothing to list. */
export function EmptyState({ icon = 'compass', title, text, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon" aria-hidden="true">
        <Icon name={icon} size={32} />
      </span>
      <p className="empty-state__title">{title}</p>
      {text ? <p className="empty-state__text">{text}</p> : null}
      {children ? <div className="empty-state__actions">{children}</div> : null}
    </div>
  );
}
