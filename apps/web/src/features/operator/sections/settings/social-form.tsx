import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialLoginSetting, SocialProvider, WhitelabelSettings } from '@portal/contracts';
import { Field } from '../../../../components/ui/form';
import { SettingsForm, Switch, useDraft } from './settings-form';

// The contract's socialProviders, written here: a lazy chunk takes only types from the main entry.
const providers: readonly SocialProvider[] = ['google', 'facebook'];
const issuerPattern = /^(https:\/\/\S+|http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/\S*)?)$/;

/** One provider's OpenID Connect settings; the secret is write-only (empty keeps the stored one). */
function ProviderForm({
  provider,
  stored,
}: {
  provider: SocialProvider;
  stored: SocialLoginSetting | undefined;
}) {
  const { t } = useTranslation('ops-settings');
  const [issuer, setIssuer] = useDraft(stored?.issuer ?? '');
  const [clientId, setClientId] = useDraft(stored?.clientId ?? '');
  const [enabled, setEnabled] = useDraft(stored?.enabled ?? false);
  const [secret, setSecret] = useState('');
  const [shown, setShown] = useState(false);
  const issuerError = shown && !issuerPattern.test(issuer.trim()) ? t('social.issuerInvalid') : null;
  const clientIdError = shown && clientId.trim() === '' ? t('social.clientIdRequired') : null;
  const secretError = shown && !stored?.secretSet && secret === '' ? t('social.secretRequired') : null;
  return (
    <SettingsForm
      title={t(`social.providers.${provider}`)}
      lead={stored?.secretSet ? t('social.secretStored') : t('social.notConfigured')}
      build={() => {
        setShown(true);
        if (!issuerPattern.test(issuer.trim()) || clientId.trim() === '') return null;
        if (!stored?.secretSet && secret === '') return null;
        return {
          area: 'social',
          body: {
            provider,
            issuer: issuer.trim(),
            clientId: clientId.trim(),
            enabled,
            ...(secret === '' ? {} : { clientSecret: secret }),
          },
        };
      }}
    >
      <Switch label={t('social.enabled')} checked={enabled} onChange={setEnabled} />
      <Field
        label={t('social.issuer')}
        hint={t('social.issuerHint')}
        value={issuer}
        maxLength={512}
        error={issuerError}
        onValueChange={setIssuer}
      />
      <Field
        label={t('social.clientId')}
        value={clientId}
        maxLength={255}
        error={clientIdError}
        onValueChange={setClientId}
      />
      <Field
        label={t('social.clientSecret')}
        hint={stored?.secretSet ? t('social.secretKeepHint') : undefined}
        type="password"
        autoComplete="off"
        value={secret}
        maxLength={512}
        error={secretError}
        onValueChange={setSecret}
      />
    </SettingsForm>
  );
}

/** The social login providers (decision 0048): one form per provider the player side can offer. */
export function SocialForm({ settings }: { settings: WhitelabelSettings }) {
  const { t } = useTranslation('ops-settings');
  return (
    <>
      <p className="ops-settings__lead">{t('social.lead')}</p>
      {providers.map((provider) => (
        <ProviderForm
          key={provider}
          provider={provider}
          stored={settings.socialLogin.find((entry) => entry.provider === provider)}
        />
      ))}
    </>
  );
}
