import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/form';
import { Icon } from '../../../components/ui/icon';
import { maxContractTiers } from '../model/contract-lists';
import { nextTier, type TierDraft, type TierProblems } from '../model/contract-tiers';

interface TiersEditorProps {
  tiers: readonly TierDraft[];
  onChange: (tiers: TierDraft[]) => void;
  /** The problems to show (null until the agent first asks to go on). */
  problems: TierProblems | null;
  /** The rate no tier may exceed, when known (for the problem text). */
  limit: string | null;
  currencyDecimals: number;
}

/**
 * The tiers of a contract: one group per tier (minimum valid bet, minimum active members, rate), rows
 * added up to the most a contract has and removed down to one. Each problem shows beside its field.
 */
export function TiersEditor({ tiers, onChange, problems, limit, currencyDecimals }: TiersEditorProps) {
  const { t } = useTranslation('agent');
  const set = (index: number, field: keyof TierDraft) => (value: string) =>
    onChange(tiers.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)));
  const problemText = (index: number, field: keyof TierDraft) => {
    const problem = problems?.tiers[index]?.[field];
    return problem
      ? t(`agent.contracts.problems.${problem}`, { limit: limit ?? '', decimals: currencyDecimals })
      : null;
  };
  return (
    <fieldset className="agent-tiers-editor">
      <legend className="form-field__label">{t('agent.contracts.tiers')}</legend>
      <p className="agent-note">{t('agent.contracts.tiersHint')}</p>
      {tiers.map((tier, index) => (
        <fieldset key={index} className="agent-tier">
          <legend className="agent-tier__legend">{t('agent.contracts.tier', { number: index + 1 })}</legend>
          <Field
            label={t('agent.contracts.minValidBet')}
            value={tier.minValidBet}
            onValueChange={set(index, 'minValidBet')}
            inputMode="decimal"
            autoComplete="off"
            maxLength={21}
            error={problemText(index, 'minValidBet')}
          />
          <Field
            label={t('agent.contracts.minActiveMembers')}
            value={tier.minActiveMembers}
            onValueChange={set(index, 'minActiveMembers')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={7}
            error={problemText(index, 'minActiveMembers')}
          />
          <Field
            label={t('agent.contracts.rateField')}
            value={tier.rate}
            onValueChange={set(index, 'rate')}
            inputMode="decimal"
            autoComplete="off"
            maxLength={6}
            error={problemText(index, 'rate')}
          />
          {tiers.length > 1 ? (
            <button
              type="button"
              className="button button--ghost button--small agent-tier__remove"
              onClick={() => onChange(tiers.filter((_, at) => at !== index))}
              aria-label={t('agent.contracts.removeTier', { number: index + 1 })}
            >
              <Icon name="close" size={16} />
              {t('agent.contracts.remove')}
            </button>
          ) : null}
        </fieldset>
      ))}
      {problems?.list ? (
        <p className="form-field__error" role="alert">
          {t(`agent.contracts.problems.${problems.list}`, { max: maxContractTiers })}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => onChange([...tiers, nextTier(tiers)])}
        disabled={tiers.length >= maxContractTiers}
      >
        {t('agent.contracts.addTier', { max: maxContractTiers })}
      </button>
    </fieldset>
  );
}
