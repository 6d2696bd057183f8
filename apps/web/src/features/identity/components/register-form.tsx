import type { RegisterFieldSetting, RegisterPayload } from '@portal/contracts';
import type { RegisterFieldName } from '@portal/contracts/rules';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { FieldError, FormError, SubmitButton } from '../../../components/ui/form';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorsNamespace } from '../../../i18n';
import {
  encryptedCall,
  errorCodeKey,
  errorMessageKey,
  fieldErrorsOf,
  isApiError,
  useApiClient,
} from '../../../lib/api';
import { useIdentity } from '../identity-context';
import { useDialingCode } from '../model/dialing-codes';
import {
  liveProblem,
  problemsFromServer,
  shownFields,
  validateRegisterValues,
  type FieldProblem,
  type RegisterValues,
} from '../model/register-form';
import { CaptchaField } from './captcha-field';
import { fieldProblemMessage } from './field-problem';
import { FormField } from './form-field';
import { MobileField } from './mobile-field';
import { useRegisterSettings } from './password-rule';
import { SmsCodeButton } from './sms-code-button';
import { useCaptcha } from './use-captcha';
import { SegmentedTabs } from './segmented-tabs';

type Mode = 'account' | 'mobile';

const inputTypes: Partial<Record<RegisterFieldName, string>> = {
  password: 'password',
  confirmPassword: 'password',
  paymentPassword: 'password',
  email: 'email',
};
const autoCompletes: Partial<Record<RegisterFieldName, string>> = {
  username: 'username',
  password: 'new-password',
  confirmPassword: 'new-password',
  paymentPassword: 'new-password',
  email: 'email',
  nickname: 'nickname',
  payeeName: 'name',
  birthday: 'bday',
  address: 'street-address',
};

/**
 * The fields of mobile registration (spec section 7): mobile and SMS code, the password only when the
 * merchant turns mobile password registration on (spec section 6), plus the codes.
 */
const mobileModeFields: readonly RegisterFieldName[] = [
  'mobileNum',
  'verificationCode',
  'password',
  'confirmPassword',
  'affiliateCode',
  'referralCode',
];
const passwordFields: ReadonlySet<RegisterFieldName> = new Set(['password', 'confirmPassword']);

/** The codes a shared link carries: an agent's affiliate code, a player's referral code (decision 0032). */
function codesFromAddress(): RegisterValues {
  const params = new URLSearchParams(window.location.search);
  const affiliateCode = (params.get('affiliateCode') ?? params.get('code') ?? '').trim().slice(0, 64);
  const referralCode = (params.get('referralCode') ?? '').trim().slice(0, 64);
  return referralCode ? { affiliateCode, referralCode } : { affiliateCode };
}

/**
 * Fills in the mobile registration fields the merchant's settings do not list. Without mobile password
 * registration the account signs in by SMS code and asks for no password (the server requires none).
 */
export function mobileFields(
  settings: readonly RegisterFieldSetting[],
  withPassword: boolean,
): RegisterFieldSetting[] {
  const byName = new Map(settings.map((setting) => [setting.field, setting]));
  return mobileModeFields.flatMap((field): RegisterFieldSetting[] => {
    if (!withPassword && passwordFields.has(field)) return [];
    const setting = byName.get(field);
    if (field === 'affiliateCode' || field === 'referralCode') return setting?.shown ? [setting] : [];
    if (setting) return [{ ...setting, shown: true, required: true }];
    const digits =
      field === 'mobileNum'
        ? { minLength: 4, maxLength: 15, patternId: 6 }
        : { minLength: 6, maxLength: 6, patternId: 6 };
    return [{ field, shown: true, required: true, acceptedPattern: '*', ...digits }];
  });
}

/**
 * The registration form, built from the merchant's register settings: only shown fields, '*' on
 * required ones, inline messages, the terms box, the affiliate check, then register and log in.
 */
