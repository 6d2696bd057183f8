import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptedCall, errorMessageKey, fieldErrorsOf, useApiClient } from '../../../lib/api';
import { problemsFromServer } from '../model/register-form';
import { FormField, FormMessage } from './form-field';
import {
  newPasswordProblems,
  NewPasswordFields,
  usePasswordRule,
  type NewPasswordValues,
} from './new-password-fields';
import { fallbackPasswordRule } from './password-rule';

interface ChangePasswordFormProps {
  /** The current password when this page already knows it (a forced change right after login). */
  knownPassword: string | null;
  onChanged: () => void;
}

/** POST /wps/member/password (encrypted): old password unless known, new password twice. */
export function ChangePasswordForm({ knownPassword, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation('identity');
  const api = useApiClient();
  const rule = usePasswordRule() ?? fallbackPasswordRule;
  const [oldPassword, setOldPassword] = useState('');
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirmPassword: '' });
  const [problems, setProblems] = useState<ReturnType<typeof newPasswordProblems>>({});
  const [oldError, setOldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const needOld = knownPassword === null;
    const found = newPasswordProblems(values, rule);
    setProblems(found);
    setOldError(
      needOld && oldPassword === ''
        ? t('identity.validation.empty', { field: t('identity.fields.oldPassword') })
        : null,
    );
    setFormError(null);
    if (Object.keys(found).length > 0 || (needOld && oldPassword === '')) return;
    setPending(true);
    try {
      await encryptedCall(api, 'changePassword', {
        oldPassword: knownPassword ?? oldPassword,
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      setDone(true);
      setOldPassword('');
      setValues({ password: '', confirmPassword: '' });
      onChanged();
    } catch (error) {
      const fields = problemsFromServer(fieldErrorsOf(error));
      setProblems({ password: fields.password, confirmPassword: fields.confirmPassword });
      if (fields.oldPassword)
        setOldError(
          fields.oldPassword.message ??
            t('identity.validation.invalid', { field: t('identity.fields.oldPassword') }),
        );
      setFormError(t(errorMessageKey(error)));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="identity-form" onSubmit={(event) => void submit(event)} noValidate>
      {knownPassword === null ? (
        <FormField
          label={t('identity.fields.oldPassword')}
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onValueChange={setOldPassword}
          maxLength={128}
          requiredMark
          error={oldError}
        />
      ) : null}
      <NewPasswordFields
        values={values}
        onChange={(next) => {
          setValues(next);
          setDone(false);
        }}
        problems={problems}
      />
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {done ? <FormMessage kind="success">{t('identity.changePassword.done')}</FormMessage> : null}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={pending}
        aria-busy={pending}
      >
        {t('identity.changePassword.submit')}
      </button>
    </form>
  );
}
