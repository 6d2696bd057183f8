import type { AgentContract, ContractKind, ContractTier } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatRate, type MoneyFormat } from '../model/format';

/** A contract's tiers, one line each: from which valid bet and active members, which rate. */
export function TiersList({ tiers, money }: { tiers: readonly ContractTier[]; money: MoneyFormat }) {
  const { t, i18n } = useTranslation('agent');
  return (
    <ol className="agent-tiers">
      {tiers.map((tier, index) => (
        <li key={index}>
          {t('agent.contracts.tierLine', {
            validBet: money(tier.minValidBet),
            members: formatCount(tier.minActiveMembers, i18n.language),
            rate: formatRate(tier.rate),
          })}
        </li>
      ))}
    </ol>
  );
}

/**
 * The contracts that end if the agent goes on, and its agreement (spec section 2: a contract below a
 * downline's rate ends the downline's contract only if the user agrees). Nothing ends: it says so.
 */
export function EndingContracts({
  ending,
  agreed,
  onAgree,
  problem,
}: {
  ending: readonly AgentContract[];
  agreed: boolean;
  onAgree: (agreed: boolean) => void;
  /** Shown when the agent tries to go on without agreeing. */
  problem: string | null;
}) {
  const { t } = useTranslation('agent');
  const id = useId();
  if (ending.length === 0) return <p className="agent-note">{t('agent.contracts.ending.none')}</p>;
  return (
    <div className="agent-ending">
      <p className="agent-ending__title" id={`${id}-title`}>
        {t('agent.contracts.ending.title', { count: ending.length })}
      </p>
      <ul className="agent-ending__list" aria-labelledby={`${id}-title`}>
        {ending.map((contract) => (
          <li key={contract.id}>
            {t('agent.contracts.ending.line', {
              kind: t(`agent.contracts.kinds.${contract.kind}`),
              upline: contract.upline.account,
              downline: contract.downline.account,
              rate: formatRate(contract.maxRate),
            })}
          </li>
        ))}
      </ul>
      <label className="agent-check">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(event) => onAgree(event.target.checked)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <span>{t('agent.contracts.ending.agree', { count: ending.length })}</span>
      </label>
      {problem ? (
        <p className="form-field__error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The facts of a contract in a dialog: kind, the other party, the tiers and the highest rate. */
export function ContractFacts({
  kind,
  counterpart,
  counterpartRole,
  tiers,
  money,
}: {
  kind: ContractKind;
  counterpart: string;
  /** The other party's side: it is the caller's upline or downline. */
  counterpartRole: 'upline' | 'downline';
  tiers: readonly ContractTier[];
  money: MoneyFormat;
}) {
  const { t } = useTranslation('agent');
  return (
    <dl className="agent-facts">
      <div>
        <dt>{t('agent.contracts.columns.kind')}</dt>
        <dd>{t(`agent.contracts.kinds.${kind}`)}</dd>
      </div>
      <div>
        <dt>{t(`agent.contracts.roles.${counterpartRole}`)}</dt>
        <dd>{counterpart}</dd>
      </div>
      <div>
        <dt>{t('agent.contracts.columns.tiers')}</dt>
        <dd>
          <TiersList tiers={tiers} money={money} />
        </dd>
      </div>
    </dl>
  );
}

/** A downline's live contracts with the caller, compact: kind and highest rate each. */
export function LiveContracts({ contracts }: { contracts: readonly AgentContract[] }) {
  const { t } = useTranslation('agent');
  if (contracts.length === 0) return <span className="agent-note">{t('agent.contracts.none')}</span>;
  return (
    <ul className="agent-live-contracts">
      {contracts.map((contract) => (
        <li key={contract.id}>
          {t('agent.contracts.live', {
            kind: t(`agent.contracts.kinds.${contract.kind}`),
            rate: formatRate(contract.maxRate),
          })}
        </li>
      ))}
    </ul>
  );
}
