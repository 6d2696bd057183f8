import type { AgentInvite } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CopyLink } from '../../../components/ui/copy-link';
import { QrCode } from '../../../components/ui/qr-code';
import { useAgentInvite } from '../api/agent-queries';
import { useErrorText } from '../components/error-text';
import { QueryState } from '../components/query-state';
import { CreateDownlineForm } from '../components/create-downline-form';
import { isDownlineAccountType } from '../model/contract-lists';
import '../agent-pages.css';

function InviteCard({ invite }: { invite: AgentInvite }) {
  const { t } = useTranslation('agent');
  return (
    <section className="agent-card agent-invite" aria-labelledby="agent-invite-title">
      <h3 id="agent-invite-title" className="agent-card__title">
        {t('agent.register.inviteTitle')}
      </h3>
      <div className="agent-invite__body">
        <div className="agent-invite__details">
          <dl className="agent-invite__code">
            <dt>{t('agent.register.code')}</dt>
            <dd>{invite.affiliateCode}</dd>
          </dl>
          <CopyLink
            link={invite.referralLink}
            texts={{
              label: t('agent.register.link'),
              copy: t('agent.register.copy'),
              copied: t('agent.register.copied'),
              copyManual: t('agent.register.copyManual'),
            }}
          />
        </div>
        <QrCode value={invite.referralLink} label={t('agent.register.qr')} sizePx={148} />
      </div>
    </section>
  );
}

/**
 * registerCenter: the agent's affiliate code, referral link (copy, QR code) and, for the agent types that
 * may, a form that creates a member or agent directly under it.
 */
export function RegisterCentrePage() {
  const { t } = useTranslation('agent');
  const errorText = useErrorText();
  const invite = useAgentInvite();
  return (
    <div className="agent-page">
      <QueryState query={invite} errorText={errorText} loadingLines={6}>
        {(data) => {
          const types = data.creatableTypes.filter(isDownlineAccountType);
          return (
            <>
              <InviteCard invite={data} />
              <section className="agent-card" aria-labelledby="agent-create-title">
                <h3 id="agent-create-title" className="agent-card__title">
                  {t('agent.register.createTitle')}
                </h3>
                {types.length === 0 ? (
                  <p className="agent-note">{t('agent.register.linkOnly')}</p>
                ) : (
                  <CreateDownlineForm types={types} />
                )}
              </section>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

export default RegisterCentrePage;
