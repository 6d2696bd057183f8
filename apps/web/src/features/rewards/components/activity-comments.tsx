import type { PlayerActivity } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useNearViewport } from '../../../components/ui/use-near-viewport';
import { useActivityComments } from '../api/comment-queries';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import './activity-comments.css';

/**
 * The comments of an activity that asks for them (spec section 5): a toggle with the count, and when
 * open the list and the form. The first page is read once the card comes near the screen, for the
 * count; nothing is read for cards far below.
 */
export function ActivityComments({ activity }: { activity: PlayerActivity }) {
  const { t } = useTranslation('rewards');
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const { ref, near } = useNearViewport<HTMLDivElement>();
  const comments = useActivityComments(activity.id, near || open);
  const total = comments.data?.pages[0]?.total;
  return (
    <div ref={ref} className="reward-comments">
      <button
        type="button"
        className="reward-comments__toggle"
        aria-expanded={open}
        aria-controls={open ? regionId : undefined}
        onClick={() => setOpen((current) => !current)}
      >
        <Icon name="chat" size={16} />
        <span>
          {total === undefined
            ? t('rewards.comments.toggle')
            : t('rewards.comments.toggleCount', { count: total })}
        </span>
        <Icon name="chevronDown" size={16} />
      </button>
      {open ? (
        <section
          id={regionId}
          className="reward-comments__body"
          aria-label={t('rewards.comments.regionLabel', { title: activity.title })}
        >
          <CommentList comments={comments} />
          <CommentForm activityId={activity.id} />
        </section>
      ) : null}
    </div>
  );
}
