import type { CreateDownlinePayload, CreatedDownline, FieldError } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldFrame, FormError, FormMessage, SubmitButton } from '../../../components/ui/form';
import { fieldErrorsOf } from '../../../lib/api';
import { useCreateDownline } from '../api/agent-queries';
import type { DownlineAccountType } from '../model/contract-lists';
import { useErrorText } from './error-text';

const textFields = [
  'username',
  'password',
  'confirmPassword',
  'nickname',
  'email',
  'countryDialingCode',
  'mobileNum',
] as const;
type TextField = (typeof textFields)[number];
type Values = Record<TextField, string>;
type FieldName = TextField | 'type';

const emptyValues: Values = {
  username: '',
  password: '',
  confirmPassword: '',
  nickname: '',
  email: '',
  countryDialingCode: '',
  mobileNum: '',
};

// The field problem codes the server sends (contracts: FieldError.code) that have a text of their own.
const problemCodes: ReadonlySet<string> = new Set([
  'empty',
  'too_short',
  'too_long',
  'pattern',
  'inconsistent_twice',
  'taken',
]);

/** The inline text of a field problem: the server's code translated, else its own message. */
function problemText(t: TFunction<'agent'>, problem: FieldError, label: string): string {
  // The label is read mid-sentence ("This username is already in use").
  const limits = {
    field: label.toLocaleLowerCase(),
    min: problem.minLength ?? 1,
    max: problem.maxLength ?? 64,
  };
  if (problem.code && problemCodes.has(problem.code)) {
    return t(`agent.register.problems.${problem.code}`, limits);
  }
  return problem.message || t('agent.register.problems.invalid', limits);
}

/** What the form itself can tell before sending: required fields and the repeated password. */
function checkValues(values: Values): FieldError[] {
  const problems: FieldError[] = [];
  for (const field of ['username', 'password'] as const) {
    if (values[field].trim() === '') problems.push({ field, message: '', code: 'empty' });
  }
  if (values.password !== '' && values.confirmPassword !== values.password) {
    problems.push({ field: 'confirmPassword', message: '', code: 'inconsistent_twice' });
  }
  return problems;
}

function payloadOf(type: DownlineAccountType, values: Values): CreateDownlinePayload {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    type,
    username: values.username.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    nickname: optional(values.nickname),
    email: optional(values.email),
    mobileNum: optional(values.mobileNum),
    countryDialingCode: optional(values.mobileNum) ? optional(values.countryDialingCode) : undefined,
  };
}

/** The account just created (and the new agent's own affiliate code). */
function Created({ created }: { created: CreatedDownline }) {
  const { t } = useTranslation('agent');
  return (
    <FormMessage kind="success">
      {t('agent.register.created', {
        account: created.account,
        type: t(`agent.types.${created.type}`, { defaultValue: String(created.type) }),
      })}
      {created.affiliateCode ? ` ${t('agent.register.createdCode', { code: created.affiliateCode })}` : null}
    </FormMessage>
  );
}

/**
 * registerCenter's form: creates a member or agent directly under the caller (encrypted call). The
 * server's rules for the merchant apply; its field problems show under their fields.
 */
export function CreateDownlineForm({ types }: { types: readonly DownlineAccountType[] }) {
  const { t } = useTranslation('agent');
  const errorText = useErrorText();
  const create = useCreateDownline();
  const [type, setType] = useState<DownlineAccountType>(types[0] ?? 0);
  const [values, setValues] = useState<Values>(emptyValues);
  const [problems, setProblems] = useState<FieldError[]>([]);
  const [formError, setFormError] = useState<string | null>(null);

  const label = (field: FieldName) => t(`agent.register.fields.${field}`);
  const errorOf = (field: FieldName) => {
    const problem = problems.find((candidate) => candidate.field === field);
    return problem ? problemText(t, problem, label(field)) : null;
  };
  const set = (field: TextField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const fieldProps = (field: TextField) => ({
    label: label(field),
    value: values[field],
    onValueChange: set(field),
    error: errorOf(field),
  });
  const reveal = { show: t('agent.register.showPassword'), hide: t('agent.register.hidePassword') };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const found = checkValues(values);
    setProblems(found);
    if (found.length > 0) return;
    create.mutate(payloadOf(type, values), {
      onSuccess: () => setValues(emptyValues),
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setProblems(fields);
        const unplaced = fields.filter(
          (problem) => ![...textFields, 'type'].includes(problem.field as FieldName),
        );
        setFormError([errorText(error), ...unplaced.map((problem) => problem.message)].join(' '));
      },
    });
  };

  return (
    <form className="agent-form" onSubmit={submit} noValidate aria-labelledby="agent-create-title">
      {create.isSuccess ? <Created created={create.data} /> : null}
      <FieldFrame label={label('type')} error={errorOf('type')} requiredMark>
        {(control) => (
          <select
            {...control}
            className="form-field__input"
            value={type}
            onChange={(event) => setType(Number(event.target.value) as DownlineAccountType)}
          >
            {types.map((option) => (
              <option key={option} value={option}>
                {t(`agent.types.${option}`)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <Field {...fieldProps('username')} autoComplete="off" maxLength={64} requiredMark />
      <Field
        {...fieldProps('password')}
        type="password"
        autoComplete="new-password"
        maxLength={128}
        revealLabels={reveal}
        requiredMark
      />
      <Field
        {...fieldProps('confirmPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={128}
        revealLabels={reveal}
        requiredMark
      />
      <Field
        {...fieldProps('nickname')}
        autoComplete="off"
        maxLength={64}
        hint={t('agent.register.optional')}
      />
      <Field
        {...fieldProps('email')}
        type="email"
        autoComplete="off"
        maxLength={254}
        hint={t('agent.register.optional')}
      />
      <div className="agent-form__pair">
        <Field
          {...fieldProps('countryDialingCode')}
          inputMode="tel"
          autoComplete="off"
          maxLength={5}
          placeholder="+66"
        />
        <Field
          {...fieldProps('mobileNum')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={20}
          hint={t('agent.register.optional')}
        />
      </div>
      <FormError>{formError}</FormError>
      <SubmitButton pending={create.isPending} pendingLabel={t('agent.register.creating')}>
        {t('agent.register.create')}
      </SubmitButton>
    </form>
  );
}
