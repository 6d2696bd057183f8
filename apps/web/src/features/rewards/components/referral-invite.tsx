import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { QrCode } from '../../../components/ui/qr-code';

/** Copies the link; where the clipboard is refused, selects it for the reader to copy by hand. */
function CopyLink({ link }: { link: string }) {
  const { t } = useTranslation('rewards');
  const inputId = useId();
  const [copied, setCopied] = useState<'yes' | 'manual' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement) input.select();
      setCopied('manual');
    }
  };
  return (
    <div className="referral-invite__link">
      <label className="form-field__label" htmlFor={inputId}>
        {t('rewards.referral.link')}
      </label>
      <div className="referral-invite__link-row">
        <input
          id={inputId}
          className="form-field__input"
          value={link}
          readOnly
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {copied === 'yes' ? <Icon name="check" size={16} /> : null}
          {t('rewards.referral.copy')}
        </button>
      </div>
      <p className="referral-invite__copied" role="status">
        {copied === 'yes'
          ? t('rewards.referral.copied')
          : copied === 'manual'
            ? t('rewards.referral.copyManual')
            : ''}
      </p>
    </div>
  );
}

/** The player's referral code, its registration link (copy button) and the link's QR code. */
export function ReferralInvite({ code, link }: { code: string; link: string }) {
  const { t } = useTranslation('rewards');
  const titleId = useId();
  return (
    <section className="reward-wallet referral-invite" aria-labelledby={titleId}>
      <h3 id={titleId} className="reward-section__title">
        {t('rewards.referral.inviteTitle')}
      </h3>
      <div className="referral-invite__body">
        <div className="referral-invite__details">
          <dl className="referral-invite__code">
            <dt>{t('rewards.referral.code')}</dt>
            <dd>{code}</dd>
          </dl>
          <CopyLink link={link} />
        </div>
        <QrCode value={link} label={t('rewards.referral.qr')} sizePx={148} />
      </div>
    </section>
  );
}
