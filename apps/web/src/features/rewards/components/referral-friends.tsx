import type { ReferralFriend, ReferralFriendStatus } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatTime, type MoneyFormat } from '../model/format';

/** The look of a friend's status: something to claim, waiting, done, or refused and not counted. */
const toneOf: Record<ReferralFriendStatus, 'action' | 'waiting' | 'done' | 'off'> = {
  registered: 'waiting',
  qualified: 'action',
  rewarded: 'done',
  not_counted: 'off',
  refused_same_device: 'off',
  refused_same_ip: 'off',
  refused_same_payment_account: 'off',
};

/** A friend's status as a chip, in the player's language; refusals say why in full. */
function FriendStatus({ status }: { status: ReferralFriendStatus }) {
  const { t } = useTranslation('rewards');
  return (
    <span className={`reward-chip reward-chip--${toneOf[status]}`}>
      {t(`rewards.referral.status.${status}`)}
    </span>
  );
}

/** The invited friends, newest first: masked name, when they registered, status and the reward. */
export function ReferralFriends({
  friends,
  friendCount,
  money,
}: {
  friends: readonly ReferralFriend[];
  friendCount: number;
  money: MoneyFormat;
}) {
  const { t, i18n } = useTranslation('rewards');
  const titleId = useId();
  return (
    <section className="reward-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="reward-section__title">
        {t('rewards.referral.friendsTitle', { count: friendCount })}
      </h3>
      {friends.length === 0 ? (
        <EmptyState
          icon="gift"
          title={t('rewards.referral.empty.title')}
          text={t('rewards.referral.empty.text')}
        />
      ) : (
        <>
          <ul className="referral-friends" aria-labelledby={titleId}>
            {friends.map((friend, index) => (
              <li key={`${friend.name}-${friend.registeredAt}-${index}`} className="referral-friend">
                <span className="referral-friend__name">{friend.name}</span>
                <span className="referral-friend__date">
                  {t('rewards.referral.registeredAt', {
                    time: formatTime(friend.registeredAt, i18n.language),
                  })}
                </span>
                <FriendStatus status={friend.status} />
                <span className="referral-friend__reward">
                  {friend.reward
                    ? t(
                        friend.status === 'rewarded'
                          ? 'rewards.referral.rewardPaid'
                          : 'rewards.referral.rewardReady',
                        { amount: money(friend.reward) },
                      )
                    : null}
                </span>
              </li>
            ))}
          </ul>
          {friendCount > friends.length ? (
            <p className="reward-page__lead">
              {t('rewards.referral.more', { shown: friends.length, count: friendCount })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
