import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptedCall, errorMessageKey, fieldErrorsOf, useApiClient } from '../../../lib/api';
import { useIdentity } from '../identity-context';
import { problemsFromServer } from '../model/register-form';
import { FormMessage } from './form-field';
import {
  newPasswordProblems,
  NewPasswordFields,
  usePasswordRule,
  type NewPasswordValues,
} from './new-password-fields';
import { fallbackPasswordRule } from './password-rule';

const tokenPattern = /^[A-Za-z0-9_-]{32,128}$/;

/** /resetPassword?token=...: sets a new password from the e-mailed link, then offers the login. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation('identity');
  const api = useApiClient();
  const identity = useIdentity();
  const rule = usePasswordRule() ?? fallbackPasswordRule;
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirmPassword: '' });
  const [problems, setProblems] = useState<ReturnType<typeof newPasswordProblems>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  if (token === null || !tokenPattern.test(token)) {
    return <FormMessage kind="error">{t('identity.reset.badLink')}</FormMessage>;
  }
  if (done) {
    return (
      <div className="identity-form">
        <FormMessage kind="success">{t('identity.reset.done')}</FormMessage>
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => identity.openDialog('login')}
        >
          {t('auth.login')}
        </button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = newPasswordProblems(values, rule);
    setProblems(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await encryptedCall(api, 'resetByEmail', { token, ...values });
      setDone(true);
    } catch (error) {
      const fields = problemsFromServer(fieldErrorsOf(error));
      setProblems({ password: fields.password, confirmPassword: fields.confirmPassword });
      setFormError(t(errorMessageKey(error)));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="identity-form" onSubmit={(event) => void submit(event)} noValidate>
      <NewPasswordFields values={values} onChange={setValues} problems={problems} />
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {t('identity.reset.submit')}
      </button>
    </form>
  );
}
