import type { ActivityStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** The look of each status: something to do, waiting, done, or not (ended or refused). */
const toneOf: Record<ActivityStatus, 'action' | 'waiting' | 'done' | 'off'> = {
  join: 'action',
  claim: 'action',
  applying: 'waiting',
  process: 'waiting',
  coming_soon: 'waiting',
  issued: 'done',
  claimed: 'done',
  signed: 'done',
  close: 'off',
  rejected: 'off',
};

/** An activity's status as a chip, in the player's language (the colour only repeats the words). */
export function ActivityStatusChip({ status }: { status: ActivityStatus }) {
  const { t } = useTranslation('rewards');
  const text = t(`rewards.status.${status}`);
  return (
    <span className={`reward-chip reward-chip--${toneOf[status]}`}>
      <span className="visually-hidden">{t('rewards.statusLabel', { status: text })}</span>
      <span aria-hidden="true">{text}</span>
    </span>
  );
}

/** A bonus's status as a chip (wagering, released, forfeited). */
export function BonusStatusChip({ status }: { status: 'wagering' | 'released' | 'forfeited' }) {
  const { t } = useTranslation('rewards');
  const tone = status === 'wagering' ? 'waiting' : status === 'released' ? 'done' : 'off';
  return <span className={`reward-chip reward-chip--${tone}`}>{t(`rewards.wallet.status.${status}`)}</span>;
}
