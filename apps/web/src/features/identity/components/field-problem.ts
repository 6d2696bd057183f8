import type { TFunction } from 'i18next';
import type { FieldProblem } from '../model/register-form';

/** The message of spec section 5 for a field problem, with the field's label and its limits. */
export function fieldProblemMessage(
  t: TFunction,
  field: string,
  label: string,
  problem: FieldProblem,
): string {
  const limits = { min: problem.minLength ?? 0, max: problem.maxLength ?? 0 };
  switch (problem.code) {
    case 'empty':
      return t('identity.validation.empty', { field: label });
    case 'too_short':
    case 'too_long':
      if (field === 'password' || field === 'paymentPassword')
        return t('identity.validation.passwordLength', limits);
      return t('identity.validation.length', { field: label, ...limits });
    case 'pattern':
      if (problem.patternId === undefined) return t('identity.validation.invalid', { field: label });
      return t('identity.validation.pattern', {
        field: label,
        rule: t(`identity.patterns.${problem.patternId}`),
        ...limits,
      });
    case 'inconsistent_twice':
      return t('identity.validation.inconsistentTwice');
    case 'taken':
      return t('identity.validation.taken', { field: label });
    case 'invalid':
      return problem.message && problem.message.length > 0
        ? problem.message
        : t('identity.validation.invalid', { field: label });
  }
}
