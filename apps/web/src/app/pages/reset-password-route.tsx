import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { ResetPasswordForm } from '../../features/identity/pages';

/** /resetPassword?token=...: the page the forgot-password e-mail links to. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <div className="page page--centered">
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title" className="auth-card__title">
          <Icon name="key" />
          {t('identity.reset.title')}
        </h1>
        <ResetPasswordForm token={search.get('token')} />
      </section>
    </div>
  );
}
