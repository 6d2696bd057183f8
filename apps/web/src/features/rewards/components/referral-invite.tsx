import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyLink } from '../../../components/ui/copy-link';
import { QrCode } from '../../../components/ui/qr-code';

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
          <CopyLink
            link={link}
            texts={{
              label: t('rewards.referral.link'),
              copy: t('rewards.referral.copy'),
              copied: t('rewards.referral.copied'),
              copyManual: t('rewards.referral.copyManual'),
            }}
          />
        </div>
        <QrCode value={link} label={t('rewards.referral.qr')} sizePx={148} />
      </div>
    </section>
  );
}
