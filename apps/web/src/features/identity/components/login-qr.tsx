import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import './login-qr.css';

// The encoder loads with the login popup only (never in the first load), as the side menu's QR codes do.
const QrCode = lazy(() =>
  import('../../../components/ui/qr-code').then((module) => ({ default: module.QrCode })),
);

/** The login QR's size in CSS pixels (spec section 9: "Login QR size 120"). */
export const loginQrSizePx = 120;

/**
 * The login popup's QR code (spec section 9): the merchant's own address (the site the visitor is on;
 * the merchant is resolved from its host), so the visitor can open the same portal on a phone and log
 * in there. Hidden on narrow screens, where the visitor already is on the phone.
 */
export function LoginQr() {
  const { t } = useTranslation('identity');
  const address = `${window.location.origin}/`;
  return (
    <figure className="login-qr">
      <Suspense fallback={<span className="login-qr__placeholder" aria-hidden="true" />}>
        <QrCode value={address} sizePx={loginQrSizePx} label={t('identity.loginQr.label', { address })} />
      </Suspense>
      <figcaption className="login-qr__caption">{t('identity.loginQr.caption')}</figcaption>
    </figure>
  );
}
