import type { BonusGrant, BonusWallet, Currency } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Icon } from '../../../components/ui/icon';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useBonusWallet } from '../api/reward-queries';
import { formatTime, moneyFormat, type MoneyFormat } from '../model/format';
import { BonusStatusChip } from './status-chip';

/** What a withdrawal does now, as a note: free, refused while wagering is unmet, or forfeits an amount. */
function WithdrawalNote({ wallet, money }: { wallet: BonusWallet; money: MoneyFormat }) {
  const { t } = useTranslation('rewards');
  const tone = wallet.withdrawal === 'free' ? 'info' : 'warning';
  return (
    <p className={`reward-note reward-note--${tone}`}>
      <Icon name={wallet.withdrawal === 'free' ? 'info' : 'alert'} size={18} />
      <span>
        {t(`rewards.wallet.withdrawal.${wallet.withdrawal}`, { amount: money(wallet.forfeitAmount) })}
      </span>
    </p>
  );
}

/**
 * How bets spend bonus money at this merchant (decision 0030), when they do: real money first or bonus
 * money first. Nothing is said when bonus money is locked until released (the default).
 */
function SpendingNote({ wallet }: { wallet: BonusWallet }) {
  const { t } = useTranslation('rewards');
  if (wallet.spendingOrder === 'locked') return null;
  return (
    <p className="reward-note reward-note--info" data-testid="bonus-spending-order">
      <Icon name="info" size={18} />
      <span>{t(`rewards.wallet.spendingOrder.${wallet.spendingOrder}`)}</span>
    </p>
  );
}

/** One bonus: amount, status, wagering progress, dates and what a withdrawal does to it. */
function BonusItem({ bonus, money }: { bonus: BonusGrant; money: MoneyFormat }) {
  const { t, i18n } = useTranslation('rewards');
  const required = Number(bonus.wageringRequired);
  const done = Number(bonus.wageringDone);
  return (
    <li className="reward-bonus">
      <div className="reward-card__header">
        <div className="reward-card__heading">
          <h4 className="reward-card__title">{bonus.activityTitle}</h4>
          <p className="reward-bonus__amount">
            {t('rewards.wallet.amount', { amount: money(bonus.amount) })}
          </p>
        </div>
        <BonusStatusChip status={bonus.status} />
      </div>
      {required > 0 ? (
        <ProgressBar
          value={done}
          max={required}
          label={t('rewards.wallet.progressLabel', { title: bonus.activityTitle })}
          valueText={t('rewards.wallet.progress', {
            done: money(bonus.wageringDone),
            required: money(bonus.wageringRequired),
          })}
        />
      ) : null}
      <p className="reward-card__dates">
        <Icon name="clock" size={16} />
        <span>
          {t('rewards.wallet.issuedAt', { time: formatTime(bonus.issuedAt, i18n.language) })}
          {bonus.settledAt && bonus.status !== 'wagering'
            ? ` · ${t(`rewards.wallet.settledAt.${bonus.status}`, { time: formatTime(bonus.settledAt, i18n.language) })}`
            : null}
        </span>
      </p>
      {bonus.status === 'wagering' ? (
        <p className="reward-bonus__rule">{t(`rewards.terms.withdrawRule.${bonus.withdrawRule}`)}</p>
      ) : null}
    </li>
  );
}

/**
 * bonusDetails' bonus wallet: the bonus balance, what a withdrawal does now, and each bonus with its
 * wagering progress and outcome. The ledger's bonus movements follow it on the same tab.
 */
export function BonusWalletPanel({ currency }: { currency: Currency }) {
  const { t } = useTranslation('rewards');
  const wallet = useBonusWallet();
  const money = moneyFormat(currency);
  return (
    <section className="reward-wallet" aria-labelledby="bonus-wallet-title">
      <h3 id="bonus-wallet-title" className="reward-wallet__title">
        <Icon name="gift" />
        {t('rewards.wallet.title')}
      </h3>
      {wallet.isPending ? (
        <SkeletonLines count={3} />
      ) : wallet.isError ? (
        <ErrorState message={t(errorMessageKey(wallet.error))} onRetry={() => void wallet.refetch()} />
      ) : (
        <div className="reward-wallet__body" aria-busy={wallet.isFetching}>
          <dl className="reward-wallet__balance">
            <dt>{t('rewards.wallet.balance')}</dt>
            <dd>{money(wallet.data.balance)}</dd>
          </dl>
          <SpendingNote wallet={wallet.data} />
          {wallet.data.bonuses.length === 0 ? (
            <EmptyState
              icon="gift"
              title={t('rewards.wallet.empty.title')}
              text={t('rewards.wallet.empty.text')}
            />
          ) : (
            <>
              <WithdrawalNote wallet={wallet.data} money={money} />
              <ul className="reward-bonuses" aria-label={t('rewards.wallet.listLabel')}>
                {wallet.data.bonuses.map((bonus) => (
                  <BonusItem key={bonus.id} bonus={bonus} money={money} />
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
