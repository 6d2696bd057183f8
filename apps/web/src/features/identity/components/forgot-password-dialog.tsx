import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptedCall, errorMessageKey, useApiClient } from '../../../lib/api';
import { useIdentity } from '../identity-context';
import { useDialingCode } from '../model/dialing-codes';
import { FormField, FormMessage } from './form-field';
import { isMobileNumber, MobileField } from './mobile-field';
import { Modal } from './modal';
import {
  newPasswordProblems,
  NewPasswordFields,
  usePasswordRule,
  type NewPasswordValues,
} from './new-password-fields';
import { fallbackPasswordRule } from './password-rule';
import { SmsCodeButton } from './sms-code-button';
import { SegmentedTabs } from './segmented-tabs';

function EmailTab() {
  const { t } = useTranslation('identity');
  const api = useApiClient();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ username?: string; email?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      username:
        username.trim() === ''
          ? t('identity.validation.empty', { field: t('identity.username') })
          : undefined,
      email:
        email.trim() === ''
          ? t('identity.validation.empty', { field: t('identity.fields.email') })
          : undefined,
    };
    setErrors(found);
    setFormError(null);
    if (found.username || found.email || pending) return;
    setPending(true);
    try {
      await api('forgotByEmail', { body: { username: username.trim(), email: email.trim() } });
      // The server answers the same whether or not the account exists (in_been_out), and so do we.
      setSent(true);
    } catch (error) {
      setFormError(t(errorMessageKey(error)));
    } finally {
      setPending(false);
    }
  };

  if (sent) return <FormMessage kind="success">{t('identity.forgot.emailSent')}</FormMessage>;
  return (
    <form className="identity-form" onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label={t('identity.username')}
        value={username}
        onValueChange={setUsername}
        autoComplete="username"
        maxLength={64}
        requiredMark
        error={errors.username}
      />
      <FormField
        label={t('identity.fields.email')}
        type="email"
        value={email}
        onValueChange={setEmail}
        autoComplete="email"
        maxLength={254}
        requiredMark
        error={errors.email}
      />
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {t('identity.forgot.sendLink')}
      </button>
    </form>
  );
}

function PhoneTab() {
  const { t } = useTranslation('identity');
  const api = useApiClient();
  const identity = useIdentity();
  const rule = usePasswordRule() ?? fallbackPasswordRule;
  const { countries, dialingCode, setDialingCode } = useDialingCode();
  const [mobileNum, setMobileNum] = useState('');
  const [code, setCode] = useState('');
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirmPassword: '' });
  const [mobileError, setMobileError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problems, setProblems] = useState<ReturnType<typeof newPasswordProblems>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const checkMobile = () => {
    const valid = isMobileNumber(mobileNum);
    setMobileError(valid ? null : t('identity.errors.mobileInvalid'));
    return valid;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const mobileValid = checkMobile();
    const codeValid = /^\d{6}$/.test(code);
    setCodeError(codeValid ? null : t('identity.errors.codeInvalid'));
    const found = newPasswordProblems(values, rule);
    setProblems(found);
    setFormError(null);
    if (!mobileValid || !codeValid || Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const result = await encryptedCall(api, 'resetByPhone', {
        mobileNum,
        countryDialingCode: dialingCode,
        verificationCode: code,
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      identity.completeLogin({ result, method: 'reset' });
    } catch (error) {
      setFormError(t(errorMessageKey(error)));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="identity-form" onSubmit={(event) => void submit(event)} noValidate>
      <MobileField
        countries={countries}
        dialingCode={dialingCode}
        onDialingCodeChange={setDialingCode}
        mobileNum={mobileNum}
        onMobileNumChange={setMobileNum}
        error={mobileError}
      />
      <FormField
        label={t('identity.verificationCode')}
        value={code}
        onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        requiredMark
        error={codeError}
        addon={
          <SmsCodeButton
            call="smsLoginCode"
            mobileNum={mobileNum}
            countryDialingCode={dialingCode}
            validate={checkMobile}
          />
        }
      />
      <NewPasswordFields values={values} onChange={setValues} problems={problems} />
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {t('identity.forgot.resetAndLogin')}
      </button>
    </form>
  );
}

/** Forgot password: a reset link by e-mail, or a new password with an SMS code (then logged in). */
export function ForgotPasswordDialog({
  banner,
  onClose,
  onBackToLogin,
}: {
  /** The w_forget banners (rendered by the app layer). */
  banner?: ReactNode;
  onClose: () => void;
  onBackToLogin: () => void;
}) {
  const { t } = useTranslation('identity');
  const identity = useIdentity();
  const [tab, setTab] = useState<'email' | 'phone'>('email');
  // The reset by phone proves the number with an SMS code: offered only with SMS verification on.
  const phoneAllowed = identity.modules?.smsVerification === true;
  return (
    <Modal title={t('identity.forgot.title')} icon="key" onClose={onClose}>
      {banner}
      {phoneAllowed ? (
        <SegmentedTabs
          label={t('identity.forgot.methods')}
          options={[
            { value: 'email', label: t('identity.forgot.byEmail') },
            { value: 'phone', label: t('identity.forgot.byPhone') },
          ]}
          value={tab}
          onChange={setTab}
        />
      ) : null}
      {tab === 'phone' && phoneAllowed ? <PhoneTab /> : <EmailTab />}
      <p className="identity-dialog__switch">
        <button type="button" className="link-button" onClick={onBackToLogin}>
          {t('identity.forgot.backToLogin')}
        </button>
      </p>
    </Modal>
  );
}
