import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/form';

export { FormMessage } from '../../../components/ui/form';

/** The kit's Field with the identity texts for the password show/hide toggle. */
export function FormField(props: Omit<ComponentProps<typeof Field>, 'revealLabels'>) {
  const { t } = useTranslation('identity');
  return (
    <Field {...props} revealLabels={{ show: t('identity.showPassword'), hide: t('identity.hidePassword') }} />
  );
}
