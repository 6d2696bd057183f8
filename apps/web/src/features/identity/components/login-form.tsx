import type { LoginPayload, LoginResult, LoginSide } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, SubmitButton } from '../../../components/ui/form';
import { htmlLangOf } from '../../../i18n/languages';
import { encryptedCall, errorMessageKey, isApiError, useApiClient } from '../../../lib/api';
import { useIdentity } from '../identity-context';
import { useDialingCode } from '../model/dialing-codes';
import { readRememberedLogin, writeRememberedLogin } from '../model/remember-me';
import { CaptchaField } from './captcha-field';
import { FormField } from './form-field';
import { isMobileNumber, MobileField } from './mobile-field';
import { SecondFactorStep } from './second-factor-step';
import { SmsCodeButton } from './sms-code-button';
import { useCaptcha } from './use-captcha';
import { SegmentedTabs } from './segmented-tabs';

type Tab = 'username' | 'sms';

interface LoginFailure {
  captcha?: boolean;
  retryAfterSeconds?: number;
}

function failureValue(error: unknown): LoginFailure {
  if (!isApiError(error) || typeof error.value !== 'object' || error.value === null) return {};
  return error.value;
}

interface LoginFormProps {
  side: LoginSide;
  onForgotPassword?: () => void;
}

/** Username/password and SMS-code login (spec sections 2, 4, 5), then the 2FA step when asked. */
export function LoginForm({ side, onForgotPassword }: LoginFormProps) {
  const { t, i18n } = useTranslation('identity');
  const api = useApiClient();
  const identity = useIdentity();
  const [remembered] = useState(readRememberedLogin);
  // The SMS tab needs both switches: code login, and SMS verification (without it no code is sent).
  const smsAllowed =
    side === 'member' &&
    identity.modules?.mobileCodeLogin === true &&
    identity.modules.smsVerification === true;
  const [tab, setTab] = useState<Tab>('username');
  const [username, setUsername] = useState(remembered.username);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered.remember);
  const { countries, dialingCode, setDialingCode } = useDialingCode(remembered.countryDialingCode);
  const [mobileNum, setMobileNum] = useState(remembered.mobileNum);
  const [code, setCode] = useState('');
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [captchaShown, setCaptchaShown] = useState(false);
  const captcha = useCaptcha(captchaShown && tab === 'username');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [challenge, setChallenge] = useState<NonNullable<LoginResult['secondFactor']> | null>(null);
  const [method, setMethod] = useState<'username' | 'sms'>('username');

  const finish = (result: LoginResult, via: 'username' | 'sms') => {
    if (result.secondFactor && result.token === null) {
      setChallenge(result.secondFactor);
      setMethod(via);
      return;
    }
    identity.completeLogin({ result, method: via, password: via === 'username' ? password : undefined });
  };

  const validate = (): Record<string, string> => {
    const errors: Record<string, string> = {};
    if (tab === 'username') {
      if (username.trim() === '' || password === '') errors.form = t('identity.errors.enterUsernamePassword');
      if (captchaShown && captchaAnswer.trim() === '') errors.captcha = t('identity.errors.captchaEmpty');
    } else {
      if (!isMobileNumber(mobileNum)) errors.mobileNum = t('identity.errors.mobileInvalid');
      if (!/^\d{6}$/.test(code.trim())) errors.code = t('identity.errors.codeInvalid');
    }
    return errors;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const errors = validate();
    setFieldErrors(errors);
    setFormError(errors.form ?? null);
    if (Object.keys(errors).length > 0) return;
    const payload: LoginPayload =
      tab === 'username'
        ? {
            type: 'username',
            username: username.trim(),
            password,
            side,
            ...(captchaShown
              ? { captcha: captchaAnswer.trim(), captchaId: captcha.captchaId ?? undefined }
              : {}),
          }
        : { type: 'sms', mobileNum, countryDialingCode: dialingCode, verificationCode: code.trim(), side };
    setPending(true);
    try {
      const result = await encryptedCall(api, 'login', payload);
      writeRememberedLogin(
        remember,
        tab === 'username' ? { username: username.trim() } : { mobileNum, countryDialingCode: dialingCode },
      );
      finish(result, tab);
    } catch (error) {
      const failure = failureValue(error);
      // A break or self-exclusion (issue 17) says until when: its end date, in the page's language.
      const endsAt = isApiError(error)
        ? (error.value as { endsAt?: string | null } | null)?.endsAt
        : undefined;
      const message = t(errorMessageKey(error), {
        endsAt: endsAt
          ? new Date(endsAt).toLocaleString(htmlLangOf(i18n.language))
          : t('identity.permanently'),
      });
      setFormError(
        failure.retryAfterSeconds
          ? `${message} ${t('identity.retryAfter', { seconds: failure.retryAfterSeconds })}`
          : message,
      );
      if (failure.captcha) {
        setCaptchaShown(true);
        setCaptchaAnswer('');
        // A used or wrong captcha is never accepted twice; show a fresh one.
        if (captchaShown) captcha.refresh();
      }
    } finally {
      setPending(false);
    }
  };

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onVerified={(result) => finish(result, method)}
        onCancel={() => setChallenge(null)}
      />
    );
  }

  return (
    <form className="identity-form" onSubmit={(event) => void submit(event)} noValidate>
      {smsAllowed ? (
        <SegmentedTabs
          label={t('identity.login.methods')}
          options={[
            { value: 'username', label: t('identity.login.byUsername') },
            { value: 'sms', label: t('identity.login.bySms') },
          ]}
          value={tab}
          onChange={(option) => {
            setTab(option);
            setFieldErrors({});
            setFormError(null);
          }}
        />
      ) : null}
      {tab === 'username' ? (
        <>
          <FormField
            label={t('identity.username')}
            value={username}
            onValueChange={setUsername}
            autoComplete="username"
            maxLength={64}
            requiredMark
          />
          <FormField
            label={t('identity.password')}
            type="password"
            value={password}
            onValueChange={setPassword}
            autoComplete="current-password"
            maxLength={128}
            requiredMark
          />
          {captchaShown ? (
            <CaptchaField
              captcha={captcha}
              value={captchaAnswer}
              onValueChange={setCaptchaAnswer}
              error={fieldErrors.captcha}
            />
          ) : null}
        </>
      ) : (
        <>
          <MobileField
            countries={countries}
            dialingCode={dialingCode}
            onDialingCodeChange={setDialingCode}
            mobileNum={mobileNum}
            onMobileNumChange={setMobileNum}
            error={fieldErrors.mobileNum}
          />
          <FormField
            label={t('identity.verificationCode')}
            value={code}
            onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={fieldErrors.code}
            requiredMark
            addon={
              <SmsCodeButton
                call="smsLoginCode"
                mobileNum={mobileNum}
                countryDialingCode={dialingCode}
                validate={() => {
                  const valid = isMobileNumber(mobileNum);
                  setFieldErrors(valid ? {} : { mobileNum: t('identity.errors.mobileInvalid') });
                  return valid;
                }}
              />
            }
          />
        </>
      )}
      <div className="identity-form__row">
        <label className="checkbox">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span>{t('identity.rememberMe')}</span>
        </label>
        {onForgotPassword ? (
          <button type="button" className="link-button" onClick={onForgotPassword}>
            {t('identity.forgotPassword')}
          </button>
        ) : null}
      </div>
      <FormError>{formError}</FormError>
      <SubmitButton block pending={pending} pendingLabel={t('identity.login.pending')}>
        {t('auth.login')}
      </SubmitButton>
    </form>
  );
}
