import type { SocialProvider } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, useApiClient } from '../../../lib/api';
import { useIdentity } from '../identity-context';
import { FormMessage } from './form-field';
import './login-qr.css';

/**
 * "Continue with Google / Facebook" (decision 0048): one button per provider the merchant configured
 * and switched on (whitelabel.socialLogin), none otherwise. A click asks the server for the provider's
 * address (code + PKCE) and leaves for it; the provider sends the browser back to this page.
 */
export function SocialLoginButtons() {
  const { t } = useTranslation('identity');
  const api = useApiClient();
  const identity = useIdentity();
  const providers = identity.whitelabel?.socialLogin ?? [];
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (providers.length === 0) return null;
  const start = async (provider: SocialProvider) => {
    setPending(provider);
    setError(null);
    try {
      const returnTo =
        window.location.pathname === '/login' || window.location.pathname === '/register'
          ? '/'
          : window.location.pathname;
      const { authorizationUrl } = await api('socialLoginStart', { body: { provider, returnTo } });
      window.location.assign(authorizationUrl);
    } catch (failure) {
      setError(t(errorMessageKey(failure)));
      setPending(null);
    }
  };
  return (
    <div className="social-login" role="group" aria-label={t('identity.social.label')}>
      <p className="social-login__divider">{t('identity.social.or')}</p>
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className={`button button--secondary button--block social-login__button social-login__button--${provider}`}
          disabled={pending !== null}
          aria-busy={pending === provider || undefined}
          onClick={() => void start(provider)}
        >
          {t(`identity.social.continueWith.${provider}`)}
        </button>
      ))}
      <p className="identity-form__note">{t('identity.social.terms')}</p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
    </div>
  );
}
