import { commentLimits } from '@portal/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, FormMessage, SubmitButton } from '../../../components/ui/form';
import { ImagePicker } from '../../../components/ui/image-picker';
import { errorMessageKey } from '../../../lib/api';
import type { ImageLimits, PickedImage, RefusedImage } from '../../../lib/image-files';
import { useActivityCommentPost } from '../api/comment-queries';

const imageLimits: ImageLimits = { count: commentLimits.maxImages, bytes: commentLimits.maxImageBytes };
const imageMegabytes = commentLimits.maxImageBytes / (1024 * 1024);

/** The length the server checks: characters (not UTF-16 units) of the trimmed text. */
export function commentLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * Writes a comment on an activity: the text with a live counter, up to three PNG or JPEG images checked
 * before upload, and the server's refusal in the reader's language. Cleared once the comment is posted.
 */
export function CommentForm({ activityId }: { activityId: string }) {
  const { t } = useTranslation('rewards');
  const ids = { text: useId(), counter: useId(), images: useId(), imagesHint: useId() };
  const [text, setText] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const post = useActivityCommentPost(activityId);
  const length = commentLength(text);
  const over = length > commentLimits.maxLength;

  const pickImages = (picked: PickedImage[], refused: RefusedImage[]) => {
    setImages(picked);
    const last = refused.at(-1);
    if (!last) return setProblem(null);
    const words = {
      count: () => t('rewards.comments.tooManyImages', { count: imageLimits.count }),
      type: () => t('rewards.comments.imageType', { name: last.name }),
      size: () => t('rewards.comments.imageTooLarge', { name: last.name, size: imageMegabytes }),
    };
    setProblem(words[last.reason]());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (length === 0) return setProblem(t('rewards.comments.textRequired'));
    if (over) return setProblem(t('rewards.comments.tooLong', { max: commentLimits.maxLength }));
    setProblem(null);
    post.mutate(
      { text: text.trim(), images: images.map((image) => image.base64) },
      {
        onSuccess: () => {
          setText('');
          setImages([]);
        },
        onError: (error) => setProblem(t(errorMessageKey(error))),
      },
    );
  };

  return (
    <form className="reward-comment-form" onSubmit={submit} noValidate>
      <label htmlFor={ids.text} className="form-field__label">
        {t('rewards.comments.textLabel')}
      </label>
      <textarea
        id={ids.text}
        value={text}
        rows={3}
        aria-describedby={ids.counter}
        aria-invalid={over ? true : undefined}
        onChange={(event) => {
          setText(event.target.value);
          post.reset();
        }}
      />
      <p
        id={ids.counter}
        className={`reward-comment-form__counter${over ? ' reward-comment-form__counter--over' : ''}`}
        aria-live="polite"
      >
        {t(over ? 'rewards.comments.counterOver' : 'rewards.comments.counter', {
          length,
          max: commentLimits.maxLength,
        })}
      </p>
      <label htmlFor={ids.images} className="form-field__label">
        {t('rewards.comments.imagesLabel')}
      </label>
      <p id={ids.imagesHint} className="reward-comment-form__hint">
        {t('rewards.comments.imagesHint', { count: imageLimits.count, size: imageMegabytes })}
      </p>
      <ImagePicker
        id={ids.images}
        images={images}
        limits={imageLimits}
        onChange={pickImages}
        removeLabel={(name) => t('rewards.comments.removeImage', { name })}
        describedBy={ids.imagesHint}
      />
      <FormError>{problem}</FormError>
      {post.isSuccess ? <FormMessage kind="success">{t('rewards.comments.posted')}</FormMessage> : null}
      <div className="reward-comment-form__actions">
        <SubmitButton pending={post.isPending} pendingLabel={t('rewards.comments.sending')}>
          {t('rewards.comments.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
