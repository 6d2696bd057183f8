import type { LoginResult, SecondFactorMethod } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, useApiClient } from '../../../lib/api';
import { FormField, FormMessage } from './form-field';

interface SecondFactorStepProps {
  challenge: NonNullable<LoginResult['secondFactor']>;
  onVerified: (result: LoginResult) => void;
  onCancel: () => void;
}

/** The login 2FA step (spec section 4: login from an unregistered IP needs extra verification). */
export function SecondFactorStep({ challenge, onVerified, onCancel }: SecondFactorStepProps) {
  const { t } = useTranslation('identity');
  const api = useApiClient();
  const [method, setMethod] = useState<SecondFactorMethod>(challenge.methods[0] ?? 'totp');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (answer.trim() === '') {
      setError(t('identity.errors.answerEmpty'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      onVerified(
        await api('loginSecondFactor', {
          body: { challengeId: challenge.challengeId, method, answer: answer.trim() },
        }),
      );
    } catch (failure) {
      setError(t(errorMessageKey(failure)));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="identity-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="identity-form__lead">{t('identity.secondFactor.lead')}</p>
      <fieldset className="choice-list">
        <legend className="form-field__label">{t('identity.secondFactor.method')}</legend>
        {challenge.methods.map((option) => (
          <label key={option} className="choice-list__option">
            <input
              type="radio"
              name="second-factor-method"
              value={option}
              checked={method === option}
              onChange={() => {
                setMethod(option);
                setAnswer('');
              }}
            />
            <span>{t(`identity.secondFactor.methods.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      <FormField
        label={t(`identity.secondFactor.answers.${method}`)}
        value={answer}
        onValueChange={setAnswer}
        inputMode={method === 'totp' || method === 'mobile' ? 'numeric' : undefined}
        autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
        maxLength={128}
        requiredMark
      />
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <div className="identity-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('identity.back')}
        </button>
        <button type="submit" className="button button--primary" disabled={pending}>
          {t('identity.secondFactor.verify')}
        </button>
      </div>
    </form>
  );
}
