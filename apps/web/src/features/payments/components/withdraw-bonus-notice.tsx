import type { BonusWallet, Currency } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/ui/form';
import { Icon } from '../../../components/ui/icon';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useApiClient } from '../../../lib/api';
import { bonusWalletQuery } from '../../../lib/bonus-wallet';
import { displayMoney as displayMoneyIn } from '../../../lib/money-display';
import { displayMoney } from '../model/payment-model';

/** Amounts with the merchant's symbol when the page knows the currency, else plain. */
function moneyOf(currency: Currency | undefined): (amount: string) => string {
  return (amount) => (currency ? displayMoneyIn(amount, currency) : displayMoney(amount));
}

/**
 * What the bonus wallet means for a withdrawal now (decision 0030): free, refused while a bonus's
 * wagering is unmet, or allowed only once the player agrees to forfeit the unmet bonuses. If the read
 * fails the form stays usable: the server refuses such a withdrawal with its own code anyway.
 */
export function useBonusGate() {
  const api = useApiClient();
  const wallet = useQuery(bonusWalletQuery(api));
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState(false);
  const withdrawal = wallet.data?.withdrawal ?? 'free';
  return {
    wallet: wallet.data,
    /** Withdrawing is refused until the wagering is met: the submit button is off. */
    blocked: withdrawal === 'refused',
    /** What the request sends: true only once the player ticked the forfeit box. */
    forfeitBonus: withdrawal === 'forfeits' && confirmed,
    confirmed,
    problem,
    confirm: (value: boolean) => {
      setConfirmed(value);
      if (value) setProblem(false);
    },
    /** Whether the form may be sent now; otherwise the missing confirmation is marked. */
    ready: (): boolean => {
      const missing = withdrawal === 'forfeits' && !confirmed;
      setProblem(missing);
      return withdrawal !== 'refused' && !missing;
    },
    /** After a withdrawal or a refusal about bonuses: the wallet is read again, the box cleared. */
    reset: () => {
      setConfirmed(false);
      void wallet.refetch();
    },
  };
}

export type BonusGate = ReturnType<typeof useBonusGate>;

/** The bonuses still wagering, each with its progress. */
function WageringProgress({ wallet, money }: { wallet: BonusWallet; money: (amount: string) => string }) {
  const { t } = useTranslation('payments');
  const wagering = wallet.bonuses.filter((bonus) => bonus.status === 'wagering');
  if (wagering.length === 0) return null;
  return (
    <ul className="withdraw-bonus__list">
      {wagering.map((bonus) => (
        <li key={bonus.id}>
          <ProgressBar
            value={Number(bonus.wageringDone)}
            max={Number(bonus.wageringRequired)}
            label={t('payments.withdraw.bonus.progressLabel', { title: bonus.activityTitle })}
            valueText={`${bonus.activityTitle}: ${t('payments.withdraw.bonus.progress', {
              done: money(bonus.wageringDone),
              required: money(bonus.wageringRequired),
            })}`}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * The withdraw form's bonus notice: refused until wagering is met (with the progress), or a warning
 * naming the bonus a withdrawal forfeits with the box the player must tick; nothing when free.
 */
export function WithdrawBonusNotice({
  gate,
  currency,
  id,
}: {
  gate: BonusGate;
  currency?: Currency;
  id: string;
}) {
  const { t } = useTranslation('payments');
  const errorId = useId();
  const wallet = gate.wallet;
  if (!wallet || wallet.withdrawal === 'free') return null;
  const money = moneyOf(currency);
  if (wallet.withdrawal === 'refused') {
    return (
      <div id={id} className="withdraw-bonus withdraw-bonus--refused" role="note">
        <p className="withdraw-bonus__text">
          <Icon name="lock" size={18} />
          <span>{t('payments.withdraw.bonus.refused')}</span>
        </p>
        <WageringProgress wallet={wallet} money={money} />
      </div>
    );
  }
  const amount = money(wallet.forfeitAmount);
  return (
    <div id={id} className="withdraw-bonus withdraw-bonus--forfeits" role="note">
      <p className="withdraw-bonus__text">
        <Icon name="alert" size={18} />
        <span>{t('payments.withdraw.bonus.forfeits', { amount })}</span>
      </p>
      <WageringProgress wallet={wallet} money={money} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={gate.confirmed}
          onChange={(event) => gate.confirm(event.target.checked)}
          required
          aria-invalid={gate.problem ? true : undefined}
          aria-describedby={gate.problem ? errorId : undefined}
          data-forfeit-confirm
        />
        <span>{t('payments.withdraw.bonus.confirm', { amount })}</span>
      </label>
      <FieldError id={errorId}>{gate.problem ? t('payments.withdraw.bonus.mustConfirm') : null}</FieldError>
    </div>
  );
}
