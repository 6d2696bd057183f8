import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/ui/qr-code';
import type { TotpEnrolment } from '@portal/contracts';
import { errorMessageKey, useApiClient } from '../../../lib/api';
import { FormField, FormMessage } from './form-field';

interface TotpSectionProps {
  enabled: boolean;
  onChanged: () => void;
}

/** Google Authenticator (TOTP): enrol with a QR code and a confirmation code, or disable with a code. */
export function TotpSection({ enabled, onChanged }: TotpSectionProps) {
  const { t } = useTranslation('identity');
  const api = useApiClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (failure) {
      setError(t(errorMessageKey(failure)));
    } finally {
      setPending(false);
    }
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t('identity.errors.codeInvalid'));
      return;
    }
    void run(async () => {
      if (enabled) {
        await api('totpDisable', { body: { code } });
        setNotice(t('identity.totp.disabled'));
      } else {
        await api('totpConfirm', { body: { code } });
        setEnrolment(null);
        setNotice(t('identity.totp.enabled'));
      }
      setCode('');
      onChanged();
    });
  };

  const codeForm = (submitLabel: string) => (
    <form className="identity-form identity-form--inline" onSubmit={submitCode} noValidate>
      <FormField
        label={t('identity.totp.code')}
        value={code}
        onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        requiredMark
      />
      <button type="submit" className="button button--primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );

  return (
    <div className="security-section__content">
      <p className="security-section__status">
        {enabled ? t('identity.totp.statusOn') : t('identity.totp.statusOff')}
      </p>
      {enabled ? (
        codeForm(t('identity.totp.disable'))
      ) : enrolment ? (
        <div className="totp-enrolment">
          <QrCode value={enrolment.otpauthUrl} label={t('identity.totp.qrLabel')} sizePx={160} />
          <div>
            <p>{t('identity.totp.scan')}</p>
            <p className="totp-enrolment__secret">
              {t('identity.totp.secret')} <code>{enrolment.secret}</code>
            </p>
            {codeForm(t('identity.totp.confirm'))}
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          disabled={pending}
          onClick={() => void run(async () => setEnrolment(await api('totpEnrol')))}
        >
          {t('identity.totp.enrol')}
        </button>
      )}
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
    </div>
  );
}