export function RegisterForm() {
  // The errors namespace too: the affiliate check words its refusal with the catalogue's text.
  const { t } = useTranslation(['identity', errorsNamespace]);
  const api = useApiClient();
  const identity = useIdentity();
  const settings = useRegisterSettings();
  // Mobile registration proves the number with an SMS code, so it needs SMS verification on as well.
  const smsOn = identity.modules?.smsVerification === true;
  const mobileAllowed = identity.modules?.mobileRegistration === true && smsOn;
  const mobilePassword = identity.modules?.mobilePasswordRegistration === true;
  const [mode, setMode] = useState<Mode>('account');
  const [values, setValues] = useState<RegisterValues>(codesFromAddress);
  const { countries, dialingCode, setDialingCode } = useDialingCode();
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  const [termsError, setTermsError] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const fields = useMemo(() => {
    const all = settings.data ?? [];
    if (mode === 'mobile') return mobileFields(all, mobilePassword);
    // With SMS verification off the server checks no code, so the code field and its button go.
    return shownFields(all).filter((setting) => smsOn || setting.field !== 'verificationCode');
  }, [settings.data, mode, mobilePassword, smsOn]);
  const asksPassword = fields.some((setting) => setting.field === 'password');
  const captchaShown = fields.some((setting) => setting.field === 'captcha');
  const captcha = useCaptcha(captchaShown);

  if (settings.isPending) return <SkeletonLines count={6} />;
  if (settings.isError) {
    return (
      <ErrorState message={t(errorMessageKey(settings.error))} onRetry={() => void settings.refetch()} />
    );
  }

  // Each field is checked as the player types (and again on leaving it), against the merchant's rule
  // its hint states; the password's confirmation follows the password.
  const recheck = (next: RegisterValues, changed: readonly RegisterFieldName[], leaving: boolean) =>
    setProblems((current) => {
      const updated = { ...current };
      for (const field of changed) {
        const problem = liveProblem(next, fields, field, leaving);
        if (problem) updated[field] = problem;
        else delete updated[field];
      }
      return updated;
    });
  const setValue = (field: RegisterFieldName, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const confirming = field === 'password' && (next.confirmPassword ?? '') !== '';
    recheck(next, confirming ? [field, 'confirmPassword'] : [field], false);
  };

  const labelOf = (field: string) => t(`identity.fields.${field}`);
  /** The merchant's rule for a field, shown under it before anything is typed (spec section 5). */
  const ruleOf = (setting: RegisterFieldSetting): string | null => {
    const { field, patternId, minLength: min, maxLength: max } = setting;
    if (field === 'birthday') return t('identity.birthdayHint');
    if (field === 'captcha' || field === 'confirmPassword') return null;
    if (patternId > 0)
      return t('identity.validation.pattern', {
        field: labelOf(field),
        rule: t(`identity.patterns.${patternId}`),
        min,
        max,
      });
    if (field === 'password' || field === 'paymentPassword')
      return t('identity.validation.passwordLength', { min, max });
    return t('identity.validation.length', { field: labelOf(field), min, max });
  };
  const messageOf = (field: string) => {
    const problem = problems[field];
    return problem ? fieldProblemMessage(t, field, labelOf(field), problem) : null;
  };

  const checkAffiliate = async (affiliateCode: string): Promise<boolean> => {
    try {
      await api('affiliate', { query: { affiliateCode } });
      return true;
    } catch (error) {
      if (isApiError(error) && (error.code === 'invitation_code_error' || error.status === 404)) {
        setProblems((current) => ({
          ...current,
          affiliateCode: { code: 'invalid', message: t(errorCodeKey('invitation_code_error')) },
        }));
        return false;
      }
      throw error;
    }
  };

  const payloadOf = (): RegisterPayload => {
    const trimmed: Record<string, string> = {};
    for (const setting of fields) {
      const raw = values[setting.field] ?? '';
      const value = setting.field.toLowerCase().includes('password') ? raw : raw.trim();
      if (value !== '' && setting.field !== 'captcha') trimmed[setting.field] = value;
    }
    return {
      ...trimmed,
      username: trimmed.username ?? '',
      // Without a password field (mobile registration without a password) these stay empty, which the
      // server reads as "none": the account then signs in by SMS code.
      password: asksPassword ? (values.password ?? '') : '',
      confirmPassword: asksPassword ? (values.confirmPassword ?? '') : '',
      ...(trimmed.mobileNum ? { countryDialingCode: dialingCode } : {}),
      ...(captchaShown
        ? { captcha: (values.captcha ?? '').trim(), captchaId: captcha.captchaId ?? undefined }
        : {}),
      domain: window.location.hostname,
      registerUrl: window.location.href,
      registerMethod: 'WEB',
      termsAccepted: true,
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    // Spec section 4: the terms box first, then validation, then the affiliate code, then register.
    if (!termsAccepted) {
      setTermsError(true);
      return;
    }
    const found = validateRegisterValues(values, fields);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const affiliateCode = (values.affiliateCode ?? '').trim();
      if (affiliateCode !== '' && !(await checkAffiliate(affiliateCode))) return;
      const result = await encryptedCall(api, mode === 'mobile' ? 'registerMobile' : 'register', payloadOf());
      identity.completeLogin({ result, method: 'register' });
    } catch (error) {
      const serverFields = fieldErrorsOf(error);
      if (serverFields.length > 0) setProblems(problemsFromServer(serverFields));
      setFormError(t(errorMessageKey(error)));
      if (captchaShown) {
        // After the await: from the values as they are now, not as they were at submit.
        setValues((current) => ({ ...current, captcha: '' }));
        captcha.refresh();
      }
    } finally {
      setPending(false);
    }
  };

  const renderField = (setting: RegisterFieldSetting) => {
    const { field } = setting;
    const value = values[field] ?? '';
    const error = messageOf(field);
    if (field === 'captcha') {
      return (
        <CaptchaField
          key={field}
          captcha={captcha}
          value={value}
          onValueChange={(next) => setValue(field, next)}
          error={error}
        />
      );
    }
    if (field === 'mobileNum') {
      return (
        <MobileField
          key={field}
          countries={countries}
          dialingCode={dialingCode}
          onDialingCodeChange={setDialingCode}
          mobileNum={value}
          onMobileNumChange={(next) => setValue(field, next)}
          error={error}
          required={setting.required}
        />
      );
    }
    return (
      <FormField
        key={field}
        label={labelOf(field)}
        type={inputTypes[field] ?? 'text'}
        value={value}
        onValueChange={(next) => setValue(field, next)}
        autoComplete={autoCompletes[field] ?? 'off'}
        maxLength={Math.max(setting.maxLength, 1)}
        requiredMark={setting.required}
        error={error}
        hint={error ? null : ruleOf(setting)}
        onBlur={() => {
          if (value !== '') recheck(values, [field], true);
        }}
        inputMode={field === 'verificationCode' ? 'numeric' : undefined}
        addon={
          field === 'verificationCode' ? (
            <SmsCodeButton
              call="smsRegisterCode"
              mobileNum={values.mobileNum ?? ''}
              countryDialingCode={dialingCode}
              validate={() => {
                const valid = /^\d{4,15}$/.test(values.mobileNum ?? '');
                if (!valid)
                  setProblems((current) => ({
                    ...current,
                    mobileNum: { code: 'invalid', message: t('identity.errors.mobileInvalid') },
                  }));
                return valid;
              }}
            />
          ) : undefined
        }
      />
    );
  };

  return (
    <form className="identity-form" onSubmit={(event) => void submit(event)} noValidate>
      {mobileAllowed ? (
        <SegmentedTabs
          label={t('identity.register.methods')}
          options={[
            { value: 'account', label: t('identity.register.byAccount') },
            { value: 'mobile', label: t('identity.register.byMobile') },
          ]}
          value={mode}
          onChange={(option) => {
            setMode(option);
            setProblems({});
            setFormError(null);
          }}
        />
      ) : null}
      <p className="identity-form__note">{t('identity.register.requiredNote')}</p>
      {mode === 'mobile' && !asksPassword ? (
        <p className="identity-form__note">{t('identity.register.smsOnlyNote')}</p>
      ) : null}
      {fields.map(renderField)}
      <div className={`form-field${termsError ? ' form-field--invalid' : ''}`}>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={termsAccepted}
            aria-invalid={termsError || undefined}
            aria-describedby={termsError ? 'register-terms-error' : undefined}
            onChange={(event) => {
              setTermsAccepted(event.target.checked);
              if (event.target.checked) setTermsError(false);
            }}
          />
          <span>{t('identity.register.terms')}</span>
        </label>
        <FieldError id="register-terms-error">
          {termsError ? t('identity.register.termsRequired') : null}
        </FieldError>
      </div>
      <FormError>{formError}</FormError>
      <SubmitButton block pending={pending} pendingLabel={t('identity.register.pending')}>
        {t('auth.register')}
      </SubmitButton>
    </form>
  );
}
