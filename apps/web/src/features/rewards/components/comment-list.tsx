import type { ActivityComment } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import type { useActivityComments } from '../api/comment-queries';
import { formatTime } from '../model/format';

/** One comment: who wrote it (and whether it was me), when, the text and its images. */
function CommentItem({ comment }: { comment: ActivityComment }) {
  const { t, i18n } = useTranslation('rewards');
  return (
    <li className={`reward-comment${comment.mine ? ' reward-comment--mine' : ''}`}>
      <p className="reward-comment__meta">
        <span className="reward-comment__player">{comment.player}</span>
        {comment.mine ? <span className="reward-comment__mine">{t('rewards.comments.you')}</span> : null}
        <time className="reward-comment__time" dateTime={comment.createdAt}>
          {formatTime(comment.createdAt, i18n.language)}
        </time>
      </p>
      <p className="reward-comment__text">{comment.text}</p>
      {comment.images.length > 0 ? (
        <ul className="reward-comment__images">
          {comment.images.map((url, index) => (
            <li key={url}>
              {/* Full size in a new tab: the thumbnail is only a preview of a photo up to 5 MB. */}
              <a href={url} target="_blank" rel="noopener noreferrer">
                <img
                  src={url}
                  alt={t('rewards.comments.imageLink', { number: index + 1, player: comment.player })}
                  loading="lazy"
                  width={72}
                  height={72}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * An activity's comments, newest first as the server orders them, with loading, empty and error states
 * and a "Load more" button while pages remain.
 */
export function CommentList({ comments }: { comments: ReturnType<typeof useActivityComments> }) {
  const { t } = useTranslation('rewards');
  if (comments.isPending) return <SkeletonLines count={3} />;
  if (comments.isError) {
    return (
      <ErrorState
        compact
        message={t(errorMessageKey(comments.error))}
        onRetry={() => void comments.refetch()}
      />
    );
  }
  // Pages are read by offset: a comment written meanwhile pushes one down into the next page, so it
  // would show twice.
  const items = [
    ...new Map(comments.data.pages.flatMap((page) => page.items).map((item) => [item.id, item])).values(),
  ];
  if (items.length === 0) return <p className="reward-comments__empty">{t('rewards.comments.empty')}</p>;
  return (
    <>
      <ol className="reward-comments__list" aria-label={t('rewards.comments.listLabel')}>
        {items.map((comment) => (
          <CommentItem key={comment.id} comment={comment} />
        ))}
      </ol>
      {comments.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary reward-comments__more"
          disabled={comments.isFetchingNextPage}
          aria-busy={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {comments.isFetchingNextPage ? t('rewards.comments.loadingMore') : t('rewards.comments.loadMore')}
        </button>
      ) : null}
    </>
  );
}
