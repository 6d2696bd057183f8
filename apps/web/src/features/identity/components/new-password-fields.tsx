import { checkField } from '@portal/contracts/rules';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../model/register-form';
import { fieldProblemMessage } from './field-problem';
import { FormField } from './form-field';
import { fallbackPasswordRule, usePasswordRule } from './password-rule';

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** Checks a new password against the rule and its confirmation against it. */
export function newPasswordProblems(
  values: NewPasswordValues,
  rule = fallbackPasswordRule,
): { password?: FieldProblem; confirmPassword?: FieldProblem } {
  const problem = checkField(values.password, rule);
  if (problem) {
    return {
      password: {
        code: problem,
        minLength: rule.minLength,
        maxLength: rule.maxLength,
        patternId: rule.patternId,
      },
    };
  }
  if (values.confirmPassword === '') return { confirmPassword: { code: 'empty' } };
  if (values.confirmPassword !== values.password) return { confirmPassword: { code: 'inconsistent_twice' } };
  return {};
}

/** The message of a new-password problem. */
export function newPasswordMessage(
  t: TFunction,
  field: 'password' | 'confirmPassword',
  problem?: FieldProblem,
) {
  return problem ? fieldProblemMessage(t, field, t(`identity.fields.${field}`), problem) : null;
}

interface NewPasswordFieldsProps {
  values: NewPasswordValues;
  onChange: (values: NewPasswordValues) => void;
  problems: { password?: FieldProblem; confirmPassword?: FieldProblem };
}

/** New password and its confirmation, with the rule shown as a hint. */
export function NewPasswordFields({ values, onChange, problems }: NewPasswordFieldsProps) {
  const { t } = useTranslation('identity');
  const rule = usePasswordRule() ?? fallbackPasswordRule;
  return (
    <>
      <FormField
        label={t('identity.fields.newPassword')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onValueChange={(password) => onChange({ ...values, password })}
        maxLength={rule.maxLength}
        requiredMark
        hint={t('identity.validation.passwordLength', { min: rule.minLength, max: rule.maxLength })}
        error={newPasswordMessage(t, 'password', problems.password)}
      />
      <FormField
        label={t('identity.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onValueChange={(confirmPassword) => onChange({ ...values, confirmPassword })}
        maxLength={rule.maxLength}
        requiredMark
        error={newPasswordMessage(t, 'confirmPassword', problems.confirmPassword)}
      />
    </>
  );
}

/** The hook form of the rule, for forms that validate on submit. */
export { usePasswordRule };
