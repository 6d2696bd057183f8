import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opsContentCalls } from '@portal/contracts/calls/ops';
import { Icon } from '../../../../components/ui/icon';
import { checkImage, readImage } from '../../../../lib/image-files';
import { useOperatorApi } from '../../api/operator-api-context';
import { useOperatorErrorText } from '../../api/queue-queries';

/** The server's limit of one content image (opsContentImage: PNG or JPEG by content, at most 5 MB). */
const maxImageBytes = 5 * 1024 * 1024;

/**
 * Uploads one PNG or JPEG through opsContentImage and hands back its address on this site. The file is
 * checked here by its first bytes and size first (the server checks again); a refusal is said in words.
 */
function useImageUpload(onUploaded: (url: string) => void) {
  const { t } = useTranslation('ops-content');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const check = await checkImage(file, maxImageBytes);
      if (check !== 'ok') throw new Error(check);
      const image = await readImage(file);
      return api(opsContentCalls.opsContentImage, { body: { image: image.base64 } });
    },
    onMutate: () => setRefusal(null),
    onSuccess: (stored) => onUploaded(stored.url),
    onError: (error) =>
      setRefusal(
        error instanceof Error && (error.message === 'type' || error.message === 'size')
          ? t(`image.refused.${error.message}`)
          : errorText(error),
      ),
  });
  return { upload, refusal };
}

/** The file input of an upload, with its pending and refusal texts. */
function UploadInput({
  label,
  disabled,
  onUploaded,
}: {
  label: string;
  disabled?: boolean;
  onUploaded: (url: string) => void;
}) {
  const { t } = useTranslation('ops-content');
  const id = useId();
  const { upload, refusal } = useImageUpload(onUploaded);
  return (
    <div className="ops-content__upload">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        disabled={disabled || upload.isPending}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that the same file can be chosen again.
          event.target.value = '';
          if (file) upload.mutate(file);
        }}
      />
      <p id={`${id}-hint`} className="form-field__hint">
        {upload.isPending ? t('image.uploading') : t('image.hint')}
      </p>
      {refusal ? (
        <p className="form-field__error" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/** One image address (a banner's): the uploaded image's preview, its address and an upload. */
export function SingleImageField({
  value,
  label,
  onChange,
}: {
  value: string;
  label: string;
  onChange: (url: string) => void;
}) {
  const { t } = useTranslation('ops-content');
  return (
    <div className="ops-content__images">
      {value ? (
        <img className="ops-content__preview" src={value} alt={t('image.previewOf', { label })} />
      ) : null}
      <UploadInput label={t('image.upload')} onUploaded={onChange} />
    </div>
  );
}

/** Several image addresses in order (an announcement's, at most `max`): previews, remove, add. */
export function ImageListField({
  value,
  max,
  onChange,
}: {
  value: readonly string[];
  max: number;
  onChange: (urls: string[]) => void;
}) {
  const { t } = useTranslation('ops-content');
  return (
    <div className="ops-content__images">
      {value.length > 0 ? (
        <ul className="ops-content__image-list">
          {value.map((url, index) => (
            <li key={`${url}-${index}`}>
              <img
                className="ops-content__preview"
                src={url}
                alt={t('image.numbered', { number: index + 1 })}
              />
              <button
                type="button"
                className="icon-button"
                aria-label={t('image.remove', { number: index + 1 })}
                onClick={() => onChange(value.filter((_, position) => position !== index))}
              >
                <Icon name="close" size={18} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <UploadInput
        label={t('image.add')}
        disabled={value.length >= max}
        onUploaded={(url) => onChange([...value, url])}
      />
    </div>
  );
}
