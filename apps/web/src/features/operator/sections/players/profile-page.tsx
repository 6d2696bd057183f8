import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlayerProfile } from '@portal/contracts';
import { ErrorState } from '../../../../components/ui/error-state';
import { SkeletonLines } from '../../../../components/ui/skeleton';
import { htmlLangOf } from '../../../../i18n';
import type { OperatorAccount } from '../../api/operator-session';
import { opsPlayerCalls } from '../../api/operator-calls';
import { useOperatorApi } from '../../api/operator-api-context';
import { operatorQueryKey, useOperatorErrorText } from '../../api/queue-queries';
import { StatusBadge } from '../../components/status-badge';
import { formatTime } from '../../model/format';
import { AdjustButton, LockButton, MoveButton, ResetPasswordButton } from './player-actions';
import { playerRoleMay, typeKey } from './player-roles';
import { ProfileTabs } from './profile-tabs';

/** A term and its value in a card's description list. */
function Item({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="ops-players__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Balances({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation('ops-players');
  const { balances } = profile;
  return (
    <section className="operator-card ops-players__card" aria-labelledby="player-balances">
      <h2 id="player-balances" className="operator-card__title">
        {t('profile.balances')}
      </h2>
      <dl>
        <Item term={t('profile.main', { currency: balances.currencyCode })}>
          <span className="ops-players__money" data-testid="player-main-balance">
            {balances.main}
          </span>
        </Item>
        <Item term={t('profile.bonus')}>{balances.bonus}</Item>
        <Item term={t('profile.points')}>{balances.points}</Item>
        {balances.vendors.map((wallet) => (
          <Item key={wallet.vendorCode} term={t('profile.vendorWallet', { vendor: wallet.vendorCode })}>
            {wallet.balance}
          </Item>
        ))}
      </dl>
    </section>
  );
}

function Team({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation('ops-players');
  const { team } = profile;
  return (
    <section className="operator-card ops-players__card" aria-labelledby="player-team">
      <h2 id="player-team" className="operator-card__title">
        {t('profile.team')}
      </h2>
      {team.upline.length > 0 ? (
        <ol className="ops-players__chain" aria-label={t('profile.upline')}>
          {team.upline.map((agent) => (
            <li key={agent.id}>
              <Link to={`/operator/players/${agent.id}`}>{agent.account}</Link> ({t(typeKey(agent.type))})
            </li>
          ))}
        </ol>
      ) : (
        <p>{t('profile.noUpline')}</p>
      )}
      <dl>
        <Item term={t('profile.directs')}>{team.directCount}</Item>
        <Item term={t('profile.teamSize')}>{team.teamCount}</Item>
      </dl>
    </section>
  );
}

function Standing({ profile }: { profile: PlayerProfile }) {
  const { t } = useTranslation('ops-players');
  return (
    <section className="operator-card ops-players__card" aria-labelledby="player-standing">
      <h2 id="player-standing" className="operator-card__title">
        {t('profile.standing')}
      </h2>
      <dl>
        <Item term={t('profile.vip')}>
          {profile.vip.name ? `${profile.vip.level} · ${profile.vip.name}` : profile.vip.level}
        </Item>
        <Item term={t('profile.referralCode')}>{profile.referral.code ?? '—'}</Item>
        <Item term={t('profile.referredBy')}>{profile.referral.referredBy ?? '—'}</Item>
        <Item term={t('profile.friends')}>{profile.referral.friends}</Item>
        <Item term={t('profile.affiliateCode')}>{profile.affiliateCode ?? '—'}</Item>
      </dl>
      {profile.contracts.length > 0 ? (
        <>
          <h3>{t('profile.contracts')}</h3>
          <ul className="ops-players__contracts">
            {profile.contracts.map((contract) => (
              <li key={contract.id}>
                {t(`contract.${contract.side}`, { account: contract.counterpartAccount })} · {contract.kind} ·{' '}
                {contract.state}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('profile.noContracts')}</p>
      )}
    </section>
  );
}

/**
 * An account's profile: who it is, its balances, team placement, standing (VIP, referral, contracts),
 * the actions the operator's role may take, and its history in tabs.
 */
export function ProfilePage({ memberId, account }: { memberId: string; account: OperatorAccount }) {
  const { t, i18n } = useTranslation('ops-players');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const locale = htmlLangOf(i18n.language);
  const read = useQuery({
    queryKey: [...operatorQueryKey, 'player', memberId],
    queryFn: ({ signal }) => api(opsPlayerCalls.opsPlayer, { params: { id: memberId }, signal }),
    refetchOnWindowFocus: true,
  });
  const profile = read.data;
  return (
    <section aria-labelledby="player-title" aria-busy={read.isFetching}>
      <p>
        <Link to="/operator/players">{t('profile.back')}</Link>
      </p>
      {read.isError ? (
        <ErrorState message={errorText(read.error)} onRetry={() => void read.refetch()} />
      ) : !profile ? (
        <SkeletonLines count={6} />
      ) : (
        <>
          <div className="ops-players__head">
            <h1 id="player-title">
              {profile.account} <StatusBadge status={profile.status === 'active' ? 'active' : 'locked'} />
            </h1>
            <div className="ops-players__actions" role="group" aria-label={t('profile.actions')}>
              {playerRoleMay(account.role, 'adjust') ? <AdjustButton profile={profile} /> : null}
              {playerRoleMay(account.role, 'lock') ? (
                <>
                  <LockButton profile={profile} />
                  {profile.type !== 4 ? <ResetPasswordButton profile={profile} /> : null}
                </>
              ) : null}
              {playerRoleMay(account.role, 'place') && ![1, 4].includes(profile.type) ? (
                <MoveButton profile={profile} />
              ) : null}
            </div>
          </div>
          <dl className="ops-players__facts">
            <Item term={t('columns.type')}>{t(typeKey(profile.type))}</Item>
            <Item term={t('columns.nickname')}>{profile.nickname ?? '—'}</Item>
            <Item term={t('columns.mobile')}>{profile.mobile ?? '—'}</Item>
            <Item term={t('columns.email')}>{profile.email ?? '—'}</Item>
            <Item term={t('columns.createdAt')}>{formatTime(profile.createdAt, locale)}</Item>
            <Item term={t('columns.lastLogin')}>{formatTime(profile.lastLoginAt, locale)}</Item>
          </dl>
          {profile.passwordChangeRequired ? (
            <p className="ops-players__note">{t('profile.mustChange')}</p>
          ) : null}
          {profile.pendingAdjustments > 0 ? (
            <p className="ops-players__note">
              {t('profile.pending', { count: profile.pendingAdjustments })}{' '}
              <Link to="/operator/adjustments">{t('adjust.queue')}</Link>
            </p>
          ) : null}
          <div className="ops-players__cards">
            <Balances profile={profile} />
            <Team profile={profile} />
            <Standing profile={profile} />
          </div>
          <ProfileTabs memberId={memberId} />
        </>
      )}
    </section>
  );
}
