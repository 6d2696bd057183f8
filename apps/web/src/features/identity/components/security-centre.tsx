import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/icon';
import { memberQueryKeys, useMemberInfo } from '../api/member-queries';
import { useIdentity } from '../identity-context';
import { ChangePasswordForm } from './change-password-form';
import { SessionsSection } from './sessions-section';
import { TotpSection } from './totp-section';

function Section({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: IconName;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="security-section" aria-labelledby={id}>
      <h2 id={id} className="security-section__title">
        <Icon name={icon} />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The security centre of the member centre: password, Google Authenticator, active sessions. */
export function SecurityCentre() {
  const { t } = useTranslation('identity');
  const identity = useIdentity();
  const member = useMemberInfo();
  const queryClient = useQueryClient();
  return (
    <div className="security-centre">
      <Section id="security-password" icon="lock" title={t('identity.changePassword.title')}>
        <ChangePasswordForm knownPassword={null} onChanged={identity.passwordChanged} />
      </Section>
      <Section id="security-totp" icon="shield" title={t('identity.totp.title')}>
        <TotpSection
          enabled={member.data?.totpEnabled ?? false}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: memberQueryKeys.all })}
        />
      </Section>
      <Section id="security-sessions" icon="devices" title={t('identity.sessions.title')}>
        <SessionsSection />
      </Section>
    </div>
  );
}
