import { useTranslation } from 'react-i18next';
import { Field } from '../../../../components/ui/form';

/** A staff account's new password: masked with a show/hide button, the browser offered to make one up. */
export function NewPasswordField({
  label,
  hint,
  value,
  onValueChange,
}: {
  label: string;
  hint: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const { t } = useTranslation('ops-staff');
  return (
    <Field
      label={label}
      hint={hint}
      type="password"
      value={value}
      onValueChange={onValueChange}
      autoComplete="new-password"
      revealLabels={{ show: t('reveal.show'), hide: t('reveal.hide') }}
      required
    />
  );
}
