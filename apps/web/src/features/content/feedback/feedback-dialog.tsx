import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { FormError, SubmitButton } from '../../../components/ui/form';
import { Icon } from '../../../components/ui/icon';
import { errorMessageKey, isApiError, useApiClient } from '../../../lib/api';
import { ImagePicker } from '../../../components/ui/image-picker';
import type { ImageLimits, PickedImage, RefusedImage } from '../../../lib/image-files';
import { ContentDialog } from '../components/content-dialog';
import { useCaptchaImage } from '../lib/use-captcha-image';

/** Spec section 3 question types, in the order the form lists them. */
const questionTypes = [1, 2, 3, 4, 6, 0] as const;
const descriptionLimits = { min: 20, max: 200 };
/** Spec section 9: at most 3 images, PNG or JPEG, 5 MB each. */
const feedbackImageLimits: ImageLimits = { count: 3, bytes: 5 * 1024 * 1024 };

/**
 * The feedback modal: question type, description with a live counter, the sender for visitors, up to
 * three PNG or JPEG images with previews, and the captcha (refreshed at most once a second). Empty
 * required fields are named together, joined by commas, followed by the words for "is empty".
 */
export function FeedbackDialog({ loggedIn, onClose }: { loggedIn: boolean; onClose: () => void }) {
  const { t } = useTranslation('content');
  const api = useApiClient();
  const ids = {
    type: useId(),
    content: useId(),
    sender: useId(),
    captcha: useId(),
    images: useId(),
    counter: useId(),
  };
  const captcha = useCaptchaImage();
  const [type, setType] = useState('');
  const [content, setContent] = useState('');
  const [sender, setSender] = useState('');
  const [answer, setAnswer] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: () =>
      api('feedback', {
        body: {
          type: Number(type),
          content: content.trim(),
          ...(loggedIn ? {} : { sender: sender.trim() }),
          captcha: answer.trim(),
          captchaId: captcha.captchaId ?? '',
          images: images.map((image) => image.base64),
        },
      }),
    onError: (error) => {
      // The captcha is single use on the server: any refusal needs a fresh picture.
      setAnswer('');
      captcha.refresh();
      setProblem(isApiError(error) && error.message ? error.message : t(errorMessageKey(error)));
    },
  });

  const length = [...content.trim()].length;

  const pickImages = (picked: PickedImage[], refused: RefusedImage[]) => {
    setImages(picked);
    const last = refused.at(-1);
    if (!last) return setProblem(null);
    setProblem(
      last.reason === 'count'
        ? t('feedback.tooManyImages', { count: feedbackImageLimits.count })
        : t(last.reason === 'size' ? 'feedback.imageTooLarge' : 'feedback.imageType', { name: last.name }),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const empty: string[] = [];
    if (type === '') empty.push(t('feedback.fields.type'));
    if (content.trim() === '') empty.push(t('feedback.fields.content'));
    if (!loggedIn && sender.trim() === '') empty.push(t('feedback.fields.sender'));
    if (answer.trim() === '') empty.push(t('feedback.fields.captcha'));
    if (empty.length > 0) return setProblem(`${empty.join(', ')} ${t('feedback.isEmpty')}`);
    if (length < descriptionLimits.min || length > descriptionLimits.max) {
      return setProblem(t('feedback.lengthRule', descriptionLimits));
    }
    setProblem(null);
    submit.mutate();
  };

  if (submit.isSuccess) {
    return (
      <ContentDialog title={t('feedback.title')} icon="chat" onClose={onClose}>
        <p role="status" className="feedback-dialog__done">
          <Icon name="check" /> {t('feedback.thanks')}
        </p>
        <div className="content-dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
            {t('popup.close')}
          </button>
        </div>
      </ContentDialog>
    );
  }

  return (
    <ContentDialog title={t('feedback.title')} icon="chat" onClose={onClose} className="feedback-dialog">
      <form noValidate onSubmit={onSubmit} className="feedback-form">
        <label htmlFor={ids.type}>{t('feedback.fields.type')} *</label>
        <select id={ids.type} value={type} onChange={(event) => setType(event.target.value)} data-autofocus>
          <option value="">{t('feedback.choose')}</option>
          {questionTypes.map((value) => (
            <option key={value} value={value}>
              {t(`feedback.types.${value}`)}
            </option>
          ))}
        </select>

        <label htmlFor={ids.content}>{t('feedback.fields.content')} *</label>
        <textarea
          id={ids.content}
          value={content}
          rows={4}
          maxLength={descriptionLimits.max + 50}
          aria-describedby={ids.counter}
          onChange={(event) => setContent(event.target.value)}
        />
        <p id={ids.counter} className="feedback-form__counter" aria-live="polite">
          {t('feedback.counter', { length, ...descriptionLimits })}
        </p>

        {loggedIn ? null : (
          <>
            <label htmlFor={ids.sender}>{t('feedback.fields.sender')} *</label>
            <input
              id={ids.sender}
              value={sender}
              maxLength={200}
              onChange={(event) => setSender(event.target.value)}
            />
          </>
        )}

        <label htmlFor={ids.images}>
          {t('feedback.fields.images', { count: feedbackImageLimits.count })}
        </label>
        <ImagePicker
          id={ids.images}
          images={images}
          limits={feedbackImageLimits}
          onChange={pickImages}
          removeLabel={(name) => t('feedback.removeImage', { name })}
        />

        <label htmlFor={ids.captcha}>{t('feedback.fields.captcha')} *</label>
        <div className="feedback-form__captcha">
          <input
            id={ids.captcha}
            value={answer}
            autoComplete="off"
            maxLength={8}
            onChange={(event) => setAnswer(event.target.value)}
          />
          {captcha.image ? (
            <img src={captcha.image} alt={t('feedback.captchaImage')} width={120} height={44} />
          ) : (
            <span className="skeleton feedback-form__captcha-skeleton" aria-hidden="true" />
          )}
          <button
            type="button"
            className="icon-button"
            onClick={captcha.refresh}
            aria-label={t('feedback.newCaptcha')}
          >
            <Icon name="refresh" />
          </button>
        </div>
        {captcha.errorKey ? <p className="form-error">{t(captcha.errorKey)}</p> : null}

        <FormError>{problem}</FormError>
        <div className="content-dialog__actions">
          <SubmitButton pending={submit.isPending} pendingLabel={t('feedback.sending')}>
            {t('feedback.send')}
          </SubmitButton>
        </div>
      </form>
    </ContentDialog>
  );
}
