import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../components/ui/icon';

const benefits: readonly { icon: IconName; key: string }[] = [
  { icon: 'users', key: 'team' },
  { icon: 'wallet', key: 'commission' },
  { icon: 'clock', key: 'realtime' },
];

/** /agent: the agent programme's marketing text next to the agent login form. */
export function AgentLanding({
  loginForm,
  merchantName,
}: {
  loginForm: ReactNode;
  merchantName: string | null;
}) {
  const { t } = useTranslation('agent');
  return (
    <div className="page agent-landing">
      <section className="agent-landing__pitch" aria-labelledby="agent-pitch-title">
        <p className="hero__eyebrow">{t('agent.landing.eyebrow')}</p>
        <h1 id="agent-pitch-title" className="agent-landing__title">
          {t('agent.landing.title', { merchant: merchantName ?? '' })}
        </h1>
        <p className="agent-landing__lead">{t('agent.landing.lead')}</p>
        <ul className="agent-landing__benefits">
          {benefits.map((benefit) => (
            <li key={benefit.key}>
              <Icon name={benefit.icon} />
              <div>
                <p className="agent-landing__benefit-title">{t(`agent.landing.${benefit.key}Title`)}</p>
                <p>{t(`agent.landing.${benefit.key}Text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="agent-landing__login" aria-labelledby="agent-login-title">
        <h2 id="agent-login-title" className="agent-landing__login-title">
          <Icon name="login" />
          {t('agent.landing.loginTitle')}
        </h2>
        {loginForm}
      </section>
    </div>
  );
}
