import type { FieldError, RegisterFieldSetting } from '@portal/contracts';
import { checkField, registerFieldNames, type RegisterFieldName } from '@portal/contracts/rules';

/** Why a field failed; the server's FieldError codes plus the client's own. */
export type FieldProblemCode =
  'empty' | 'too_short' | 'too_long' | 'pattern' | 'inconsistent_twice' | 'taken' | 'invalid';

export interface FieldProblem {
  code: FieldProblemCode;
  minLength?: number;
  maxLength?: number;
  patternId?: number;
  /** The server's English message, shown when the code is unknown. */
  message?: string;
}

export type RegisterValues = Partial<Record<RegisterFieldName, string>>;

// Fields with a control of their own rather than a plain text input (captcha image, SMS code button).
const specialFields: ReadonlySet<RegisterFieldName> = new Set(['captcha']);

/** The fields the merchant shows, in the catalogue order of spec section 3. */
export function shownFields(settings: readonly RegisterFieldSetting[]): RegisterFieldSetting[] {
  const byName = new Map(settings.map((setting) => [setting.field, setting]));
  return registerFieldNames.flatMap((name) => {
    const setting = byName.get(name);
    return setting?.shown ? [setting] : [];
  });
}

/**
 * Validates the shown fields (spec section 5): required ones must be filled, filled ones must match
 * their pattern and length, and confirmPassword must equal password ('inconsistent twice').
 */
export function validateRegisterValues(
  values: RegisterValues,
  fields: readonly RegisterFieldSetting[],
): Partial<Record<RegisterFieldName, FieldProblem>> {
  const problems: Partial<Record<RegisterFieldName, FieldProblem>> = {};
  for (const setting of fields) {
    const value = (values[setting.field] ?? '').trim();
    if (value === '' && !setting.required) continue;
    if (specialFields.has(setting.field)) {
      if (value === '') problems[setting.field] = { code: 'empty' };
      continue;
    }
    // The password's confirmation is held to equality, not to a pattern of its own.
    if (setting.field === 'confirmPassword') continue;
    const problem = checkField(
      setting.field.toLowerCase().includes('password') ? (values[setting.field] ?? '') : value,
      setting,
    );
    if (problem) {
      problems[setting.field] = {
        code: problem,
        minLength: setting.minLength,
        maxLength: setting.maxLength,
        patternId: setting.patternId,
      };
    }
  }
  const confirmShown = fields.some((setting) => setting.field === 'confirmPassword');
  if (confirmShown && !problems.password) {
    if ((values.confirmPassword ?? '') === '') problems.confirmPassword = { code: 'empty' };
    else if (values.confirmPassword !== values.password)
      problems.confirmPassword = { code: 'inconsistent_twice' };
  }
  return problems;
}

/**
 * A field's problem as the player types (issue 18 item 7): only what more typing cannot mend (a wrong
 * character, a password confirmation that no longer matches the start of the password); on leaving the
 * field also a value still too short. An empty field is left for the submit to name.
 */
export function liveProblem(
  values: RegisterValues,
  fields: readonly RegisterFieldSetting[],
  field: RegisterFieldName,
  leaving: boolean,
): FieldProblem | undefined {
  const problem = validateRegisterValues(values, fields)[field];
  if (!problem || problem.code === 'empty') return undefined;
  if (!leaving && problem.code === 'too_short') return undefined;
  if (
    !leaving &&
    problem.code === 'inconsistent_twice' &&
    (values.password ?? '').startsWith(values.confirmPassword ?? '')
  )
    return undefined;
  return problem;
}

const knownCodes: ReadonlySet<string> = new Set([
  'empty',
  'too_short',
  'too_long',
  'pattern',
  'inconsistent_twice',
  'taken',
  'invalid',
]);

/** The server's validation_failed fields as problems per field. */
export function problemsFromServer(fields: readonly FieldError[]): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of fields) {
    problems[field.field] = {
      code: field.code && knownCodes.has(field.code) ? (field.code as FieldProblemCode) : 'invalid',
      minLength: field.minLength,
      maxLength: field.maxLength,
      message: field.message,
    };
  }
  return problems;
}
