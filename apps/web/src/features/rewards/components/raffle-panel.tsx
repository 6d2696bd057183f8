import type { PlayerRaffle, RaffleWinner } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useRaffles } from '../api/draw-queries';
import { formatTime, type MoneyFormat } from '../model/format';
import { rankText } from '../model/mission-terms';

/** How tickets are earned, in words. */
function ticketRule(raffle: PlayerRaffle, money: MoneyFormat, t: TFunction<'rewards'>) {
  const parts: string[] = [];
  if (raffle.tickets.validBetPerTicket) {
    parts.push(t('rewards.raffles.perBet', { amount: money(raffle.tickets.validBetPerTicket) }));
  }
  if (raffle.tickets.ticketsPerDeposit > 0) {
    parts.push(t('rewards.raffles.perDeposit', { count: raffle.tickets.ticketsPerDeposit }));
  }
  parts.push(t('rewards.raffles.cap', { count: raffle.tickets.maxTicketsPerPlayer }));
  return parts.join(' · ');
}

function WinnersTable({ raffle, money }: { raffle: PlayerRaffle; money: MoneyFormat }) {
  const { t } = useTranslation('rewards');
  const columns: DataColumn<RaffleWinner>[] = [
    { id: 'rank', header: t('rewards.boards.table.rank'), cell: (winner) => rankText(winner.rank, t) },
    {
      id: 'player',
      header: t('rewards.boards.table.player'),
      cell: (winner) => (winner.mine ? `${winner.player} ${t('rewards.boards.table.you')}` : winner.player),
    },
    {
      id: 'tickets',
      header: t('rewards.raffles.ticketsColumn'),
      numeric: true,
      cell: (winner) => winner.tickets,
    },
    {
      id: 'prize',
      header: t('rewards.boards.table.prize'),
      numeric: true,
      cell: (winner) => money(winner.prize),
    },
  ];
  return (
    <DataTable<RaffleWinner>
      caption={t('rewards.raffles.winnersOf', { title: raffle.title })}
      columns={columns}
      rows={raffle.winners}
      rowKey={(winner) => String(winner.rank)}
      rowClassName={(winner) => (winner.mine ? 'reward-board__me' : undefined)}
      states={{ empty: { icon: 'crown', title: t('rewards.raffles.noWinners'), text: '' } }}
    />
  );
}

function RaffleCard({ raffle, money }: { raffle: PlayerRaffle; money: MoneyFormat }) {
  const { t, i18n } = useTranslation('rewards');
  const when = (iso: string) => formatTime(iso, i18n.language);
  return (
    <li className="reward-card raffle" aria-label={raffle.title}>
      <h3 className="reward-card__title">{raffle.title}</h3>
      <p>
        <span
          className={`reward-chip reward-chip--${raffle.state === 'open' ? 'action' : raffle.state === 'drawn' ? 'done' : 'waiting'}`}
        >
          {t(`rewards.raffles.state.${raffle.state}`)}
        </span>
      </p>
      <dl className="raffle__facts">
        <dt>{t('rewards.raffles.window')}</dt>
        <dd>{`${when(raffle.startsAt)} – ${when(raffle.endsAt)}`}</dd>
        <dt>{t('rewards.raffles.drawAt')}</dt>
        <dd>{when(raffle.drawAt)}</dd>
        <dt>{t('rewards.raffles.howTickets')}</dt>
        <dd>{ticketRule(raffle, money, t)}</dd>
        <dt>{t('rewards.raffles.myTickets')}</dt>
        <dd>
          {raffle.totalTickets === null
            ? raffle.myTickets
            : t('rewards.raffles.ofTotal', { mine: raffle.myTickets, total: raffle.totalTickets })}
        </dd>
        <dt>{t('rewards.raffles.prizes')}</dt>
        <dd>{raffle.prizes.map((prize, index) => `${rankText(index + 1, t)} ${money(prize)}`).join(', ')}</dd>
        <dt>{t('rewards.raffles.commitment')}</dt>
        <dd>
          <code className="raffle__hash">{raffle.seedHash}</code>
        </dd>
      </dl>
      {raffle.state === 'drawn' ? (
        <>
          <WinnersTable raffle={raffle} money={money} />
          <p className="raffle__proof">
            {t('rewards.raffles.seed')} <code className="raffle__hash">{raffle.seed}</code>
          </p>
          <p className="reward-page__lead">{t('rewards.raffles.verifyHint')}</p>
        </>
      ) : null}
    </li>
  );
}

/** The raffle page: every raffle with the caller's tickets, prizes, draw time, commitment and winners. */
export function RafflePanel({ money }: { money: MoneyFormat }) {
  const { t } = useTranslation('rewards');
  const raffles = useRaffles();
  if (raffles.isPending) return <SkeletonLines count={5} />;
  if (raffles.isError) {
    return <ErrorState message={t(errorMessageKey(raffles.error))} onRetry={() => void raffles.refetch()} />;
  }
  if (raffles.data.raffles.length === 0) {
    return (
      <EmptyState
        icon="gift"
        title={t('rewards.raffles.empty.title')}
        text={t('rewards.raffles.empty.text')}
      />
    );
  }
  return (
    <ul className="reward-grid raffle-grid" aria-label={t('rewards.raffles.listLabel')}>
      {raffles.data.raffles.map((raffle) => (
        <RaffleCard key={raffle.id} raffle={raffle} money={money} />
      ))}
    </ul>
  );
}
