import type { Leaderboard, LeaderboardEntry, PlayerActivity } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { ErrorState } from '../../../components/ui/error-state';
import { Icon } from '../../../components/ui/icon';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useMissionLeaderboard } from '../api/reward-queries';
import { formatTime, periodLabel, type MoneyFormat } from '../model/format';
import { prizeList, rankText } from '../model/mission-terms';

// Tied players may share a rank: the masked name and figure tell their rows apart.
const entryKey = (entry: LeaderboardEntry) => `${entry.rank}:${entry.player}:${entry.figure}`;

interface StandingsProps {
  board: Leaderboard;
  money: MoneyFormat;
}

/** The caller's place: "You are 12th with ฿340.00", or not ranked yet. */
function MyPlace({ board, money }: StandingsProps) {
  const { t } = useTranslation('rewards');
  const { rank, figure } = board.me;
  const text =
    rank !== null
      ? t('rewards.boards.me.ranked', { rank: rankText(rank, t), figure: money(figure) })
      : Number(figure) > 0
        ? t('rewards.boards.me.unrankedWithFigure', { figure: money(figure) })
        : t('rewards.boards.me.unranked');
  return (
    <p className="reward-note reward-note--info">
      <Icon name="crown" size={18} />
      <span>{text}</span>
    </p>
  );
}

/** The standings as a table: rank, masked player, valid bet, prize; the caller's row says so. */
function StandingsTable({ board, money, title }: StandingsProps & { title: string }) {
  const { t } = useTranslation('rewards');
  const isMe = (entry: LeaderboardEntry) => entry.mine;
  const columns: DataColumn<LeaderboardEntry>[] = [
    { id: 'rank', header: t('rewards.boards.table.rank'), cell: (entry) => rankText(entry.rank, t) },
    {
      id: 'player',
      header: t('rewards.boards.table.player'),
      cell: (entry) => (isMe(entry) ? `${entry.player} ${t('rewards.boards.table.you')}` : entry.player),
    },
    {
      id: 'figure',
      header: t('rewards.boards.table.figure'),
      numeric: true,
      cell: (entry) => money(entry.figure),
    },
    {
      id: 'prize',
      header: t('rewards.boards.table.prize'),
      numeric: true,
      cell: (entry) =>
        entry.prize !== null ? (
          money(entry.prize)
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{t('rewards.boards.table.noPrize')}</span>
          </>
        ),
    },
  ];
  return (
    <DataTable<LeaderboardEntry>
      caption={t('rewards.boards.table.caption', { title })}
      columns={columns}
      rows={board.entries}
      rowKey={entryKey}
      rowClassName={(entry) => (isMe(entry) ? 'reward-board__me' : undefined)}
      states={{
        empty: {
          icon: 'crown',
          title: t('rewards.boards.table.empty.title'),
          text: t('rewards.boards.table.empty.text'),
        },
      }}
    />
  );
}

/** The last closed period's winners, once paid: rank, player, valid bet and prize. */
function Winners({ board, money }: StandingsProps) {
  const { t, i18n } = useTranslation('rewards');
  const headingId = useId();
  if (!board.winners) return <p className="reward-page__lead">{t('rewards.boards.winners.none')}</p>;
  const period = periodLabel(board.winners.periodKey, i18n.language, (week, year) =>
    t('rewards.boards.winners.week', { week, year }),
  );
  return (
    <section className="reward-winners" aria-labelledby={headingId}>
      <h5 id={headingId} className="reward-winners__title">
        {t('rewards.boards.winners.title', { period })}
      </h5>
      <ol className="reward-winners__list">
        {board.winners.entries.map((entry) => (
          <li key={entryKey(entry)} className="reward-winners__entry">
            {/* Spaces between the parts, so they read as words and not one run of text. */}
            <span className="reward-winners__rank">{rankText(entry.rank, t)}</span>{' '}
            <span className="reward-winners__player">{entry.player}</span>{' '}
            <span className="reward-winners__figure">
              {t('rewards.boards.winners.figure', { figure: money(entry.figure) })}
            </span>
            {entry.prize !== null ? (
              <>
                {' '}
                <span className="reward-winners__prize">
                  {t('rewards.boards.winners.won', { prize: money(entry.prize) })}
                </span>
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

interface LeaderboardPanelProps {
  activity: PlayerActivity;
  money: MoneyFormat;
}

/**
 * One leaderboard (missionLeaderboard): its running period and when it ends, the prizes, the caller's
 * place, the standings (top 50) and the last period's winners.
 */
export function LeaderboardPanel({ activity, money }: LeaderboardPanelProps) {
  const { t, i18n } = useTranslation('rewards');
  const board = useMissionLeaderboard(activity.id);
  const titleId = useId();
  const period = activity.rules.kind === 'leaderboard' ? activity.rules.period : 'day';
  return (
    <article className="reward-board" aria-labelledby={titleId}>
      <h4 id={titleId} className="reward-card__title">
        {activity.title}
      </h4>
      {board.isPending ? (
        <SkeletonLines count={4} />
      ) : board.isError ? (
        <ErrorState message={t(errorMessageKey(board.error))} onRetry={() => void board.refetch()} />
      ) : (
        <div className="reward-board__body" aria-busy={board.isFetching}>
          <p className="reward-card__dates">
            <Icon name="clock" size={16} />
            <span>
              {t(`rewards.boards.period.${period}`, {
                start: formatTime(board.data.period.start, i18n.language),
                end: formatTime(board.data.period.end, i18n.language),
              })}
            </span>
          </p>
          <p className="reward-board__prizes">
            {t('rewards.boards.prizes', { prizes: prizeList(board.data.prizes, t, money) })}
          </p>
          <MyPlace board={board.data} money={money} />
          <StandingsTable board={board.data} money={money} title={activity.title} />
          <Winners board={board.data} money={money} />
        </div>
      )}
    </article>
  );
}
