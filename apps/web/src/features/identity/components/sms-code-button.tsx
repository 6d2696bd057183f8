import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, isApiError, useApiClient } from '../../../lib/api';
import { WarningDialog } from './warning-dialog';

/** SMS sends are throttled to one a second (spec sections 5 and 9). */
export const smsThrottleMs = 1000;

interface SmsCodeButtonProps {
  call: 'smsLoginCode' | 'smsRegisterCode';
  mobileNum: string;
  countryDialingCode: string;
  /** Checks the number before sending; returns false (and shows its own error) to stop. */
  validate: () => boolean;
  onSent?: (expiryMinutes: number) => void;
}

/**
 * Sends a verification code and then stays disabled for the server's resendAfterSeconds (60 s per
 * minute of code validity) with a visible countdown. A failed send opens the warning dialog.
 */
export function SmsCodeButton({ call, mobileNum, countryDialingCode, validate, onSent }: SmsCodeButtonProps) {
  const { t } = useTranslation('identity');
  const api = useApiClient();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const lastSendRef = useRef(0);

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft((current) => current - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    const now = Date.now();
    if (sending || secondsLeft > 0 || now - lastSendRef.current < smsThrottleMs) return;
    if (!validate()) return;
    lastSendRef.current = now;
    setSending(true);
    try {
      const sent = await api(call, { body: { mobileNum, countryDialingCode } });
      setSecondsLeft(Math.max(sent.resendAfterSeconds, 1));
      onSent?.(sent.expiryMinutes);
    } catch (error) {
      // The warning shows the server's own message next to our translation of its code.
      const translated = t(errorMessageKey(error));
      const serverMessage = isApiError(error) && !error.isNetworkError ? error.message : '';
      setWarning(
        serverMessage && serverMessage !== translated ? `${translated} (${serverMessage})` : translated,
      );
    } finally {
      setSending(false);
    }
  };

  const counting = secondsLeft > 0;
  return (
    <>
      <button
        type="button"
        className="button button--secondary sms-button"
        disabled={sending || counting}
        onClick={() => void send()}
        aria-live="polite"
      >
        {counting
          ? t('identity.sms.resendIn', { seconds: secondsLeft })
          : sending
            ? t('identity.sms.sending')
            : t('identity.sms.send')}
      </button>
      {warning ? <WarningDialog message={warning} onClose={() => setWarning(null)} /> : null}
    </>
  );
}
