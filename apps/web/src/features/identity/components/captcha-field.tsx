import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { FormField } from './form-field';
import type { CaptchaState } from './use-captcha';

interface CaptchaFieldProps {
  captcha: CaptchaState;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
}

/** The captcha answer with its image; clicking the image or the button loads a new one. */
export function CaptchaField({ captcha, value, onValueChange, error }: CaptchaFieldProps) {
  const { t } = useTranslation('identity');
  return (
    <FormField
      label={t('identity.captcha')}
      value={value}
      onValueChange={onValueChange}
      error={error ?? (captcha.errorKey ? t(captcha.errorKey) : null)}
      requiredMark
      autoComplete="off"
      inputMode="text"
      maxLength={12}
      addon={
        <button
          type="button"
          className="captcha-image"
          onClick={captcha.refresh}
          aria-label={t('identity.captchaRefresh')}
        >
          {captcha.image ? (
            <img src={captcha.image} alt={t('identity.captchaImage')} width={110} height={40} />
          ) : (
            <Icon name="refresh" />
          )}
        </button>
      }
    />
  );
}
