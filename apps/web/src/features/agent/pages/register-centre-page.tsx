import type { AgentInvite } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { QrCode } from '../../../components/ui/qr-code';
import { useAgentInvite } from '../api/agent-queries';
import { useErrorText } from '../components/error-text';
import { QueryState } from '../components/query-state';
import { CreateDownlineForm } from '../components/create-downline-form';
import { isDownlineAccountType } from '../model/contract-lists';
import '../agent-pages.css';

/** Copies the referral link; where the clipboard is refused, selects it for the reader to copy. */
function CopyLink({ link }: { link: string }) {
  const { t } = useTranslation('agent');
  const [copied, setCopied] = useState<'yes' | 'manual' | null>(null);
  const inputId = 'agent-referral-link';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement) input.select();
      setCopied('manual');
    }
  };
  return (
    <div className="agent-invite__link">
      <label className="form-field__label" htmlFor={inputId}>
        {t('agent.register.link')}
      </label>
      <div className="agent-invite__link-row">
        <input
          id={inputId}
          className="form-field__input"
          value={link}
          readOnly
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {copied === 'yes' ? <Icon name="check" size={16} /> : null}
          {t('agent.register.copy')}
        </button>
      </div>
      <p className="agent-invite__copied" role="status">
        {copied === 'yes'
          ? t('agent.register.copied')
          : copied === 'manual'
            ? t('agent.register.copyManual')
            : ''}
      </p>
    </div>
  );
}

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
          <CopyLink link={invite.referralLink} />
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
